import Explorer
import Scenes
import TerminalKit
import Testing
import Geometry
import Raster
import LayerModel
import LayoutFiles
import Engine

/// The scene most explorer tests start from, on a 400 × 210-point screen.
///
///     screen (0,0)──────────────────────────────────────────(400,0)
///       back: bounds 0 0 50 50 at (60, 60), frame (35, 35, 50, 50)
///       card: bounds 0 0 100 60 at (200, 150), anchor (0.5, 0.5),
///             frame (150, 120, 100, 60)
///         badge (in card): bounds 0 0 20 20 at (10, 10)
///     (0,210)────────────────────────────────────────────────(400,210)
///
/// Tree order: card, badge, back. On the default 80 × 24 terminal the panel is collapsed
/// and the canvas is 80 × 21 cells at rows 1…21; the screen fits it exactly:
/// max(400 / 80, 210 / (21 · 2)) = 5 points per column, 10 points per row, origin (0, 0).
enum Fixture {
    static let screen = Size(width: 400, height: 210)

    static func scene() -> Scene {
        var tree = LayerTree()
        var card = Layer(name: "card")
        card.bounds = Rect(0, 0, 100, 60)
        card.position = Point(200, 150)
        var badge = Layer(name: "badge")
        badge.bounds = Rect(0, 0, 20, 20)
        badge.position = Point(10, 10)
        var back = Layer(name: "back")
        back.bounds = Rect(0, 0, 50, 50)
        back.position = Point(60, 60)
        do {
            let c = try tree.add(card)
            _ = try tree.add(badge, in: c)
            _ = try tree.add(back)
        } catch {
            preconditionFailure("Fixture.scene: \(error)")
        }
        return Scene(title: "fixture", screen: screen, tree: tree)
    }

    /// A fresh explorer on the fixture, `card` selected, 80 × 24 cells.
    static func state(filePath: String? = nil) -> ExplorerState {
        ExplorerState(session: Session(scene: scene(), filePath: filePath))
    }
}

extension ExplorerState {
    /// The layer named `name` (precondition: it exists).
    func layer(_ name: String) -> Layer {
        guard let id = session.tree.id(named: name) else { preconditionFailure("no layer \(name)") }
        return session.tree[id]
    }

    /// Feeds keys one after another, returning the last effect.
    @discardableResult
    mutating func press(_ keys: String...) -> ExplorerEffect {
        var effect = ExplorerEffect.none
        for k in keys {
            guard let key = Key(name: k) else { Issue.record("no key is named \(k)"); continue }
            effect = Reducer.reduce(&self, .key(key))
        }
        return effect
    }

    /// Feeds typed keys one after another, returning the last effect.
    @discardableResult
    mutating func press(_ keys: Key...) -> ExplorerEffect {
        var effect = ExplorerEffect.none
        for k in keys { effect = Reducer.reduce(&self, .key(k)) }
        return effect
    }

    /// Types text on the `:` line, one key per character (a space is the `Space` key).
    mutating func type(_ text: String) {
        for ch in text { _ = Reducer.reduce(&self, .key(.character(ch))) }
    }
}
