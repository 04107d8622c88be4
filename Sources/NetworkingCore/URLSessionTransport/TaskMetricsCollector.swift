#if canImport(Darwin)
    import Foundation
    import Synchronization

    /// A per-task delegate that keeps what `URLSessionTaskMetrics` reports about one hop.
    ///
    /// Only Apple platforms deliver task metrics (URLSession on Linux never calls
    /// `didFinishCollecting`). The task delegate receives only this callback; everything else
    /// still goes to the session's `SessionDelegate`. Metrics reported after the task has
    /// completed are not waited for: the figures stay `nil` rather than being guessed.
    final class TaskMetricsCollector: NSObject, URLSessionTaskDelegate, Sendable {
        private let collected = Mutex<TransactionMetrics?>(nil)

        /// The distilled metrics, once the platform has reported them.
        var metrics: TransactionMetrics? { collected.withLock { $0 } }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics
        ) {
            let distilled = TransactionMetrics(distilling: metrics)
            collected.withLock { $0 = distilled }
        }
    }

    extension TransactionMetrics {
        /// The figures of the last transaction of `metrics` (one hop: the library follows
        /// redirects itself); a phase the platform did not time stays `nil`.
        init(distilling metrics: URLSessionTaskMetrics) {
            let interval = metrics.taskInterval
            self.init(startDate: interval.start, endDate: interval.end)
            guard let last = metrics.transactionMetrics.last else { return }
            domainLookup = Self.seconds(from: last.domainLookupStartDate, to: last.domainLookupEndDate)
            connect = Self.seconds(from: last.connectStartDate, to: last.connectEndDate)
            secureConnection = Self.seconds(from: last.secureConnectionStartDate, to: last.secureConnectionEndDate)
            timeToFirstByte = Self.seconds(from: last.fetchStartDate, to: last.responseStartDate)
            isFromCache = last.resourceFetchType == .localCache
            if last.resourceFetchType == .networkLoad {
                requestBodyBytes = last.countOfRequestBodyBytesSent
                isReusedConnection = last.isReusedConnection
            }
            networkProtocol = last.networkProtocolName
        }

        private static func seconds(from start: Date?, to end: Date?) -> TimeInterval? {
            guard let start, let end else { return nil }
            return end.timeIntervalSince(start)
        }
    }
#endif
