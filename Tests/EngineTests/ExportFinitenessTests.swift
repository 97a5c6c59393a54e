import Foundation
import Scenes
import Testing
import CommandLanguage
import LayerModel
@testable import LayoutFiles
@testable import Export
@testable import Engine

/// Issue 36: forty nested views each `scale 1e9` (each valid) reach 1e360 and gave an SVG with
/// `inf` in it. Every number an export writes is finite: the SVG's coordinates are clamped to
/// ±1e15, a Swift literal to the largest finite CGFloat.
@Suite("Every number an export writes is finite")
struct ExportFinitenessTests: SessionScripting {
    /// n0 … n39, each a 10 × 10 view centred in its parent and scaled by 1e9.
    func deepScene() throws -> Scene {
        var lines = ["add n0 view; select n0; set bounds 0 0 10 10; set center 5 5; scale 1e9"]
        for i in 1..<40 { lines.append("add n\(i) view in n\(i - 1); select n\(i); set bounds 0 0 10 10; set center 5 5; scale 1e9") }
        return try session(lines.joined(separator: "\n")).scene
    }

    /// Every number token in `text` (digits, with sign, point and exponent).
    func numbers(_ text: String) -> [String] {
        var out: [String] = [], current = ""
        for c in text {
            if c.isNumber || c == "." || c == "-" || c == "+" || (c == "e" && !current.isEmpty) {
                current.append(c)
            } else {
                if current.contains(where: \.isNumber) { out.append(current) }
                current = ""
            }
        }
        return out
    }

    @Test func theFortyNestedScalesGiveAFiniteSVG() throws {
        var s = Session(scene: try deepScene())
        for exploded in [false, true] {
            if exploded { _ = try s.perform(.depth(.explode(true))) }
            let svg = s.svgText()
            #expect(!svg.contains("inf") && !svg.contains("nan"))
            let tokens = numbers(svg)
            #expect(tokens.count > 40)
            for t in tokens { #expect(Double(t)?.isFinite ?? true, "\(t)") }
        }
    }

    @Test func theSwiftExportIsFiniteToo() throws {
        var s = Session(scene: try deepScene())
        for i in [0, 20, 39] {
            _ = try s.perform(.select("n\(i)"))
            guard case let .output(code) = try s.perform(.exportSwift) else { Issue.record("no code"); continue }
            #expect(!code.contains("inf") && !code.contains("nan"), "\(code)")
        }
        // One layer's own transform may reach past what its parts can be computed in: clamped.
        #expect(ExportNumber.swift(.infinity) == ExportNumber.swift(.greatestFiniteMagnitude))
        #expect(ExportNumber.svg(-.infinity) == "-1000000000000000.0" || Double(ExportNumber.svg(-.infinity)) == -1e15)
        #expect(ExportNumber.svg(.nan) == "0")
    }
}
