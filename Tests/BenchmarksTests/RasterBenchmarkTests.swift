import Geometry
import Raster
import Benchmarks
import Testing

@Suite struct RasterBenchmarkTests {
    @Test func scenesHaveExactlyTheRequestedLayerCountAndAreDeterministic() {
        for n in [1, 2, 100, 1_000] {
            let tree = RasterBenchmark.scene(layerCount: n)
            #expect(tree.count == n)
        }
        #expect(RasterBenchmark.scene(layerCount: 300) == RasterBenchmark.scene(layerCount: 300))
        #expect(RasterBenchmark.scene(layerCount: 300, seed: 1) != RasterBenchmark.scene(layerCount: 300, seed: 2))
    }

    @Test func scenesMixTheFeaturesTheRasterizerMustHandle() {
        let tree = RasterBenchmark.scene(layerCount: 1_000)
        let layers = tree.treeOrder.map { tree[$0] }
        #expect(layers.contains { !$0.sublayerTransform.isIdentity })
        #expect(layers.contains { !$0.transform.isAffine })
        #expect(layers.contains { $0.masksToBounds })
        #expect(layers.contains { $0.isHidden })
        #expect(layers.contains { $0.zPosition != 0 })
        #expect(layers.contains { $0.opacity < 1 })
        #expect(tree.treeOrder.map { tree.depth(of: $0) }.max()! >= 4)
    }

    @Test func measureReportsSaneFigures() {
        let f = RasterBenchmark.measure(layerCount: 50, columns: 40, rows: 12, runs: 3)
        #expect(f.layerCount == 50)
        #expect(f.rasterMilliseconds > 0 && f.rasterBestMilliseconds <= f.rasterMilliseconds)
        #expect(f.floorMilliseconds > 0)
        #expect(f.hitTestMicroseconds > 0)
        #expect(f.convertMicroseconds > 0)
        let report = RasterBenchmark.Report(figures: [f]).description
        #expect(report.hasPrefix("raster benchmark: 40x12 braille, median of 3 runs"))
        #expect(report.contains("layers"))
    }
}
