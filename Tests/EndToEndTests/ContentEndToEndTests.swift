import Foundation
import Testing
import TestSupport

/// Content in the real explorer under tmux (content.md): `}` steps through the drawing of
/// Layouts/content-rotation.json, the panel's CTM changes and the axes marker (○, the
/// user-space origin) moves on the canvas.
@Suite(
    "Content end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct ContentEndToEndTests {
    static let packageRoot = PackageRoot.url

    func rows(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    func lastLine(_ screen: String) -> String { rows(screen).last { !$0.isEmpty } ?? "" }

    /// Where the axes marker's origin (○) is on the screen: (column, row), in characters.
    func origin(_ screen: String) -> (Int, Int)? {
        for (r, row) in rows(screen).enumerated() {
            if let i = row.firstIndex(of: "○") { return (row.distance(from: row.startIndex, to: i), r) }
        }
        return nil
    }

    @Test func steppingTheDrawingMovesTheAxesAndChangesTheCTM() throws {
        let session = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath, "Layouts/content-rotation.json"],
            columns: 120, rows: 40)
        defer { session.close() }
        try session.waitFor(" LayerScope")
        try session.sendKeys(":")
        try session.waitUntil("the command line") { lastLine($0) == ":" }
        try session.type("select view")
        try session.sendKeys("Enter")
        try session.waitUntil("the selection") { !lastLine($0).hasPrefix(":") }

        // } → operation 1 (save): the CTM is still the base one. The view is 160 × 160 at the
        // screen's default 2×: [2, 0, 0, −2, 0, 2·160] = [2, 0, 0, -2, 0, 320].
        try session.sendKeys("}")
        var screen = try session.waitUntil("operation 1") { lastLine($0).contains("key: } → operation 1") }
        #expect(screen.contains("▶ 1 save"))
        #expect(screen.contains("[2, 0, 0, -2, 0, 320]"))
        let before = try #require(origin(screen))

        // } → operation 2 (translate 80 80): tx = 2·80 = 160, ty = −2·80 + 320 = 160; the user
        // origin moves from the view's top-left (80, 80 on screen) to its centre (160, 160):
        // right and down on the canvas.
        try session.sendKeys("}")
        screen = try session.waitUntil("operation 2") { lastLine($0).contains("key: } → operation 2") }
        #expect(screen.contains("[2, 0, 0, -2, 160, 160]"))
        #expect(screen.contains("▶ 2   translate 80 80"))
        let after = try #require(origin(screen))
        #expect(after.0 > before.0 && after.1 > before.1, "axes origin \(before) → \(after)")

        // } → operation 3 (rotate 45): a = 2·cos 45° = 1.414, b = −2·sin 45°: [1.414, -1.414, -1.414, -1.414, 160, 160];
        // the origin stays at the centre, the user → layer parts say 45°.
        try session.sendKeys("}")
        screen = try session.waitUntil("operation 3") { lastLine($0).contains("key: } → operation 3") }
        #expect(screen.contains("[1.414, -1.414, -1.414, -1.414, 160, 160]"))
        #expect(screen.contains("rotate 45° · scale 1 × 1"))
        #expect(origin(screen).map { $0 == after } == true)

        // { goes back one: operation 2 again.
        try session.sendKeys("{")
        screen = try session.waitUntil("back to operation 2") { lastLine($0).contains("key: { → operation 2") }
        #expect(screen.contains("[2, 0, 0, -2, 160, 160]"))

        // n plays step 1 (reset), n again step 2: the view rotates 45°: on screen 45 + 45 = 90.
        try session.sendKeys("n")
        try session.waitUntil("step 1") { lastLine($0).contains("step 1") }
        try session.sendKeys("n")
        try session.waitUntil("step 2") { lastLine($0).contains("step 2") }
        try session.sendKeys("}")
        screen = try session.waitUntil("operation 3 on the rotated view") { $0.contains("view 45° = 90°") }
        #expect(screen.contains("content 45° + view 45° = 90°"))
        // The CTM is unchanged by the view's transform.
        #expect(screen.contains("[1.414, -1.414, -1.414, -1.414, 160, 160]"))

        // The bar now runs down the screen through the view's centre (160, 160); at
        // (160, 190) the cursor is on the bar and inside the view's bounds. The hit-test page
        // says the view is hit and that the drawing under the cursor does not take touches.
        for text in ["cursor-at 160 190", "panel hit-test"] {
            try session.sendKeys(":")
            try session.waitUntil("the command line") { lastLine($0) == ":" }
            try session.type(text)
            try session.sendKeys("Enter")
            try session.waitUntil("the command line to close") { !lastLine($0).hasPrefix(":") }
        }
        screen = try session.waitFor("content is never hit-tested")
        // The stroke-rect (op 5) outlines the same rect and is drawn after the fill: front-most.
        #expect(screen.contains("on view's drawing (op 5 stroke-rect):"))
        #expect(screen.contains("→ view"))
    }
}
