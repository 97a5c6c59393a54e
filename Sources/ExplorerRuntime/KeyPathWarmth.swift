/// The machine code a key runs, read through once when a key arrives (issue 36).
///
/// After an idle moment a key's code has left the caches, and the processor fetches it as
/// it reaches it, a few lines ahead at most: most fetches wait for memory before the next
/// is known (about 3 400 code lines a rotate key). The release link lays the key path's functions out
/// together (`Sources/layerscope/key-path.order`), between two marker functions; reading one
/// byte of every 64 in that block, in a loop whose loads do not depend on each other, brings
/// the whole block in at the memory's bandwidth instead of its latency, and the key's own
/// fetches then hit the second-level cache. Nothing the key computes or writes changes; a
/// build without the layout (debug, another linker) gives a range of a few bytes or none.
public struct CodeRange: Sendable, Equatable {
    /// The first byte's address and the length in bytes.
    public let start: UInt
    public let count: Int

    /// A range of at most `limit` bytes, or nil (ends reversed, or too far apart to be one
    /// block of code).
    public init?(from start: UInt, to end: UInt, limit: Int = 8 << 20) {
        guard end > start, end - start <= UInt(limit) else { return nil }
        self.start = start
        self.count = Int(end - start)
    }

    /// The cache lines a sweep reads: one byte of every 64, the first and the last line
    /// included.
    public var lines: Int { count == 0 ? 0 : (Int(start & 63) + count + 63) / 64 }

    /// Reads one byte of every cache line in the range; the sum only keeps the loads.
    @inline(never)
    public func sweep() -> UInt8 {
        guard let base = UnsafeRawPointer(bitPattern: start & ~63) else { return 0 }
        var sum: UInt8 = 0
        var offset = 0
        let end = lines * 64
        while offset < end {
            sum &+= base.load(fromByteOffset: offset, as: UInt8.self)
            offset &+= 64
        }
        return sum
    }
}
