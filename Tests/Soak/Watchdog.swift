import Synchronization

/// Runs an operation in a task of its own and waits for it at most a given time, so that a request
/// the library never ends shows up as hung instead of stopping the soak.
enum Watchdog {
    /// Whether the operation or the timer came first; the first to claim it resumes the caller.
    private final class Race: Sendable {
        private let claimed = Atomic<Bool>(false)

        func claim() -> Bool { !claimed.exchange(true, ordering: .acquiringAndReleasing) }
    }

    /// `operation`'s result, or `nil` when it has not returned after `limit`: it is then cancelled
    /// and its result, should it come, is dropped.
    static func run<Value: Sendable>(
        limit: Duration, _ operation: @escaping @Sendable () async -> Value
    ) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let race = Race()
            let work = Task { await operation() }
            let timer = Task {
                do { try await Task.sleep(for: limit) } catch { return }
                if race.claim() {
                    work.cancel()
                    continuation.resume(returning: nil)
                }
            }
            Task {
                let value = await work.value
                timer.cancel()
                if race.claim() { continuation.resume(returning: value) }
            }
        }
    }
}
