@testable import Explorer
import Cells
import Foundation
import Raster
import TestSupport
import Testing
import Engine

/// Every shipped scene at 80 × 24, in each theme and at each colour depth, as the bytes a
/// terminal receives draw it: the frame writer's output is interpreted by `ScreenModel`
/// and the golden pins each cell's glyph *and* colours (`text:`, `styles:`, `legend:`).
/// Reviewing one is reading which letter each colour got; a change of palette, of colour
/// reduction or of the SGR the writer sends shows up as a diff here.
@Suite struct ColourGoldenTests {
    static let depths: [ColorDepth] = [.none, .ansi16, .ansi256, .truecolor]

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var theme: Theme
        var depth: ColorDepth
        var testDescription: String { "\(file) \(theme.rawValue) \(depth.rawValue)" }
        var goldenName: String { "\(file).\(theme.rawValue).\(depth.rawValue)" }
    }

    static let cases: [Case] = LayoutGoldenTests.layoutFiles.flatMap { file in
        Theme.allCases.flatMap { theme in depths.map { Case(file: file, theme: theme, depth: $0) } }
    }

    /// The screen a terminal of this depth shows for the explorer opening `file`.
    static func screen(_ file: String, _ theme: Theme, _ depth: ColorDepth) throws -> (ScreenModel, Canvas) {
        let state = try LayoutGoldenTests.state(file, columns: 80, rows: 24)
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true, theme: theme)).canvas
        var update = ScreenUpdate(options: .init(colors: depth))
        var model = ScreenModel(columns: 80, rows: 24)
        model.feed(update.update(to: canvas))
        return (model, canvas)
    }

    @Test(arguments: cases)
    func shippedScene(_ c: Case) throws {
        let (model, canvas) = try Self.screen(c.file, c.theme, c.depth)
        #expect(model.problems.isEmpty, "\(model.problems.prefix(3))")
        // The bytes draw exactly the canvas's text (wide glyphs fill two columns), but for a
        // full block in its own background's colour, which the writer sends as a space.
        for row in 0..<24 {
            let drawn = model.glyphs[row].joined()
            let expected = String(
                canvas.text(row: row).enumerated().map { i, ch in
                    ch == "█" && model.glyphs[row][i] == " " && !model.styles[row][i].background.isEmpty ? " " : ch
                })
            #expect(drawn == expected, "row \(row)")
        }
        // Only the colour syntax the depth allows reaches the terminal.
        let colours = model.styles.joined().flatMap { [$0.foreground, $0.background] }.filter { !$0.isEmpty }
        switch c.depth {
        case .none: #expect(colours.isEmpty)
        case .ansi16:
            let ranges = [30...37, 90...97, 40...47, 100...107]
            #expect(colours.allSatisfy { code in code.count == 1 && ranges.contains { $0.contains(code[0]) } })
        case .ansi256: #expect(colours.allSatisfy { $0.count == 3 && $0[1] == 5 })
        case .truecolor: #expect(colours.allSatisfy { $0.count == 5 && $0[1] == 2 })
        }
        expectGolden(text: model.describedWithStyles, named: c.goldenName, suite: "ColourGoldenTests")
    }

    /// The selection outline's colour, worked out by hand for each theme and depth: dark
    /// (255, 80, 255) is cube index 16 + 36·5 + 6·1 + 5 = 207 and bright magenta (SGR 95);
    /// light (190, 0, 190) is 16 + 36·3 + 3 = 127 and magenta (SGR 35).
    @Test(arguments: [
        (Theme.dark, ColorDepth.ansi256, [38, 5, 207]), (.light, .ansi256, [38, 5, 127]),
        (.dark, .ansi16, [95]), (.light, .ansi16, [35]),
        (.dark, .truecolor, [38, 2, 255, 80, 255]), (.light, .truecolor, [38, 2, 190, 0, 190])
    ])
    func selectionOutlineColour(theme: Theme, depth: ColorDepth, foreground: [Int]) throws {
        let (model, _) = try Self.screen("tour.json", theme, depth)
        let selected = model.styles.joined().filter { $0.foreground == foreground }
        #expect(!selected.isEmpty)
        #expect(selected.contains { $0.attributes.contains(1) })  // the outline is bold
    }

    /// No golden is left behind for a case that is no longer tested.
    @Test func everyGoldenBelongsToACase() throws {
        let directory = (Golden.path(testFile: #filePath, suite: "ColourGoldenTests", name: "x") as NSString).deletingLastPathComponent
        let goldens = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
        #expect(goldens == Self.cases.map { $0.goldenName + ".txt" }.sorted())
    }
}
