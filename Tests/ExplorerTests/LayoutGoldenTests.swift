@testable import Explorer
import Foundation
import Raster
import TestSupport
import Testing
import Engine
import SceneFiles

/// Every shipped scene, as the explorer first shows it on a 100 × 30 terminal.
@Suite struct LayoutGoldenTests {
    /// `<package>/Layouts`, found from this file's path.
    static let layoutsDirectory: String = PackageRoot.url.appendingPathComponent("Layouts").path

    static let goldensDirectory: String =
        (Golden.path(testFile: #filePath, suite: "LayoutGoldenTests", name: "x") as NSString).deletingLastPathComponent

    static let layoutFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layoutsDirectory)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }()

    /// The explorer's state right after opening `Layouts/<file>`; the file path is relative
    /// (as `layerscope Layouts/x.json` run from the package shows it) so goldens do not
    /// depend on where the checkout lives.
    static func state(_ file: String, columns: Int = 100, rows: Int = 30) throws -> ExplorerState {
        let scene = try SceneLoader.load(layoutsDirectory + "/" + file)
        var state = ExplorerState(session: Session(scene: scene, filePath: "Layouts/" + file))
        state.columns = columns
        state.rows = rows
        return state
    }

    @Test func theShippedScenesAreFound() {
        #expect(Self.layoutFiles.count >= 10)
        #expect(Self.layoutFiles.contains("tour.json"))
        #expect(Self.layoutFiles.contains("flipped.yaml"))
    }

    @Test(arguments: layoutFiles)
    func shippedScene(_ file: String) throws {
        let state = try Self.state(file)
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        expectGolden(screen.canvas, named: file, suite: "LayoutGoldenTests")
        // Whatever the picture, these rows are fixed: title with the file, status with the
        // selection (the first top-level layer), the hit-test order and, for a step-through
        // demo, its progress (0 of N: a demo opens before its first step), and the key hint.
        let canvas = screen.canvas
        #expect(canvas.columns == 100 && canvas.rows == 30)
        #expect(canvas.text(row: 0).hasPrefix(" LayerScope · Layouts/\(file) · "))
        #expect(canvas.text(row: 0).hasSuffix(" NORMAL "))
        let first = try #require(state.session.tree.roots.first)
        let progress = state.session.stepCount > 0 ? " 0/\(state.session.stepCount) " : ""
        #expect(canvas.text(row: 28).hasSuffix(" \(state.session.tree[first].name)  order zPosition " + progress))
        #expect(canvas.text(row: 29).hasSuffix("? help  : command  q quit"))
        #expect(canvas[51, 1].glyph == "│")  // the panel's separator: 100 − 48 − 1
        #expect(screen.cursor == nil)
    }

    @Test func tourInASCII() throws {
        let state = try Self.state("tour.json")
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .ascii, unicode: false)).canvas
        expectGolden(canvas, named: "tour.json.ascii", suite: "LayoutGoldenTests")
        // The canvas (columns 0…50, rows 1…27) is pure ASCII.
        for row in 1..<28 {
            let text = String(canvas.text(row: row).prefix(51))
            let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "row \(row): \(text)")
        }
        // The title, panel and status text are ASCII too ("·" and "→" have stand-ins).
        for row in 0..<canvas.rows {
            let text = canvas.text(row: row)
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "row \(row): \(text)")
        }
    }

    /// No golden is left behind for a scene that is no longer shipped.
    @Test func everyGoldenBelongsToAShippedScene() throws {
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Self.goldensDirectory).sorted()
        let expected = (Self.layoutFiles.map { $0 + ".txt" } + ["tour.json.ascii.txt"]).sorted()
        #expect(goldens == expected)
    }
}
