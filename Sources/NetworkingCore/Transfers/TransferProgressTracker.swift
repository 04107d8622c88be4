import Foundation
import Synchronization

/// Turns the raw figures transports report into the progress a caller sees: monotone, throttled,
/// ending with `completedBytes == totalBytes` on success, and finished exactly once.
///
/// - `completedBytes` never decreases: when a retry or a restarted download reports fewer bytes,
///   the value holds until the new transfer passes it.
/// - A total smaller than what has already arrived (a compressed body whose `Content-Length` is
///   the compressed size) is reported as unknown (`nil`).
/// - Values are forwarded at most once per `granularity` bytes, plus whenever the total changes.
///
/// Values are forwarded while holding the tracker's lock, so the target sees them in order even
/// when reports come from several threads; the target must not call back into the tracker.
package final class TransferProgressTracker: Sendable {
    private struct State {
        var completed: Int64 = 0
        var total: Int64?
        var lastSent: TransferProgress?
        var finished = false
    }

    private let target: ProgressReporter?
    private let granularity: Int64
    private let state = Mutex(State())

    /// Creates a tracker forwarding to `target` (nothing is forwarded when it is `nil`).
    package init(_ target: ProgressReporter?, granularity: Int64 = 64 * 1024) {
        self.target = target
        self.granularity = max(1, granularity)
    }

    /// The reporter to hand to transports: its values go through `update(_:)`.
    package var reporter: ProgressReporter {
        ProgressReporter(report: { [self] in update($0) })
    }

    /// The latest value (whether or not it was forwarded).
    package var current: TransferProgress {
        state.withLock { TransferProgress(completedBytes: $0.completed, totalBytes: $0.total) }
    }

    /// Records a raw value from a transport.
    package func update(_ progress: TransferProgress) {
        state.withLock { state in
            guard !state.finished else { return }
            state.completed = max(state.completed, progress.completedBytes)
            if let total = progress.totalBytes, total >= state.completed {
                state.total = total
            } else {
                state.total = nil
            }
            let value = TransferProgress(completedBytes: state.completed, totalBytes: state.total)
            if let last = state.lastSent {
                guard last.totalBytes != value.totalBytes || value.completedBytes - last.completedBytes >= granularity
                else { return }
            }
            state.lastSent = value
            target?.report(value)
        }
    }

    /// Reports the final value (`completedBytes == totalBytes`) and finishes.
    ///
    /// - Parameter completedBytes: the final byte count, when the caller knows it better than the
    ///   transport's reports (it never lowers the value).
    package func complete(completedBytes: Int64? = nil) {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            state.completed = max(state.completed, completedBytes ?? 0)
            state.total = state.completed
            let value = TransferProgress(completedBytes: state.completed, totalBytes: state.completed)
            if state.lastSent != value { target?.report(value) }
            state.lastSent = value
            target?.finish()
        }
    }

    /// Finishes without a final value (the transfer failed or was cancelled). Idempotent.
    package func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            target?.finish()
        }
    }
}
