#if canImport(Glibc)
    import Glibc

    /// What the Swift runtime did for `body` on the calling thread: objects allocated (class
    /// instances; array, string, set and dictionary storage) and strong retains (a copy of
    /// a struct holding references retains each of them). Issue 36: a key's work counted,
    /// never timed.
    public struct RuntimeWork: Equatable, Sendable {
        public var allocations = 0
        public var retains = 0
    }

    /// Counts the runtime's work for `body` (nil where the runtime has no hooks).
    ///
    /// It uses the runtime's own hooks (`_swift_allocObject`, `_swift_retain`: the pointers
    /// Instruments swaps): installed once, forwarding every call to the runtime's function,
    /// and counting only on a thread that asked (a thread-specific counter), so tests running
    /// beside it on other threads neither count nor are disturbed.
    public func runtimeWork(in body: () throws -> Void) rethrows -> RuntimeWork? {
        guard let key = RuntimeHooks.key else {
            try body()
            return nil
        }
        var work = RuntimeWork()
        try withUnsafeMutablePointer(to: &work) { counter in
            pthread_setspecific(key, counter)
            defer { pthread_setspecific(key, nil) }
            try body()
        }
        return work
    }

    /// The objects `body` allocated on this thread (nil where it cannot be counted).
    public func swiftAllocations(in body: () throws -> Void) rethrows -> Int? {
        try runtimeWork(in: body)?.allocations
    }

    private typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?
    private typealias Retain = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?

    private enum RuntimeHooks {
        /// The runtime's functions, read once before the hooks go in; never changed after.
        nonisolated(unsafe) static var allocObject: AllocObject?
        nonisolated(unsafe) static var retain: Retain?
        nonisolated(unsafe) static var counterKey = pthread_key_t()

        @inline(__always) static func counter() -> UnsafeMutablePointer<RuntimeWork>? {
            pthread_getspecific(counterKey)?.assumingMemoryBound(to: RuntimeWork.self)
        }

        /// The thread-specific counter's key, once the hooks are in (nil: no hooks here).
        static let key: pthread_key_t? = {
            guard let allocSlot = dlsym(nil, "_swift_allocObject"), let retainSlot = dlsym(nil, "_swift_retain"),
                let swizzle = dlsym(nil, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly"),
                pthread_key_create(&counterKey, nil) == 0
            else { return nil }
            let a = allocSlot.assumingMemoryBound(to: AllocObject?.self)
            let r = retainSlot.assumingMemoryBound(to: Retain?.self)
            allocObject = a.pointee
            retain = r.pointee
            guard allocObject != nil, retain != nil else { return nil }
            a.pointee = { metadata, size, alignment in
                RuntimeHooks.counter()?.pointee.allocations += 1
                return RuntimeHooks.allocObject!(metadata, size, alignment)
            }
            r.pointee = { object in
                if object != nil { RuntimeHooks.counter()?.pointee.retains += 1 }
                return RuntimeHooks.retain!(object)
            }
            // From now on the runtime calls through the hooks (a flag it reads on every call).
            swizzle.assumingMemoryBound(to: UInt8.self).pointee = 1
            return counterKey
        }()
    }
#else
    public struct RuntimeWork: Equatable, Sendable {
        public var allocations = 0
        public var retains = 0
    }

    /// No runtime hooks on this platform: the counting tests skip their count.
    public func runtimeWork(in body: () throws -> Void) rethrows -> RuntimeWork? {
        try body()
        return nil
    }

    public func swiftAllocations(in body: () throws -> Void) rethrows -> Int? {
        try body()
        return nil
    }
#endif
