import Synchronization

/// One remembered value, worked out when first asked and kept until its owner drops the memo
/// or says it no longer holds (issue 31: one small, visible cache type, where there were a
/// `Mutex` per memo written out by hand). What it is kept for, and what makes it stale, is the
/// owner's to say: a tree's flattened hit index (`LayerTree`), the session's depth layouts of
/// one tree (`DepthLayouts`), the explorer's plaque texts for one scene's names.
///
/// A reference, so copies of the value that owns it share what was worked out; equal to any
/// other memo (it is not state: two owners equal in every other part are equal).
public final class Memo<Value: Sendable>: Equatable, Sendable {
    private let slot = Mutex<Value?>(nil)
    /// Set once a value is stored: read without taking the lock.
    private let filled = Atomic<Bool>(false)

    public init() {}

    public static func == (_: Memo, _: Memo) -> Bool { true }

    /// True once a value has been stored (nothing is worked out).
    public var isFilled: Bool { filled.load(ordering: .acquiring) }

    /// The stored value, if any (nothing is worked out).
    public var stored: Value? { slot.withLock { $0 } }

    /// The stored value when `isValid` says it still holds, else `build`'s, stored in its place.
    /// `build` is given the stale value (a layout of the same tree under another order shares
    /// its quads) and runs outside the lock.
    public func value(isValid: (Value) -> Bool, build: (Value?) -> Value) -> Value {
        let old = slot.withLock { $0 }
        if let old, isValid(old) { return old }
        let built = build(old)
        slot.withLock { $0 = built }
        filled.store(true, ordering: .releasing)
        return built
    }

    /// The stored value, else `build`'s (a value that never goes stale while the memo lives).
    public func value(build: () -> Value) -> Value {
        value(isValid: { _ in true }, build: { _ in build() })
    }
}
