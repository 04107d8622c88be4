import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransactionMetrics {
    /// The figures of the last transaction of `metrics` (one hop: the library follows redirects
    /// itself); a phase the platform did not time stays `nil`. swift-corelibs-foundation declares
    /// the same members but never delivers task metrics, so this runs on Apple platforms alone.
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
