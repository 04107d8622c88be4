#if os(Linux)
    import CCurlShim
    import Foundation

    /// libcurl's multi interface with nothing around it: the floor for any libcurl-based client
    /// with many requests in flight.
    ///
    /// One multi handle, driven by one dedicated thread (a `Thread` of its own for each run, never
    /// one of Swift's cooperative pool), keeps `inFlight` easy handles busy: each one that
    /// completes is checked (transfer result, status 200, a body), removed and added again at
    /// once for the next request, until `requests` have completed. Each body is collected into
    /// memory and not decoded. No limit on connections per host; the pool keeps one per transfer
    /// in flight. The multi handle, with its connection pool and its cached CA store, lives as
    /// long as the loop, so a warm-up opens the connections the measured runs reuse; the easy
    /// handles stay too, reset between requests by nothing but their body buffer.
    ///
    /// `@unchecked Sendable`: the multi handle and the transfers are touched only by the thread
    /// `run` starts, and `run` is called again only after the previous run has returned.
    final class CurlMultiLoop: @unchecked Sendable {
        /// One easy handle and the body it collects.
        private final class Transfer {
            let easy: OpaquePointer
            let buffer = CurlBaseline.BodyBuffer()
            /// When the current request was added (`DispatchTime` nanoseconds).
            var started: UInt64 = 0

            init(easy: OpaquePointer) { self.easy = easy }

            deinit { ncurl_easy_cleanup(easy) }
        }

        private let key: String
        private let url: URL
        private let tls: CurlBaseline.TLS?
        private let multi: OpaquePointer
        private var transfers: [Transfer] = []
        private var byHandle: [OpaquePointer: Transfer] = [:]
        /// `CURLMOPT_MAXCONNECTS`: the most transfers any run has had in flight.
        private var keptConnections = 0

        init(_ key: String, url: URL, tls: CurlBaseline.TLS?) throws {
            guard ncurl_load() == 1, let multi = ncurl_multi_init() else {
                throw BenchmarkFailure(description: "libcurl is not available")
            }
            self.key = key
            self.url = url
            self.tls = tls
            self.multi = multi
        }

        deinit {
            transfers.removeAll()  // the easy handles go before the multi handle they were part of
            _ = ncurl_multi_cleanup(multi)
        }

        /// A `LoadClient` running this loop.
        var loadClient: LoadClient {
            LoadClient(key: key) { requests, inFlight in try await self.run(requests: requests, inFlight: inFlight) }
        }

        /// Runs `requests` requests, `inFlight` at a time, on a thread of its own; returns each
        /// request's latency in microseconds (added to completed).
        func run(requests: Int, inFlight: Int) async throws -> [Double] {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(with: Result { try self.drive(requests: requests, inFlight: inFlight) })
                }
                thread.name = "libcurl multi loop"
                thread.start()
            }
        }

        private func drive(requests: Int, inFlight: Int) throws -> [Double] {
            let width = min(inFlight, requests)
            // Room in the pool for a connection per transfer. Left to itself, libcurl keeps four
            // idle connections per easy handle added *at the moment* one is returned, so as a run
            // winds down it closes the connections the next run would reuse.
            keptConnections = max(keptConnections, width)
            _ = ncurl_multi_setopt_long(multi, NCURLMOPT_MAXCONNECTS, keptConnections)
            while transfers.count < width { transfers.append(try makeTransfer()) }
            var latencies: [Double] = []
            latencies.reserveCapacity(requests)
            var added = 0
            var active: Set<OpaquePointer> = []
            defer {
                for easy in active { _ = ncurl_multi_remove_handle(multi, easy) }
            }
            for transfer in transfers.prefix(width) {
                try add(transfer)
                active.insert(transfer.easy)
                added += 1
            }
            while latencies.count < requests {
                var running: Int32 = 0
                let code = ncurl_multi_perform(multi, &running)
                guard code == 0 else { throw BenchmarkFailure(description: "\(key): curl_multi_perform \(code)") }
                var result: Int32 = 0
                while let easy = ncurl_multi_next_done(multi, &result) {
                    guard let transfer = byHandle[easy] else { continue }
                    _ = ncurl_multi_remove_handle(multi, easy)
                    active.remove(easy)
                    var status = 0
                    _ = ncurl_easy_getinfo_long(easy, NCURLINFO_RESPONSE_CODE, &status)
                    guard result == 0, status == 200, !transfer.buffer.data.isEmpty else {
                        let reason = String(cString: ncurl_easy_strerror(result))
                        throw BenchmarkFailure(description: "\(key): curl code \(result) (\(reason)), HTTP \(status)")
                    }
                    latencies.append(Double(DispatchTime.now().uptimeNanoseconds - transfer.started) / 1000)
                    if added < requests {
                        try add(transfer)
                        active.insert(easy)
                        added += 1
                    }
                }
                if latencies.count < requests {
                    var ready: Int32 = 0
                    _ = ncurl_multi_poll(multi, 100, &ready)
                }
            }
            return latencies
        }

        private func add(_ transfer: Transfer) throws {
            transfer.buffer.data.removeAll(keepingCapacity: true)
            transfer.started = DispatchTime.now().uptimeNanoseconds
            let code = ncurl_multi_add_handle(multi, transfer.easy)
            guard code == 0 else { throw BenchmarkFailure(description: "\(key): curl_multi_add_handle \(code)") }
        }

        private func makeTransfer() throws -> Transfer {
            guard let easy = ncurl_easy_init() else { throw BenchmarkFailure(description: "\(key): no easy handle") }
            let transfer = Transfer(easy: easy)
            CurlBaseline.prepare(easy, url: url, tls: tls, into: transfer.buffer)
            byHandle[easy] = transfer
            return transfer
        }
    }
#endif
