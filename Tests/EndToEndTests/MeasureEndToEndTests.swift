import Foundation
import Testing
import TestSupport

/// Measuring in the real explorer under tmux (docs/measure.md): pin with M, select B with Tab,
/// the red line and its figure on the canvas and the figures in the panel, unpin with M;
/// then `:measure` does the same. Everything polls the screen; no fixed waits.
@Suite(
    "Measure end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct MeasureEndToEndTests {
    /// left: x 30…130, right: x 150…250, both y 50…110: a 20-point gap.
    static let scene = """
        screen: { width: 300, height: 160 }
        layers:
          - { name: left, bounds: [0, 0, 100, 60], position: [80, 80] }
          - { name: right, bounds: [0, 0, 100, 60], position: [200, 80] }
        """

    private func bottom(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty }.map(String.init) ?? ""
    }

    /// The canvas: each row up to the panel's rule.
    private func canvas(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.split(separator: "│", maxSplits: 1).first ?? "") }
    }

    @Test func pinSelectDrawUnpin() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/pair.yaml"
        try Self.scene.write(toFile: path, atomically: true, encoding: .utf8)
        let session = try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: [path], columns: 120, rows: 40)
        defer { session.close() }
        try session.waitFor(" LayerScope")

        try session.type(":select left\r")
        try session.waitUntil("left selected") { bottom($0).contains("select left") }
        try session.type("M")
        var screen = try session.waitUntil("the pin's echo") { bottom($0).contains("M → measure-pin left") }
        #expect(screen.contains("Measure · A left (M unpins)"))
        #expect(screen.contains("select another layer: B"))

        try session.type("\t")
        screen = try session.waitUntil("the figures in the panel") { $0.contains("distance 20  centres 120") }
        #expect(screen.contains("B right · in screen · box"))
        #expect(screen.contains("horizontal 20  vertical overlap 60"))
        // On the canvas: the figure 20 near the gap, on a row with the red line's dots or one
        // next to it, and no such figure before the pin.
        let rows = canvas(screen)
        let figureRow = try #require(rows.firstIndex { $0.contains(" 20 ") || $0.hasSuffix(" 20") }, "the figure on the canvas:\n\(screen)")
        let lineRows = rows.indices.filter { r in rows[r].contains("⠤⠤") && abs(r - figureRow) <= 1 }
        #expect(!lineRows.isEmpty, "a line drawn by the figure:\n\(screen)")

        try session.type("M")
        screen = try session.waitUntil("the unpin's echo") { bottom($0).contains("M → measure-pin off") }
        #expect(!screen.contains("Measure ·"))
        #expect(!canvas(screen).contains { $0.contains(" 20 ") })

        // `:measure` answers and pins A, selects B, in the mode asked.
        try session.type(":measure right left quad\r")
        screen = try session.waitUntil("the answer") { bottom($0).contains("\"distance\":20") || $0.contains("\"distance\":20") }
        #expect(screen.contains("Measure · A right (M unpins)"))
        #expect(screen.contains("B left · in screen · quad"))
    }
}
