import Synchronization

/// One remembered value, worked out when first asked and kept until its owner drops the memo
/// or says it no longer holds (issue 31: one small, visible cache type, where there were a
/// `Mutex` per memo written out by hand). What it is kept for, and what makes it stale, is the
/// owner's to say: a tree's flattened hit index (`LayerTree`), the session's depth layouts of
/// one tree (`DepthLayouts`), the explorer's plaque texts for one scene's names, and a frame's
/// buffers and colour picks lent to the next frame (`RasterScratch`, with `take` and `keep`).
///
/// A reference, so copies of the value that owns it share what was worked out; equal to any
/// other memo (it is not state: two owners equal in every other part are equal).
///
/// The members are inlinable (issue 36): called from another module, the generic class's
/// methods ran unspecialised and asked the runtime for `Mutex<Value?>`'s and `Value?`'s
/// metadata on every call (a cache lookup each, twelve a rotate key through the raster's
/// scratch); specialised in the caller, they do not.
public final class Memo<Value: Sendable>: Equatable, Sendable {
    @usableFromInline let slot = Mutex<Value?>(nil)
    /// Set once a value is stored: read without taking the lock.
    @usableFromInline let filled = Atomic<Bool>(false)

    public init() {}

    public static func == (_: Memo, _: Memo) -> Bool { true }

    /// True once a value has been stored (nothing is worked out).
    @inlinable
    public var isFilled: Bool { filled.load(ordering: .acquiring) }

    /// The stored value, if any (nothing is worked out).
    @inlinable
    public var stored: Value? { slot.withLock { $0 } }

    /// The stored value when `isValid` says it still holds, else `build`'s, stored in its place.
    /// `build` is given the stale value (a layout of the same tree under another order shares
    /// its quads) and runs outside the lock.
    @inlinable
    public func value(isValid: (Value) -> Bool, build: (Value?) -> Value) -> Value {
        let old = slot.withLock { $0 }
        if let old, isValid(old) { return old }
        let built = build(old)
        slot.withLock { $0 = built }
        filled.store(true, ordering: .releasing)
        return built
    }

    /// The stored value, else `build`'s (a value that never goes stale while the memo lives).
    @inlinable
    public func value(build: () -> Value) -> Value {
        value(isValid: { _ in true }, build: { _ in build() })
    }

    /// The stored value lent out: the memo is empty until `keep` hands one back, so two
    /// frames drawn at once from one owner never share buffers (the second gets nil and
    /// starts afresh). For scratch a caller reuses from frame to frame (`RasterScratch`).
    @inlinable
    public func take() -> Value? { slot.withLock { $0.take() } }

    /// Stores `value` for the next `take` (or `value(…)`), replacing any.
    @inlinable
    public func keep(_ value: Value) {
        slot.withLock { $0 = value }
        filled.store(true, ordering: .releasing)
    }
}
