#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore

    /// A raw TCP or TLS connection that libcurl opens and then hands over
    /// (`CURLOPT_CONNECT_ONLY`): bytes in and out with `curl_easy_send` and `curl_easy_recv`,
    /// neither of which blocks. The WebSocket client writes its own HTTP/1.1 upgrade and frames
    /// over it.
    ///
    /// A connection has no thread of its own: a `CurlConnectionLoop`, shared by many connections,
    /// opens it, waits for its socket with the others' and calls its owner's `serve` whenever there
    /// is something to do. `send`, `receive` and everything the owner does in `serve` happen on that
    /// loop's thread; any thread may `open` and `wake` it.
    ///
    /// `@unchecked Sendable`: the mutable state (`easy`, `socket`, `serve`, `registered`,
    /// `deadline`, `scheduled`) belongs to the loop thread, and `open`/`wake` only post to the loop's inbox.
    package final class CurlConnection: ServedConnection, @unchecked Sendable {
        /// What one `send` or `receive` did.
        package typealias IOResult = ServedConnectionIO
        /// Why the loop calls `serve`.
        package typealias Event = ServedConnectionEvent
        /// What the owner waits for after a call of `serve`.
        package typealias Interest = ServedConnectionInterest

        /// Where the connection goes (its scheme says whether with TLS).
        let url: URL
        let configuration: CurlTransport.Configuration
        /// The loop that opens and serves it.
        let loop: CurlConnectionLoop
        /// The key of the connection in its loop.
        let token: UInt64
        /// The owner's handler, called on the loop thread; cleared once the connection is released.
        var serve: ServedConnectionHandler?
        /// The easy handle, from the loop's `begin` to the release.
        var easy: OpaquePointer?
        /// The socket to wait on, once open; `-1` before.
        private(set) var socket: Int32 = -1

        /// Whether the connection is open (loop thread): `send` and `receive` may be used.
        package var isOpen: Bool { socket >= 0 }
        /// The readiness the socket is registered for in the loop's epoll set (`nil`: none).
        var registered: (readable: Bool, writable: Bool)?
        /// The instant the owner asked to be served at, if any.
        var deadline: ContinuousClock.Instant?
        /// The instant of the loop's earliest timer for this connection, if it has one.
        var scheduled: ContinuousClock.Instant?
        /// What the shim's socket opener learned (a `socket()` that failed for want of descriptors).
        let notes: UnsafeMutablePointer<ncurl_transfer_notes>
        /// libcurl's message for a failed connect.
        let errorBuffer: UnsafeMutablePointer<CChar>

        /// A connection to the host and port of `url` (http or https, and TLS for https) with the
        /// transport's connect timeout, trust settings and pinned key, offering only HTTP/1.1 in
        /// ALPN, served by `serve` on a loop's thread. Nothing happens until `open`.
        package init(
            url: URL, configuration: CurlTransport.Configuration, serve: @escaping ServedConnectionHandler
        ) {
            self.url = url
            self.configuration = configuration
            self.serve = serve
            self.loop = CurlConnectionLoop.next()
            self.token = loop.makeToken()
            notes = .allocate(capacity: 1)
            notes.initialize(
                to: ncurl_transfer_notes(socket_error: 0, refused_dirty_connection: 0, sent_on_serial_connection: 0))
            errorBuffer = .allocate(capacity: Int(NCURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(NCURL_ERROR_SIZE))
        }

        deinit {
            notes.deallocate()
            errorBuffer.deallocate()
        }

        /// Starts connecting; `serve` hears `.opened` or `.failed` on the loop thread.
        package func open() { loop.open(self) }

        /// Has the loop call `serve(.service)` soon (from any thread).
        package func wake() { loop.wake(self) }

        /// Closes the connection now (loop thread, from `serve`); `serve` is not called again.
        package func release() { loop.release(self) }

        /// The easy handle for connecting, with every option set; `nil` when libcurl cannot make one.
        func makeHandle() -> OpaquePointer? {
            guard let easy = ncurl_easy_init() else { return nil }
            func setLong(_ option: Int32, _ value: Int) { _ = ncurl_easy_setopt_long(easy, option, value) }
            CurlTransfer.setString(easy, NCURLOPT_URL, url.absoluteString)
            CurlTransfer.setString(easy, NCURLOPT_PROTOCOLS_STR, "http,https")
            setLong(NCURLOPT_CONNECT_ONLY, 1)
            setLong(NCURLOPT_NOSIGNAL, 1)
            setLong(NCURLOPT_TCP_NODELAY, 1)
            setLong(NCURLOPT_TCP_KEEPALIVE, 1)
            setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_1_1))
            setLong(NCURLOPT_CONNECTTIMEOUT_MS, CurlTransfer.milliseconds(configuration.connectTimeout))
            // libcurl counts a handed-over connection as idle in its pool, and would close one
            // older than this when it next tidies the pool; the owner decides when it ends.
            setLong(NCURLOPT_MAXAGE_CONN, Int(Int32.max))
            // A `CurlTransport`'s configuration comes resolved; a default one reads the environment
            // now. An unusable setting makes no handle: the connection fails to open.
            guard (try? configuration.networkPath.validate()) != nil,
                let path = try? configuration.networkPath.resolved()
            else {
                ncurl_easy_cleanup(easy)
                return nil
            }
            CurlNetworkPath.configureHandle(easy, path)
            if CurlNetworkPath.choosesProxyPerRequest(path) {
                CurlNetworkPath.configureProxy(easy, CurlNetworkPath.proxy(for: url, in: path))
            }
            setLong(NCURLOPT_HTTPPROXYTUNNEL, 1)  // an HTTP proxy must tunnel the upgrade, not forward it
            CurlTrust.configure(easy, configuration)
            CurlTrust.configurePins(easy, configuration, host: url.host ?? "", enforcesOnly: true)
            _ = ncurl_easy_use_plain_sockets(easy)
            _ = ncurl_easy_set_transfer_notes(easy, notes)
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, errorBuffer)
            return easy
        }

        /// Takes the socket of the connection libcurl just opened; `false` when there is none.
        func adoptSocket() -> Bool {
            guard let easy else { return false }
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, nil)
            var socket: Int32 = -1
            _ = ncurl_easy_active_socket(easy, &socket)
            self.socket = socket
            return socket >= 0
        }

        /// Whether libcurl still holds the connection on `socket` (it closes one in its pool whose
        /// peer has gone when it tidies the pool, and the descriptor's number may then be reused).
        func isStillConnected() -> Bool {
            guard let easy, socket >= 0 else { return false }
            var current: Int32 = -1
            _ = ncurl_easy_active_socket(easy, &current)
            return current == socket
        }

        /// The error of a connect that ended with `code`.
        func connectError(_ code: Int32) -> NetworkingError {
            if let error = CurlTransport.outOfDescriptorsError(notes.pointee.socket_error, url: url) { return error }
            let text = String(cString: errorBuffer)
            let path = (try? configuration.networkPath.resolved()) ?? configuration.networkPath
            return CurlTransport.error(
                forCurlCode: code == NCURLE_OK ? NCURLE_COULDNT_CONNECT : code, message: text.isEmpty ? nil : text,
                url: url, proxy: CurlNetworkPath.proxy(for: url, in: path), unixSocketPath: path.unixSocketPath,
                osErrno: easy.map(CurlPathFailure.osErrno) ?? 0)
        }

        /// Writes as much of `bytes` as the socket takes now (loop thread, after `.opened`).
        package func send(_ bytes: UnsafeRawBufferPointer) -> IOResult {
            guard let easy, let base = bytes.baseAddress, !bytes.isEmpty else { return .done(0) }
            var sent = 0
            let code = ncurl_easy_send(easy, base, bytes.count, &sent)
            return result(code, sent)
        }

        /// Reads what is available, up to the buffer's size (loop thread, after `.opened`).
        package func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
            guard let easy, let base = buffer.baseAddress, !buffer.isEmpty else { return .done(0) }
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
