import Foundation

/// Where a transfer sends its progress: an `AsyncStream`, a `Foundation.Progress`, or a closure.
///
/// Transports call `report(_:)` with the figures of the hop they are running; the library wraps
/// the caller's reporter so that the values stay monotone across redirects and retries, adds the
/// final value and calls `finish()` once the call has ended.
///
/// ```swift
/// let (updates, reporter) = ProgressReporter.makeStream()
/// async let result = networking.download("/bytes/1048576", to: destination, progress: reporter)
/// for await update in updates { print(update.fractionCompleted ?? 0) }
/// let file = try await result.get()
/// ```
public struct ProgressReporter: Sendable {
    private let onReport: @Sendable (TransferProgress) -> Void
    private let onFinish: @Sendable () -> Void

    /// Creates a reporter from closures. `report` may be called from any thread; `finish` is
    /// called once, after the last `report`.
    public init(
        report: @escaping @Sendable (TransferProgress) -> Void, finish: @escaping @Sendable () -> Void = {}
    ) {
        self.onReport = report
        self.onFinish = finish
    }

    /// A reporter that yields into `continuation` and finishes it when the transfer ends.
    public init(_ continuation: AsyncStream<TransferProgress>.Continuation) {
        self.init(report: { continuation.yield($0) }, finish: { continuation.finish() })
    }

    /// A reporter that updates a `Foundation.Progress`: `totalUnitCount` is the total in bytes
    /// (`-1`, indeterminate, while unknown) and `completedUnitCount` the bytes transferred.
    public init(updating progress: Progress) {
        self.init(report: { value in
            progress.totalUnitCount = value.totalBytes ?? -1
            progress.completedUnitCount = value.completedBytes
        })
    }

    /// A stream of progress values and the reporter that feeds it. The stream keeps only the
    /// newest `bufferingNewest` values a slow reader has not taken yet (the last one, the
    /// completion, is never dropped) and ends when the transfer does.
    public static func makeStream(
        bufferingNewest limit: Int = 64
    ) -> (updates: AsyncStream<TransferProgress>, reporter: ProgressReporter) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        return (stream, ProgressReporter(continuation))
    }

    /// Reports a value.
    public func report(_ progress: TransferProgress) { onReport(progress) }

    /// Signals that no more values will come.
    public func finish() { onFinish() }
}
