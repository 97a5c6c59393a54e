import Explorer
import Scenes
import TerminalKit
import Testing
import Geometry
import Raster
import LayerModel
import LayoutFiles
import Engine
import Foundation
import TestSupport

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
public enum Fixture {
    public static let screen = Size(width: 400, height: 210)

    public static func scene() -> Scene {
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
    public static func state(filePath: String? = nil) -> ExplorerState {
        ExplorerState(session: Session(scene: scene(), filePath: filePath))
    }
}

extension ExplorerState {
    /// The layer named `name` (precondition: it exists).
    public func layer(_ name: String) -> Layer {
        guard let id = session.tree.id(named: name) else { preconditionFailure("no layer \(name)") }
        return session.tree[id]
    }

    /// Feeds keys one after another, returning the last effect.
    @discardableResult
    public mutating func press(_ keys: String...) -> ExplorerEffect {
        var effect = ExplorerEffect.none
        for k in keys {
            guard let key = Key(name: k) else { Issue.record("no key is named \(k)"); continue }
            effect = Reducer.reduce(&self, .key(key))
        }
        return effect
    }

    /// Feeds typed keys one after another, returning the last effect.
    @discardableResult
    public mutating func press(_ keys: Key...) -> ExplorerEffect {
        var effect = ExplorerEffect.none
        for k in keys { effect = Reducer.reduce(&self, .key(k)) }
        return effect
    }

    /// Types text on the `:` line, one key per character (a space is the `Space` key).
    public mutating func type(_ text: String) {
        for ch in text { _ = Reducer.reduce(&self, .key(.character(ch))) }
    }
}

/// `<package>/Layouts`, found from this file's path: the shipped scenes the explorer's tests open.
public enum ShippedLayouts {
    public static let directory: String = PackageRoot.url.appendingPathComponent("Layouts").path
}

/// A fresh directory under the system temp directory, removed when the test ends.
public final class TempDirectory {
    public let path: String
    public init() throws {
        path = NSTemporaryDirectory() + "layerscope-explorer-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` and pushes the file's mtime to a distinct second, so a rewrite is
    /// noticed even on file systems with coarse timestamps.
    public func write(_ text: String, to name: String, secondsAhead: Double) throws {
        try text.write(toFile: file(name), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: secondsAhead)],
            ofItemAtPath: file(name))
    }
}

/// Keys as the terminal delivers them.
public func keys(_ names: String...) -> [InputEvent] {
    names.map { name -> InputEvent in
        switch name {
        case "Enter": return .key(.enter)
        case "Esc": return .key(.escape)
        case "Tab": return .key(.tab)
        case "Right": return .key(.right)
        case let n where n.hasPrefix("C-") && n.count == 3: return .key(.control(n.last!))
        default:
            precondition(name.count == 1, "keys(): unknown key name \(name)")
            return .key(.character(name.first!))
        }
    }
}
