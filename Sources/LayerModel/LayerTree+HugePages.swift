#if canImport(Glibc)
import Glibc
#endif

extension LayerTree {
    /// Big trees (a layout file of 100 000 layers) only: at least this many layers reserved
    /// before their storage is put in huge pages.
    static let hugePageLayerCount = 10_000

    /// Asks the kernel to back the reserved storage of a big tree with 2 MB pages where it
    /// can (Linux, transparent huge pages in `madvise` mode). Filling 100 000 layers touches
    /// ~50 MB for the first time: with 4 KB pages that is ~12 000 page faults, a tenth of the
    /// time to open the file. Only advice: where it is refused nothing changes.
    static func adviseHugePages<T>(_ array: [T]) {
        #if os(Linux)
        let bytes = array.capacity * MemoryLayout<T>.stride
        guard bytes >= 4 << 20 else { return }
        array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let huge = 2 << 20
            let start = (UInt(bitPattern: base) + UInt(huge - 1)) & ~UInt(huge - 1)
            let end = (UInt(bitPattern: base) + UInt(bytes)) & ~UInt(huge - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
        }
        #endif
    }
}
