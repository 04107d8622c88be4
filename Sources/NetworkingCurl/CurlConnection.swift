#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore

    /// A raw TCP or TLS connection that libcurl opened and then handed over
    /// (`CURLOPT_CONNECT_ONLY`): bytes in and out with `curl_easy_send` and `curl_easy_recv`,
    /// neither of which blocks, and the socket to wait on with `poll`. The WebSocket client writes
    /// its own HTTP/1.1 upgrade and frames over it.
    ///
    /// Not thread-safe: one thread owns a connection from `open` to its release.
    package final class CurlConnection {
        /// What one `send` or `receive` did.
        package enum IOResult: Equatable {
            /// This many bytes moved (for `receive`, 0 means the peer closed its side).
            case done(Int)
            /// The socket cannot move bytes now; wait with `poll` on `socket`.
            case wouldBlock
            /// The connection failed.
            case failed(URLError)
        }

        private let easy: OpaquePointer
        /// The socket to wait on.
        package let socket: Int32
        private let url: URL

        /// Connects to the host and port of `url` (http or https, and TLS for https) with the
        /// transport's connect timeout, trust settings and pinned key, offering only HTTP/1.1 in
        /// ALPN. It blocks until connected: call it on a thread of one's own, never on a Swift
        /// concurrency thread.
        package init(url: URL, configuration: CurlTransport.Configuration) throws(NetworkingError) {
            if case .failure(let error) = CurlLibrary.loaded {
                throw .transport(URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
            }
            guard let easy = ncurl_easy_init() else {
                throw .transport(
                    URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "curl_easy_init failed"]))
            }
            func setLong(_ option: Int32, _ value: Int) { _ = ncurl_easy_setopt_long(easy, option, value) }
            func setString(_ option: Int32, _ value: String) { _ = ncurl_easy_setopt_string(easy, option, value) }
            setString(NCURLOPT_URL, url.absoluteString)
            setString(NCURLOPT_PROTOCOLS_STR, "http,https")
            setLong(NCURLOPT_CONNECT_ONLY, 1)
            setLong(NCURLOPT_NOSIGNAL, 1)
            setLong(NCURLOPT_TCP_NODELAY, 1)
            setLong(NCURLOPT_TCP_KEEPALIVE, 1)
            setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_1_1))
            setLong(NCURLOPT_CONNECTTIMEOUT_MS, Int((configuration.connectTimeout * 1000).rounded(.up)))
            if CurlLibrary.environmentNamesProxy {
                setLong(NCURLOPT_HTTPPROXYTUNNEL, 1)  // a proxy must tunnel the upgrade, not forward it
            } else {
                setString(NCURLOPT_PROXY, "")
                setString(NCURLOPT_NOPROXY, "")
            }
            CurlTrust.configure(easy, configuration)
            var message = [CChar](repeating: 0, count: Int(NCURL_ERROR_SIZE))
            let code = message.withUnsafeMutableBufferPointer { buffer in
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, buffer.baseAddress)
                let code = ncurl_easy_perform(easy)
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, nil)
                return code
            }
            var socket: Int32 = -1
            if code == NCURLE_OK { _ = ncurl_easy_active_socket(easy, &socket) }
            guard code == NCURLE_OK, socket >= 0 else {
                ncurl_easy_cleanup(easy)
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw CurlTransport.error(
                    forCurlCode: code == NCURLE_OK ? NCURLE_COULDNT_CONNECT : code, message: text.isEmpty ? nil : text,
                    url: url)
            }
            self.easy = easy
            self.socket = socket
            self.url = url
        }

        deinit { ncurl_easy_cleanup(easy) }

        /// Writes as much of `bytes` as the socket takes now.
        package func send(_ bytes: UnsafeRawBufferPointer) -> IOResult {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .done(0) }
            var sent = 0
            let code = ncurl_easy_send(easy, base, bytes.count, &sent)
            return result(code, sent)
        }

        /// Reads what is available, up to the buffer's size.
        package func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return .done(0) }
            var received = 0
            let code = ncurl_easy_recv(easy, base, buffer.count, &received)
            return result(code, received)
        }

        private func result(_ code: Int32, _ count: Int) -> IOResult {
            switch code {
            case NCURLE_OK: return .done(count)
            case NCURLE_AGAIN: return .wouldBlock
            default:
                guard case .transport(let error) = CurlTransport.error(forCurlCode: code, message: nil, url: url) else {
                    return .failed(URLError(.networkConnectionLost))
                }
                return .failed(error)
            }
        }
    }
#endif
