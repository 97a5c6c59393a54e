@testable import Explorer
import Foundation
import Geometry
import Scenes
import Testing
import LayerModel
import LayoutFiles
import Engine
import SceneFiles

/// One hit-search sequence (`LayerTree.searchSequence`, HitSearch.swift): every touch the
/// walk answers is the first layer of the sequence that takes the point, and every caller of
/// a touch — the crosshair's report, the `hit-test` query, a click — answers the same.
@Suite struct HitSearchTests {
    /// Whether `id` takes screen point `p` in a search that reaches it: every layer from its
    /// top-level layer down lets the point in under the rules of its subtree (UIView: a view,
    /// not hidden, interaction on, alpha ≥ 0.01, the point in its bounds; CALayer: not
    /// hidden, the hop not singular, inside its bounds when it masks), and its own bounds
    /// hold the point.
    static func takes(_ tree: LayerTree, _ id: LayerID, _ p: Point, rules: HitTestRules) -> Bool {
        let path = tree.ancestors(of: id, includingSelf: true).reversed()
        for a in path {
            let layer = tree[a]
            guard let local = tree.convert(p, from: nil, to: a), !layer.isHidden else { return false }
            switch rules {
            case .view:
                guard layer.kind == .view, layer.isUserInteractionEnabled, layer.opacity >= 0.01, layer.bounds.contains(local) else { return false }
            case .layer:
                if layer.masksToBounds, !layer.bounds.contains(local) { return false }
            }
        }
        return tree.convert(p, from: nil, to: id).map { tree[id].bounds.contains($0) } ?? false
    }

    /// The first layer of the sequence that takes `p`.
    static func firstTaking(_ tree: LayerTree, _ p: Point, order: SiblingOrder) -> LayerID? {
        let rules = Dictionary(uniqueKeysWithValues: tree.screenSearchOrder(order).map { ($0.root, $0.rules) })
        return tree.searchSequence(order: order).first { id in
            let root = tree.ancestors(of: id, includingSelf: true).last!
            return takes(tree, id, p, rules: rules[root]!)
        }
    }

    /// A layer at `frame` (anchor in the middle, no transform).
    static func layer(_ name: String, _ kind: LayerKind, _ frame: Rect, z: Double = 0) -> Layer {
        var l = Layer(name: name, kind: kind)
        l.bounds = Rect(0, 0, frame.width, frame.height)
        l.position = Point(x: frame.midX, y: frame.midY)
        l.zPosition = z
        return l
    }

    /// The scene where the old sequences disagreed with the touch: a top-level layer holding
    /// a view whose subviews overlap with different zPositions (CALayer rules reach the view
    /// as a layer, so zPosition decides), beside a top-level view whose subviews do the same
    /// (UIView rules: array order decides), with a plain layer under that view (never reached).
    static func mixed() throws -> LayerTree {
        var tree = LayerTree()
        let stage = try tree.add(layer("stage", .layer, Rect(0, 0, 200, 200)))
        let card = try tree.add(layer("card", .view, Rect(20, 20, 160, 160)), in: stage)
        _ = try tree.add(layer("raised", .view, Rect(10, 10, 100, 100), z: 5), in: card)
        _ = try tree.add(layer("flat", .view, Rect(50, 50, 100, 100)), in: card)
        let window = try tree.add(layer("window", .view, Rect(220, 0, 200, 200)))
        _ = try tree.add(layer("back", .view, Rect(10, 10, 100, 100), z: 5), in: window)
        _ = try tree.add(layer("front", .view, Rect(50, 50, 100, 100)), in: window)
        _ = try tree.add(layer("shine", .layer, Rect(0, 0, 200, 200)), in: window)
        return tree
    }

    @Test func theSequenceIsTheOrderTheTouchTakes() throws {
        let tree = try Self.mixed()
        func names(_ order: SiblingOrder) -> [String] { tree.searchSequence(order: order).map { tree[$0].name } }
        // zPosition order: window (z 0, later) before stage; under stage's card (CALayer
        // rules) raised (z 5) before flat; under window (UIView rules) array order reversed.
        #expect(names(.zPosition) == ["shine", "front", "back", "window", "raised", "flat", "card", "stage"])
        #expect(names(.tree) == ["shine", "front", "back", "window", "flat", "raised", "card", "stage"])
        // Where raised and flat overlap (stage space 90…130), the touch takes raised; where
        // back and front overlap, front.
        #expect(tree.hitTestScreen(Point(x: 100, y: 100), order: .zPosition).map { tree[$0].name } == "raised")
        #expect(tree.hitTestScreen(Point(x: 100, y: 100), order: .tree).map { tree[$0].name } == "flat")
        #expect(tree.hitTestScreen(Point(x: 320, y: 100), order: .zPosition).map { tree[$0].name } == "front")
    }

    /// Every point of a grid over each shipped scene and the mixed scene, in both orders: the
    /// walk's answer is the first layer of the sequence that takes the point.
    @Test func everyTouchIsTheFirstLayerOfTheSequenceThatTakesIt() throws {
        var trees = [("mixed", try Self.mixed(), Rect(0, 0, 420, 200))]
        for file in LayoutGoldenTests.layoutFiles {
            let scene = try SceneLoader.load(LayoutGoldenTests.layoutsDirectory + "/" + file)
            trees.append((file, scene.tree, scene.screenRect))
        }
        var touches = 0, hits = 0
        for (file, tree, box) in trees {
            for order in SiblingOrder.allCases {
                // 41 × 41 points, off the round numbers edges sit on.
                for i in 0...40 {
                    for j in 0...40 {
                        let p = Point(
                            x: box.minX - 10 + (box.width + 20) * (Double(i) + 0.0137) / 40,
                            y: box.minY - 10 + (box.height + 20) * (Double(j) + 0.0291) / 40)
                        let hit = tree.hitTestScreen(p, order: order)
                        #expect(hit == Self.firstTaking(tree, p, order: order), "\(file) \(order) \(p)")
                        touches += 1
                        if hit != nil { hits += 1 }
                    }
                }
            }
        }
        #expect(touches == trees.count * 2 * 41 * 41)
        #expect(hits > touches / 4)
    }

    /// Every canvas cell of every shipped scene: the crosshair's report, the `hit-test` query
    /// and a click there name the same layer.
    @Test func theCursorTheQueryAndAClickAgreeOnEveryCell() throws {
        var cells = 0
        for file in LayoutGoldenTests.layoutFiles {
            var state = ExplorerState(session: Session(scene: try SceneLoader.load(LayoutGoldenTests.layoutsDirectory + "/" + file)))
            state.columns = 60
            state.rows = 20
            let area = state.layout.canvas
            for row in area.row..<(area.row + area.rows) {
                for column in area.column..<(area.column + area.columns) {
                    let p = try #require(state.point(atTerminalColumn: column, row: row))
                    let cursor = CursorReport(state: state, point: p).hit.map { state.session.tree[$0].name }
                    let answer = try state.session.answer(.hitTest(nil, p))
                    #expect(answer.hasPrefix("{\"hit\":" + (cursor.map { "\"\($0)\"" } ?? "null")), "\(file) \(p): \(answer)")
                    var clicked = state
                    clicked.session.selection = nil
                    _ = Reducer.click(&clicked, column: column, row: row)
                    #expect(clicked.selectedName == cursor, "\(file) \(p)")
                    cells += 1
                }
            }
        }
        #expect(cells > 10 * 40 * 10)
    }
}
