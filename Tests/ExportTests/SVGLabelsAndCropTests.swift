import Foundation
import Geometry
import LayerModel
@testable import LayoutFiles
@testable import LayoutFileIO
@testable import Export
import Testing
import TestSupport

/// Issue 32, "SVG = canvas, again": each name beside its own layer, never beside another
/// layer's position dot; `--crop content` crops to the layers' union.
@Suite struct SVGLabelsAndCropTests {
    static let root: URL = PackageRoot.url

    static func names(_ svg: String) throws -> [(text: String, x0: Double, y0: Double, x1: Double, y1: Double)] {
        let regex = try NSRegularExpression(pattern: #"<text class="name"[^>]* x="([-0-9.e]+)" y="([-0-9.e]+)"[^>]*font-size="([0-9.e]+)"[^>]*>([^<]*)</text>"#)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { m in
            func g(_ i: Int) -> String { String(svg[Range(m.range(at: i), in: svg)!]) }
            let x = Double(g(1))!, y = Double(g(2))!, size = Double(g(3))!
            return (g(4), x, y - size, x + Double(g(4).count) * size * 5 / 8, y + size / 4)
        }
    }

    /// depth.json: viewGreen's position dot is at (20 + 40 + 70, 40 + 40 + 60) = (130, 140)
    /// (views at (20, 40), viewGreen's frame 40 40 140 120); viewRed's at (20 + 100 + 70,
    /// 40 + 80 + 60) = (190, 180). viewRed's name was written at x 140 on the line through
    /// y 130…140: 10 units right of viewGreen's dot, reading as its. No name now comes within
    /// 4 units of another layer's dot, and every layer is named.
    @Test func noNameSitsBesideAnotherLayersDot() throws {
        let scene = try LayoutFile.load(contentsOf: Self.root.appendingPathComponent("Layouts/depth.json").path)
        let svg = SVGExport.svg(scene)
        let names = try Self.names(svg)
        #expect(Set(names.map(\.text)) == ["views", "viewGreen", "viewRed", "layers", "layerGreen", "layerRed"])
        let dots: [String: Point] = [
            "viewGreen": Point(x: 130, y: 140), "viewRed": Point(x: 190, y: 180),
            "layerGreen": Point(x: 450, y: 140), "layerRed": Point(x: 510, y: 180)
        ]
        for (layer, dot) in dots { #expect(svg.contains("data-name=\"\(layer)\" cx=\"\(Int(dot.x))\" cy=\"\(Int(dot.y))\"")) }
        for n in names {
            for (layer, dot) in dots where layer != n.text {
                let dx = max(n.x0 - dot.x, 0, dot.x - n.x1), dy = max(n.y0 - dot.y, 0, dot.y - n.y1)
                #expect((dx * dx + dy * dy).squareRoot() >= 4, "\(n.text) beside \(layer)'s dot")
            }
        }
    }

    /// The rotated cover (dump 07): a 100-point square turned π/8 about (50, 50) reaches
    /// 50·(cos 22.5° + sin 22.5°) = 65.328 from its centre: −15.328…115.328 both ways, past
    /// the 100 × 100 root. `--crop content` is that union with 10 units round it:
    /// −25.328, −25.328, 150.656 × 150.656; the default is the root's screen.
    @Test func cropContentIsTheLayersUnion() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Tests/LayoutFilesTests/Dumps/07-sentry-rotated-cover.txt"), encoding: .utf8)
        let scene = try RecursiveDescriptionImporter.importDump(text, file: "07.txt").scene
        #expect(SVGExport.svg(scene).contains("viewBox=\"0 0 100 100\""))
        #expect(SVGExport.svg(scene, crop: .content).contains("viewBox=\"-25.328 -25.328 150.656 150.656\""))
    }

    /// The exploded SVG names each layer by the label layout, `data-layer` naming its own
    /// quad, and outlines the selection (not recoloured: its polygon keeps its own fill).
    @Test func theExplodedSVGNamesEachPlaneAndOutlinesTheSelection() throws {
        let scene = try LayoutFile.load(contentsOf: Self.root.appendingPathComponent("Layouts/depth.json").path)
        var settings = DepthSettings()
        settings.exploded = true
        let green = try #require(scene.tree.id(named: "viewGreen"))
        let svg = SVGExport.explodedSVG(scene, settings: settings, hitOrder: .zPosition, selection: green)
        #expect(svg.contains("<polygon class=\"selection\" data-layer=\"viewGreen\""))
        #expect(svg.contains("data-layer=\"viewGreen\" data-plane=\"1\"") && svg.contains("fill=\"#008000\" fill-opacity=\"0.35\""))
        for layer in ["views", "viewGreen", "viewRed", "layers", "layerGreen", "layerRed"] {
            #expect(svg.contains("<text class=\"name\" data-layer=\"\(layer)\""), "\(layer)")
        }
    }
}
