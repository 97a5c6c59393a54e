import Explorer
import Foundation
import Geometry
import Raster
import SeededRandom
import Testing
import CommandLanguage
import Engine
import SceneFiles
import TestSupport

/// Issue 15, the render property: every shipped scene, with every panel, at random sizes,
/// zooms, pans and cursor positions, renders a canvas of exactly the asked size without
/// trapping (the `panel hit-test; pan 0 -20` crash was one such case).
@Suite("Every scene renders at any size, zoom and pan")
struct RenderPropertyTests {
    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    @Test func thousandsOfRandomViewsRenderAtTheirSize() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.layouts.path).sorted().filter { $0.contains(".") }  // not Lessons/
        #expect(files.count >= 13)
        var random = SplitMix64(seed: 15)  // the same cases every run
        var cases = 0
        for file in files {
            let scene = try SceneLoader.load(Self.layouts.appendingPathComponent(file).path)
            for page in PanelName.allCases {
                for _ in 0..<40 {
                    var state = ExplorerState(session: Session(scene: scene))
                    // 1…220 columns, 1…70 rows: from far too small to wide.
                    state.columns = 1 + random.below(220)
                    state.rows = 1 + random.below(70)
                    var commands = ["panel \(page.rawValue)"]
                    // Zoom factors 2^-20 … 2^20, pans up to ±10⁶ cells, a cursor anywhere.
                    commands.append("zoom \(pow(2, Double(random.below(41) - 20)))")
                    commands.append("pan \((random.unit() - 0.5) * 2e6) \((random.unit() - 0.5) * 2e6)")
                    if random.below(2) == 0 { commands.append("pan \(random.below(61) - 30) \(random.below(61) - 30)") }
                    if random.below(2) == 0 { commands.append("cursor-at \((random.unit() - 0.5) * 2000) \((random.unit() - 0.5) * 2000)") }
                    if let name = scene.tree.names.sorted().first, random.below(2) == 0 { commands.append("select \"\(name)\"") }
                    for line in commands {
                        guard let parsed = try? CommandParser.parseLine(line) else { continue }
                        for c in parsed { _ = Reducer.reduce(&state, .command(c)) }
                    }
                    let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: random.below(2) == 0 ? .braille : .ascii, unicode: true))
                    #expect(screen.canvas.columns == state.columns && screen.canvas.rows == state.rows, "\(file) \(commands)")
                    cases += 1
                }
            }
        }
        #expect(cases == files.count * PanelName.allCases.count * 40)
    }
}
