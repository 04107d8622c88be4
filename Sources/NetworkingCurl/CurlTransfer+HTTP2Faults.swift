#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    // What the transport does about HTTP/2 faults libcurl 7.88 reports poorly: a stream a GOAWAY
    // left unprocessed, and a response head too large for its HTTP/2 layer.
    extension CurlTransfer {
        /// The largest HTTP/2 response head read, in bytes of field lines. libcurl 7.88 refuses a
        /// header block over 128 KiB inside nghttp2 ("The user callback function failed"); below
        /// that, the transport refuses a head over this bound itself, with an error that says so.
        static let http2HeadLimit = 100 * 1024

        /// Whether the head being read is an HTTP/2 head over `http2HeadLimit`; the transfer's
        /// `failure` then says so, and the header callback aborts the transfer.
        func exceedsHTTP2HeadLimit() -> Bool {
            guard parser.pointee.fieldLines.count > Self.http2HeadLimit, !parser.pointee.isComplete,
                parser.pointee.httpVersion == "HTTP/2"
            else { return false }
            failure = Self.headTooLargeError(url, "over \(Self.http2HeadLimit / 1024) KiB")
            return true
        }

        /// The error of a response whose head was larger than the client reads (`size` says by
        /// how much).
        static func headTooLargeError(_ url: URL?, _ size: String) -> NetworkingError {
            .transport(
                URLError(.cannotParseResponse, userInfo: userInfo(url, "the response head was too large (\(size))")))
        }

        /// The error of a transfer libcurl ended with `code` before any of the response arrived,
        /// when it is an HTTP/2 header block that nghttp2 refused for its size (libcurl's
        /// `CURLE_RECV_ERROR` with nghttp2's `-902`, "The user callback function failed", which
        /// libcurl 7.88 returns when a header block overflows its 128 KiB buffer); `nil` otherwise.
        func oversizedHTTP2HeadError(_ code: Int32) -> NetworkingError? {
            guard code == NCURLE_RECV_ERROR, head == nil, firstHeaderAt == 0,
                errorMessage?.contains("nghttp2_session_mem_recv() returned -902") == true
            else { return nil }
            return Self.headTooLargeError(url, "libcurl refuses an HTTP/2 header block over 128 KiB")
        }

        /// How a request the server did not answer goes out again.
        enum UnansweredRetry {
            /// On a new connection: the one it was on is closing (a GOAWAY).
            case newConnection
            /// On any connection, a pooled one included: the one it was on knows by now how many
            /// streams the server takes at once.
            case anyConnection
        }

        /// How many times the transport sends again a request the server did not answer.
        static let unansweredRetryLimit = 4

        /// Whether and how the request goes out again after ending with `outcome` before any of
        /// the response arrived, when libcurl 7.88's report says the server did not process it:
        ///
        /// - `CURLE_HTTP2`, "Error in the HTTP2 framing layer": a stream a GOAWAY left above its
        ///   last stream id (libcurl retries one such stream itself and fails the others);
        /// - "Connection died, tried 5 times before giving up": libcurl sent it again each time
        ///   the server refused its stream (`REFUSED_STREAM`, as servers answer streams over their
        ///   `SETTINGS_MAX_CONCURRENT_STREAMS`) or a reused connection closed before answering.
        ///
        /// Only a safe method without a body goes out again (RFC 9110 §9.2.2); anything else fails.
        func unansweredRetry(after outcome: Outcome) -> UnansweredRetry? {
            guard case .finished(let code) = outcome, failure == nil, head == nil, firstHeaderAt == 0,
                case .none = body,
                ["GET", "HEAD", "OPTIONS", "TRACE"].contains((request.httpMethod ?? "GET").uppercased())
            else { return nil }
            if code == NCURLE_HTTP2 { return .newConnection }
            if code == NCURLE_RECV_ERROR || code == NCURLE_SEND_ERROR,
                errorMessage?.hasPrefix("Connection died, tried") == true
            {
                return .anyConnection
            }
            return nil
        }

        /// Records that the transfer, which ended with `outcome` unanswered, goes out again after
        /// `delay` as `retry` says, with the error it would otherwise have ended with.
        func recordResend(_ retry: UnansweredRetry, after outcome: Outcome, delay: Duration) {
            let error: NetworkingError
            do throws(NetworkingError) {
                _ = try CurlTransport.head(of: self, outcome)
                return  // an answered transfer is not sent again
            } catch let failure {
                error = failure
            }
            resends.append(
                TransactionMetrics.Resend(
                    cause: retry == .newConnection ? .connectionClosing : .refused,
                    onNewConnection: retry == .newConnection, delay: delay, error: error))
        }

        /// The error that stops libcurl from sending a request again whose body it had sent, when
        /// the server may have processed it; `nil` when sending it again is safe.
        ///
        /// libcurl 7.88 sends a request again, body rewound, when a reused connection dies before
        /// any answer: a server that closed an idle connection as the request went out never saw
        /// it, but one that read it and then failed may have acted on it. As RFC 9110 §9.2.2 allows,
        /// only an idempotent method (`GET`, `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`) or a
        /// request with an `Idempotency-Key` goes out again; the others fail. This holds when the
        /// request went out on a connection known to carry one exchange at a time (HTTP/1.x over
        /// `http` or `https`), as the shim's check before each request records in the transfer's
        /// notes (`sent_on_serial_connection`). Over HTTP/2 libcurl also resends a stream the server
        /// said it never processed (a GOAWAY below it, `REFUSED_STREAM`), which is safe for any
        /// method (RFC 9113 §8.7): that resend stands, as does any on a connection the shim could
        /// not tell (a libcurl without `CURLOPT_PREREQFUNCTION`). A rewind after an answer began (a
        /// challenge answered with credentials) is libcurl's to make.
        func unsafeResendRefusal() -> NetworkingError? {
            let method = (request.httpMethod ?? "GET").uppercased()
            guard head == nil, firstHeaderAt == 0, notes.pointee.sent_on_serial_connection != 0,
                !["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method),
                request.value(forHTTPHeaderField: "Idempotency-Key") == nil
            else { return nil }
            return .transport(
                URLError(
                    .networkConnectionLost,
                    userInfo: Self.userInfo(
                        url,
                        "it closed after the \(method) was sent and before any answer, and a \(method) is not sent "
                            + "twice: the server may have processed it (an Idempotency-Key lets it be sent again)")))
        }

        /// Makes a transfer that ended unanswered ready to go out again (see `unansweredRetry`).
        func prepare(for retry: UnansweredRetry) {
            prepareForFreshConnection()
            if retry == .anyConnection { setLong(NCURLOPT_FRESH_CONNECT, 0) }
        }
    }
#endif
