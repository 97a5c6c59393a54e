import Benchmarks
import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Issue 31: what a frame leaves for the next (buffers, the names' index, colour picks) is
/// the caller's `RasterScratch`, passed down — no process-wide cache in Raster or Cells.
@Suite struct RasterScratchTests {
    static let viewport = Viewport.fitting(RasterBenchmark.screen, columns: 90, rows: 30)

    static func options(_ mode: RenderMode) -> RasterOptions {
        var options = RasterOptions(mode: mode, unicode: true, selection: LayerID(raw: 1))
        options.labels = .all
        return options
    }

    @Test("A frame on a reused scratch is the frame a fresh one draws, in every mode")
    func reusedEqualsFresh() {
        let busy = RasterBenchmark.scene(layerCount: 300)
        let small = RasterBenchmark.scene(layerCount: 12)
        let scratch = RasterScratch()
        for mode in [RenderMode.braille, .blocks, .sextant, .ascii, .braille] {
            for tree in [busy, small, busy] {
                let reused = SceneRasterizer.render(
                    tree, viewport: Self.viewport, columns: 90, rows: 30,
                    options: Self.options(mode), scratch: scratch)
                let fresh = SceneRasterizer.render(
                    tree, viewport: Self.viewport, columns: 90, rows: 30,
                    options: Self.options(mode))
                #expect(reused == fresh, "\(mode), \(tree.count) layers")
            }
        }
    }

    @Test("The picks are the owner's: a second frame picks nothing new, another owner starts empty")
    func picksBelongToTheirOwner() {
        let tree = RasterBenchmark.scene(layerCount: 300)
        let first = RasterScratch()
        _ = SceneRasterizer.render(tree, viewport: Self.viewport, columns: 90, rows: 30, options: Self.options(.blocks), scratch: first)
        let picked = first.withPicks { $0.count }
        // The names' letters are picked against what is under them: some pairs were worked out.
        #expect(picked > 0)
        _ = SceneRasterizer.render(tree, viewport: Self.viewport, columns: 90, rows: 30, options: Self.options(.blocks), scratch: first)
        #expect(first.withPicks { $0.count } == picked)
        // Nothing went anywhere but the scratch that drew.
        #expect(RasterScratch().withPicks { $0.count } == 0)
    }

    @Test("Remembered picks are the pure ones")
    func picksArePure() {
        var picks = ContrastPicks()
        let colours = [
            Color(red: 0, green: 0, blue: 0), Color(red: 255, green: 255, blue: 255), Color(red: 200, green: 40, blue: 40),
            Color(red: 60, green: 140, blue: 60), Color(red: 240, green: 230, blue: 0), Color(red: 190, green: 0, blue: 190)
        ]
        for _ in 0..<2 {
            for fg in colours {
                for bg in colours {
                    #expect(picks.pick(fg, on: bg) == OverlayContrast.pick(fg, on: bg))
                    #expect(picks.readableText(fg, on: bg) == OverlayContrast.readableText(fg, on: bg))
                }
            }
        }
        // 36 pairs, overlay and text apart: 72, the second round adding none.
        #expect(picks.count == 72)
    }

    @Test("A memo lent out is empty until it is kept again")
    func memoTakeAndKeep() {
        let memo = Memo<[Int]>()
        #expect(memo.take() == nil)
        memo.keep([1, 2, 3])
        #expect(memo.isFilled)
        #expect(memo.take() == [1, 2, 3])
        // Lent out: a second frame drawn meanwhile starts afresh.
        #expect(memo.take() == nil)
        memo.keep([4])
        #expect(memo.value { [9] } == [4])
    }
}
