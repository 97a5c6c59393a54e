/// A tree's slots (its layers, their hit-testing copies) in chunks of 64, each chunk its own
/// copy-on-write array (issue 32). Copies of a tree share every chunk; writing one slot of a
/// shared tree copies the list of chunks (one reference per 64 slots) and that slot's chunk,
/// not all the slots: a step whose script moves one layer of 10 000 used to copy all
/// 10 000 layers for the snapshot the step keeps (~1 ms), now 64 of them.
///
/// Reads and writes are an array's, one index deeper (`i >> 6`, `i & 63`); an index past the
/// end traps as an array's does, by the arrays' own checks: a negative index is a negative
/// chunk, and an index past `count` is past the last chunk or past its filled part (every
/// chunk but the last is full), so no check of its own is needed on the hit-test path.
@usableFromInline
struct ChunkedSlots<Element>: RandomAccessCollection, MutableCollection {
    @usableFromInline static var shift: Int { 6 }
    @usableFromInline static var mask: Int { (1 << shift) - 1 }

    @usableFromInline var chunks: [[Element]] = []
    @usableFromInline private(set) var count = 0

    @usableFromInline init() {}

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    @inlinable subscript(i: Int) -> Element {
        _read {
            yield chunks[i &>> Self.shift][i & Self.mask]
        }
        _modify {
            yield &chunks[i &>> Self.shift][i & Self.mask]
        }
    }

    mutating func append(_ element: consuming Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(1 << Self.shift)
            chunk.append(element)
            chunks.append(chunk)
        } else {
            chunks[chunks.count - 1].append(element)
        }
        count += 1
    }

    mutating func reserveCapacity(_ n: Int) {
        chunks.reserveCapacity((n + Self.mask) &>> Self.shift)
    }

    /// True when both are copies of one value not written since: they share the list of chunks.
    func sharesChunks(with other: ChunkedSlots) -> Bool {
        count == other.count
            && chunks.withUnsafeBufferPointer { a in
                other.chunks.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }
}

extension ChunkedSlots: Equatable where Element: Equatable {}
extension ChunkedSlots: Sendable where Element: Sendable {}

extension ChunkedSlots {
    /// Whether slot `i` holds a value, read in place (no copy of the element).
    @inlinable func holdsValue<Wrapped>(at i: Int) -> Bool where Element == Wrapped? {
        chunks[i &>> Self.shift].withUnsafeBufferPointer { slots in
            switch slots[i & Self.mask] {
            case .some: return true
            case .none: return false
            }
        }
    }
}
