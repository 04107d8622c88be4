#if canImport(Glibc)
    import Glibc
#endif

/// Makes a continuation's hand-over visible to ThreadSanitizer.
///
/// Swift's concurrency runtime tells ThreadSanitizer that resuming a continuation happens before
/// the task waiting on it runs again (a release on the task when it is resumed, an acquire when the
/// task's job runs). When the continuation is resumed *before* its task reaches the `await` (a
/// session delegate or a libcurl event loop answering from another thread while the closure that
/// registered it is still returning), the task carries on without running a job, so there is no
/// acquire: whatever the resuming thread built for the task (a boxed `NetworkingError`, a
/// `ResponseHead`, the transfer's fields) is then reported as a data race when the task reads it,
/// although the runtime's atomics order it.
///
/// `afterContinuation()`, called right after such an `await`, adds the missing acquire on the
/// current task: the one place the library makes these hand-overs visible, rather than a lock taken
/// for ThreadSanitizer's sake at each. Without ThreadSanitizer (`__tsan_acquire` absent, the normal
/// case) it is a check of one constant.
package enum ThreadSanitizerHandOff {
    private typealias Acquire = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// `__tsan_acquire`, when the process runs under ThreadSanitizer (Linux).
    private static let acquire: Acquire? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_acquire") else { return nil }
            return unsafeBitCast(symbol, to: Acquire.self)
        #else
            return nil
        #endif
    }()

    /// Orders what follows after the resumption of the continuation just awaited, for
    /// ThreadSanitizer (see the type's documentation).
    @inline(__always)
    package static func afterContinuation() {
        guard let acquire else { return }
        withUnsafeCurrentTask { task in
            guard let task else { return }
            // The runtime releases on the task's address; `UnsafeCurrentTask` is that reference.
            acquire(unsafeBitCast(task, to: UnsafeMutableRawPointer.self))
        }
    }
}
