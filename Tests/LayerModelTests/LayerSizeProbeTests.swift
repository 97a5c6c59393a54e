import LayerModel
import Testing

@Suite struct LayerSizeProbeTests {
    @Test func printLayerSize() {
        print("PROBE MemoryLayout<Layer>.size =", MemoryLayout<Layer>.size, "stride", MemoryLayout<Layer>.stride)
    }
}
