#if os(Linux)
    import Foundation

    /// A value guarded by a pthread mutex (through `NSLock`).
    ///
    /// Used by the event loop instead of `Synchronization.Mutex`, whose futex-based lock lives in
    /// the uninstrumented standard library and is invisible to ThreadSanitizer: every hand-over
    /// between the loop's driver and the sending tasks goes through this lock, so ThreadSanitizer
    /// sees the same ordering the program relies on.
    ///
    /// `@unchecked Sendable`: `state` is only read or written inside `withLock`, under the mutex.
    final class CurlLock<State>: @unchecked Sendable {
        private let lock = NSLock()
        private var state: State

        init(_ state: State) { self.state = state }

        func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&state)
        }
    }
#endif
