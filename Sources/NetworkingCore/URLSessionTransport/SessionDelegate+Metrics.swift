import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What the platform measured about a task, kept in the task's own state until it completes.
//
// Apple's Foundation delivers `urlSession(_:task:didFinishCollecting:)` to the session's delegate
// before `urlSession(_:task:didCompleteWithError:)`, and clears `URLSessionTask.delegate` when the
// task completes, so the figures are kept here rather than read back from the task afterwards:
// `finish` hands them over with the task's result. Metrics reported for a task that has finished
// already (cancelled, failed early) have no state to go to and are dropped; the figures then stay
// `nil` rather than being guessed. swift-corelibs-foundation never calls the method.

extension SessionDelegate {
    // URLSessionTaskDelegate: `optional func urlSession(_ session: URLSession, task: URLSessionTask,
    // didFinishCollecting metrics: URLSessionTaskMetrics)`, iOS 10.0+, macOS 10.12+ —
    // developer.apple.com/documentation/foundation/urlsessiontaskdelegate/urlsession(_:task:didfinishcollecting:)
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        record(TransactionMetrics(distilling: metrics), for: task)
    }

    /// Keeps `metrics` in `task`'s state, for `finish` to hand over with its result; nothing when
    /// the task is not (or no longer) registered.
    func record(_ metrics: TransactionMetrics, for task: URLSessionTask) {
        states.withLock { $0[Self.key(task)]?.metrics = metrics }
    }
}
