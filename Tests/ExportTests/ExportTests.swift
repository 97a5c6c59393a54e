import Testing
import Geometry
import LayerModel
import Scenes
@testable import Export
import TestSupport

/// The exports as values: every number finite and to 3 decimals, and the SVG's frame and
/// shapes worked out by hand for one box.
@Suite struct ExportTests {
    @Test func svgNumbersHaveThreeDecimalsAndStayFinite() {
        #expect(ExportNumber.svg(1.23456) == "1.235")
        #expect(ExportNumber.svg(-20) == "-20")
        #expect(Double(ExportNumber.svg(1e16)) == 1e15)
        #expect(Double(ExportNumber.svg(-.infinity)) == -1e15)
        #expect(ExportNumber.svg(.nan) == "0")
        #expect(ExportNumber.swift(.infinity) == ExportNumber.swift(.greatestFiniteMagnitude))
        #expect(ExportNumber.swift(0.1) == "0.1")
    }

    /// A 100×50 box at position (50, 25), anchor at the centre, no `screen`: the SVG's view box
    /// is the box grown by max(20, 10) = 20 — (−20, −20, 140, 90) — its polygon the four
    /// corners, and its position dot at (50, 25).
    @Test func oneBoxInTheSVG() throws {
        var tree = LayerTree()
        _ = try tree.add(makeLayer("box", bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(50, 25)))
        let svg = SVGExport.svg(Scene(tree: tree))
        #expect(svg.contains("viewBox=\"-20 -20 140 90\""))
        #expect(svg.contains("width=\"140\" height=\"90\""))
        #expect(svg.contains("points=\"0,0 100,0 100,50 0,50\""))
        #expect(svg.contains("<circle class=\"position\" data-name=\"box\" cx=\"50\" cy=\"25\""))
        #expect(svg.hasSuffix("</svg>\n"))
    }
}
