#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore

    /// `TransactionMetrics` read from libcurl's timers and counters after a transfer.
    enum CurlMetrics {
        /// The metrics of the transfer `easy` just finished. Start and end are derived from the
        /// transfer's total time; the caller fixes the start and redirect count for the chain.
        static func read(_ easy: OpaquePointer) -> TransactionMetrics {
            func microseconds(_ info: Int32) -> Int64 {
                var value: Int64 = 0
                _ = ncurl_easy_getinfo_off(easy, info, &value)
                return value
            }
            func long(_ info: Int32) -> Int {
                var value = 0
                _ = ncurl_easy_getinfo_long(easy, info, &value)
                return value
            }
            let nameLookup = microseconds(NCURLINFO_NAMELOOKUP_TIME_T)
            let connected = microseconds(NCURLINFO_CONNECT_TIME_T)
            let secured = microseconds(NCURLINFO_APPCONNECT_TIME_T)
            let firstByte = microseconds(NCURLINFO_STARTTRANSFER_TIME_T)
            let total = microseconds(NCURLINFO_TOTAL_TIME_T)
            let reused = long(NCURLINFO_NUM_CONNECTS) == 0
            let end = Date()
            func seconds(_ value: Int64) -> TimeInterval { TimeInterval(max(0, value)) / 1_000_000 }
            return TransactionMetrics(
                startDate: end.addingTimeInterval(-seconds(total)), endDate: end,
                domainLookup: reused ? nil : seconds(nameLookup),
                connect: reused ? nil : seconds((secured > 0 ? secured : connected) - nameLookup),
                secureConnection: reused || secured == 0 ? nil : seconds(secured - connected),
                timeToFirstByte: firstByte > 0 ? seconds(firstByte) : nil,
                requestBodyBytes: microseconds(NCURLINFO_SIZE_UPLOAD_T),
                responseBodyBytes: microseconds(NCURLINFO_SIZE_DOWNLOAD_T),
                isReusedConnection: reused, networkProtocol: networkProtocol(long(NCURLINFO_HTTP_VERSION)))
        }

        /// How long `transfer` waited for a connection, in seconds, read after it ended: in its
        /// origin's line (`CurlOriginQueue`), then in libcurl's own (behind the total limit).
        ///
        /// libcurl 7.88 has no figure for its part (`CURLINFO_QUEUE_TIME_T` came in 8.6), but its
        /// phase timers restart when a transfer leaves its queue: the time from entering the multi
        /// handle to the first header line, less libcurl's time to first byte, is that wait. `nil`
        /// when no header came.
        static func queueTime(of transfer: CurlTransfer) -> TimeInterval? {
            guard transfer.firstHeaderAt > transfer.startedAt, transfer.startedAt > 0 else { return nil }
            var firstByte: Int64 = 0
            _ = ncurl_easy_getinfo_off(transfer.easy, NCURLINFO_STARTTRANSFER_TIME_T, &firstByte)
            var waited = Int64(transfer.firstHeaderAt - transfer.startedAt) / 1000 - firstByte
            if transfer.queuedAt > 0 { waited += Int64(transfer.startedAt - transfer.queuedAt) / 1000 }
            // Under a millisecond is the two clocks' difference, not a wait.
            return waited < 1000 ? 0 : TimeInterval(waited) / 1_000_000
        }

        static func networkProtocol(_ version: Int) -> String? {
            switch Int32(version) {
            case NCURL_HTTP_VERSION_1_0: return "http/1.0"
            case NCURL_HTTP_VERSION_1_1: return "http/1.1"
            case NCURL_HTTP_VERSION_2_0: return "h2"
            case NCURL_HTTP_VERSION_3: return "h3"
            default: return nil
            }
        }
    }
#endif
