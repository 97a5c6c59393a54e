import Testing
import Geometry
import LayerModel
import CommandLanguage
import TerminalKit
import ExplorerTestSupport
@testable import Explorer

/// Issue 36, part five: what a key does besides drawing the scene, counted (never timed).
/// Each cut is checked against the code it replaced, kept here as the reference.
@Suite("A key's own work, counted")
struct KeyWorkTests {
    /// Each key's bindings in `Keymap.bindings`' order, as the keymap indexed them before
    /// `KeyIndex` (the reference the lookup is held to).
    static let index: [Key: [Binding]] = {
        var out: [Key: [Binding]] = [:]
        for b in Keymap.bindings { for k in b.keys { out[k, default: []].append(b) } }
        return out
    }()

    /// The keymap's lookup as it was: the key's bindings filtered into a new array, then two
    /// searches of it.
    static func referenceBinding(for key: Key, in mode: ModeName, when conditions: Set<Binding.Condition>) -> Binding? {
        guard let candidates = Self.index[key]?.filter({ $0.modes.contains(mode) }) else { return nil }
        return candidates.first { $0.when.map(conditions.contains) ?? false } ?? candidates.first { $0.when == nil }
    }

    static let conditionSets: [Set<Binding.Condition>] = [
        [.flat], [.exploded], [.flat, .detached], [.exploded, .detached], [.flat, .overlay], [.exploded, .overlay],
        [.flat, .learning], [.flat, .overlay, .learning, .detached], []
    ]

    @Test func theLookupAnswersAsTheFilteredOneDid() {
        var keys = Array(Self.index.keys)
        keys += [.character("Z"), .character("é"), .alt("r"), .control("q"), .function(9)]
        var compared = 0
        for key in keys {
            for mode in ModeName.allCases {
                for conditions in Self.conditionSets {
                    #expect(
                        Keymap.binding(for: key, in: mode, when: conditions) == Self.referenceBinding(for: key, in: mode, when: conditions),
                        "\(key) in \(mode) when \(conditions)")
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000)
    }

    /// The conditions of the usual states are sets made once: two asks answer one set's
    /// storage (a set built per key would be two sets, both alive here). Outside them the
    /// set is built as before.
    @Test func theUsualConditionsAreMadeOnce() {
        let state = Fixture.state()
        let a = Keymap.conditions(state), b = Keymap.conditions(state)
        #expect(unsafeBitCast(a, to: UInt.self) == unsafeBitCast(b, to: UInt.self))
        #expect(a == [.flat])
        var exploded = state
        exploded.session.depth.exploded = true
        #expect(unsafeBitCast(Keymap.conditions(exploded), to: UInt.self) == unsafeBitCast(KeyConditions.exploded, to: UInt.self))
    }

    /// The usual states' conditions are the sets made once; the others are built as before.
    @Test func theConditionsAreTheStatesConditions() {
        var state = Fixture.state()
        #expect(Keymap.conditions(state) == [.flat])
        state.session.depth.exploded = true
        #expect(Keymap.conditions(state) == [.exploded])
        state.output = "text"
        #expect(Keymap.conditions(state) == [.exploded, .overlay])
        state.session.depth.exploded = false
        state.following = "detached"
        #expect(Keymap.conditions(state) == [.flat, .overlay, .detached])
    }

    /// The inspector's words are read from the declarations once per kind, not every frame,
    /// and are the words the declarations give.
    @Test func theInspectorsWordsAreReadOnce() throws {
        for kind in LayerKind.allCases {
            let w = InspectorWords.of(kind)
            func spelling(_ p: Property) -> String { p.declaration.spelling(for: kind).rawValue }
            func label(_ p: Property) -> String { p.declaration.panelName(for: kind) }
            #expect(w.frame == spelling(.frame) && w.position == spelling(.position) && w.bounds == spelling(.bounds))
            #expect(w.anchorPoint == label(.anchorPoint) && w.zPositionLabel == label(.zPosition))
            #expect(w.zPosition == spelling(.zPosition) && w.anchorPointZ == spelling(.anchorPointZ) && w.opacity == spelling(.opacity))
            #expect(w.hidden == label(.hidden) && w.masksToBounds == label(.masksToBounds) && w.geometryFlipped == label(.geometryFlipped))
            #expect(w.autoresizingMask == label(.autoresizingMask) && w.affineTransform == label(.affineTransform))
            #expect(w.sublayerTransform == spelling(.sublayerTransform) && w.effectiveTransform == label(.effectiveTransform))
        }
        #expect(InspectorWords.of(.view).position == "center" && InspectorWords.of(.layer).position == "position")
        let before = InspectorWords.built.load(ordering: .relaxed)
        var state = Fixture.state()
        state.columns = 200; state.rows = 60
        let id = try #require(state.session.tree.id(named: "card"))
        for _ in 0..<5 {
            _ = Inspector.lines(state.session.tree, layer: id)
            _ = ExplorerScreen.render(state, options: ScreenOptions())
        }
        #expect(InspectorWords.built.load(ordering: .relaxed) == before, "the words were read again while drawing")
        #expect(before <= 2)
    }
}
