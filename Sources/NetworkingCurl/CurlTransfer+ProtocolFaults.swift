#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCore

    // What the transport says about server faults libcurl 7.88 reports vaguely (frames nghttp2
    // refused before any of the response arrived, an upload the server stopped taking), and what
    // it tells the shim's check for bytes a server sends unasked.
    extension CurlTransfer {
        /// Tells the shim's check for foreign bytes (`ncurl_note_serial_connection`) that the new
        /// connection this transfer just finished an exchange on speaks HTTP/1, one exchange at a
        /// time; called by the loop's driver as the transfer ends, before the connection can carry
        /// another transfer.
        func noteSerialConnection() {
            var connects = 0
            var version = 0
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_NUM_CONNECTS, &connects)
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_HTTP_VERSION, &version)
            guard connects > 0, version == NCURL_HTTP_VERSION_1_1 || version == NCURL_HTTP_VERSION_1_0 else { return }
            var localPort = 0
            var peerPort = 0
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_LOCAL_PORT, &localPort)
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_PRIMARY_PORT, &peerPort)
            ncurl_note_serial_connection(localPort, peerPort)
        }

        /// The error of a transfer libcurl ended with `code` before any of the response arrived,
        /// when libcurl's report hides what the server did; `nil` otherwise.
        ///
        /// - nghttp2's `-905` ("Too many CONTINUATION frames following a HEADER frame"): a header
        ///   block split over more CONTINUATION frames than nghttp2 reads (a CONTINUATION flood).
        /// - `CURLE_GOT_NOTHING` ("Empty reply from server") over TLS: libcurl 7.88 reports a
        ///   connection nghttp2 closed with a GOAWAY of its own exactly as a server that closed
        ///   without answering, and keeps no trace of why (neither the error nor the HTTP
        ///   version is recorded), so the sentence names every fault that ends this way.
        func unansweredProtocolError(_ code: Int32) -> NetworkingError? {
            guard head == nil, firstHeaderAt == 0 else { return nil }
            if code == NCURLE_RECV_ERROR, errorMessage?.contains("Too many CONTINUATION frames") == true {
                return .transport(
                    URLError(
                        .cannotParseResponse,
                        userInfo: Self.userInfo(
                            url,
                            "the response head came in more HTTP/2 CONTINUATION frames than the client reads "
                                + "(a CONTINUATION flood; nghttp2: \(errorMessage ?? ""))")))
            }
            guard code == NCURLE_GOT_NOTHING, url.scheme?.lowercased() == "https", proxy == nil else { return nil }
            var info = Self.userInfo(url, Self.emptyHTTP2ReplyReason)
            info[CurlTransport.curlCodeKey] = Int(code)
            return .transport(URLError(.networkConnectionLost, userInfo: info))
        }

        /// What an empty reply over TLS may mean (see `unansweredProtocolError`).
        static let emptyHTTP2ReplyReason =
            "no response came: the server closed the connection without answering, or, over HTTP/2, "
            + "sent frames the client refused and closed the connection for (libcurl 7.88 reports them "
            + "alike: a header field over 64 KiB, which makes the response head too large to read; an HPACK "
            + "table size update over the client's SETTINGS_HEADER_TABLE_SIZE; a flow-control window past "
            + "2^31-1; HTTP/1.1 spoken after ALPN chose h2)"

        /// Whether part of the request body is still to be sent (its length known).
        var hasUnsentBody: Bool {
            guard let length = bodyLength else { return false }
            var sent: Int64 = 0
            _ = ncurl_easy_getinfo_off(easy, NCURLINFO_SIZE_UPLOAD_T, &sent)
            return sent < length
        }

        /// The length of the request body, when it has one of known length.
        private var bodyLength: Int64? {
            switch body {
            case .none: nil
            case .data(let data): Int64(data.count)
            case .file(_, let size): size
            case .stream: requestBody?.length
            }
        }

        /// The error of a transfer idle past its timeout: when part of its request body is still
        /// unsent, the server stopped taking it (over HTTP/2, a flow-control window it never
        /// opened), and the sentence says how far the upload got.
        func idleTimeoutError() -> NetworkingError {
            let seconds = request.timeoutInterval
            var reason = "No data was sent or received for \(seconds) seconds"
            var sent: Int64 = 0
            _ = ncurl_easy_getinfo_off(easy, NCURLINFO_SIZE_UPLOAD_T, &sent)
            let length = bodyLength
            var info: [String: Any] = [:]
            if head == nil, let length, sent < length {
                reason =
                    "the server took \(sent) of the \(length) bytes of the request body, then nothing for "
                    + "\(seconds) seconds (over HTTP/2, its flow-control window for the body stayed closed)"
                info[NetworkingError.stalledExchangeKey] = true
            }
            info.merge(Self.userInfo(url, reason)) { $1 }
            return .transport(URLError(.timedOut, userInfo: info))
        }
    }
#endif
