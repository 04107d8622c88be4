#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore

    // The options of a transfer's easy handle: those set once per handle, and those set for each
    // request (URL, method, body, header fields).
    extension CurlTransfer {
        /// The options that are the same for every request of a transport: set once per easy
        /// handle, kept while the handle is reused (see `CurlEventLoop.recycle`). The callbacks'
        /// data pointers are per request (`configure`).
        static func configureHandle(_ easy: OpaquePointer, configuration: CurlTransport.Configuration) {
            func setLong(_ option: Int32, _ value: Int) { Self.setLong(easy, option, value) }
            func setString(_ option: Int32, _ value: String) { Self.setString(easy, option, value) }
            setString(NCURLOPT_PROTOCOLS_STR, "http,https")
            setLong(NCURLOPT_NOSIGNAL, 1)
            setLong(NCURLOPT_TCP_KEEPALIVE, 1)
            // An h2c connection cannot be reused before curl 8.0 (see CurlLibrary): one per request.
            if configuration.httpVersion == .http2PriorKnowledge, !CurlLibrary.reusesPriorKnowledgeConnections {
                setLong(NCURLOPT_FORBID_REUSE, 1)
            }
            setString(NCURLOPT_ACCEPT_ENCODING, "")  // every coding libcurl decodes
            CurlNetworkPath.configureHandle(easy, configuration.networkPath)
            setLong(NCURLOPT_FOLLOWLOCATION, 0)
            setLong(NCURLOPT_CONNECTTIMEOUT_MS, milliseconds(configuration.connectTimeout))
            switch configuration.httpVersion {
            case .http1: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_1_1))
            case .http2: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_2TLS))
            case .http2PriorKnowledge: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE))
            }
            setLong(NCURLOPT_MAXAGE_CONN, Int(configuration.idleConnectionTimeout.rounded(.up)))
            CurlTrust.configure(easy, configuration)
            _ = ncurl_easy_use_shim_sockets(easy)
            _ = ncurl_easy_set_header_callback(
                easy,
                { buffer, size, count, userdata in
                    guard let buffer, let userdata else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    let length = size * count
                    return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
                }, nil)
            _ = ncurl_easy_set_write_callback(
                easy,
                { buffer, size, count, userdata in
                    guard let userdata else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
                }, nil)
            _ = ncurl_easy_set_read_callback(
                easy,
                { buffer, size, count, userdata in
                    guard let buffer, let userdata else { return Int(NCURL_READFUNC_ABORT) }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    return transfer.readBody(into: buffer, capacity: size * count)
                }, nil)
            _ = ncurl_easy_set_seek_callback(
                easy,
                { userdata, offset, origin in
                    guard let userdata else { return NCURL_SEEKFUNC_FAIL }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    return transfer.seekBody(to: offset, origin: origin)
                }, nil)
        }

        /// The options that point libcurl's callbacks at this transfer.
        private static let callbackDataOptions = [
            NCURLOPT_HEADERDATA, NCURLOPT_WRITEDATA, NCURLOPT_READDATA, NCURLOPT_SEEKDATA,
        ]

        /// Sets every per-request option, whatever a previous transfer on the handle set:
        /// `resetsMethod` first returns the handle to a bodiless GET.
        func configure(
            absoluteURL: String, isHTTPS: Bool, method: String, resetsMethod: Bool,
            configuration: CurlTransport.Configuration, userAgentLine: String?, timeoutMilliseconds: Int?
        ) throws(NetworkingError) {
            let userdata = Unmanaged.passUnretained(self).toOpaque()
            for option in Self.callbackDataOptions {
                _ = ncurl_easy_setopt_pointer(easy, option, userdata)
            }
            setString(NCURLOPT_URL, absoluteURL)
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, errorBuffer)
            _ = ncurl_easy_set_transfer_notes(easy, notes)
            setLong(NCURLOPT_FRESH_CONNECT, 0)  // set by a retry after a refused connection
            if CurlNetworkPath.choosesProxyPerRequest(configuration.networkPath) {
                CurlNetworkPath.configureProxy(easy, proxy)
            }
            CurlTrust.configurePins(easy, configuration, host: url.host ?? "")
            setLong(NCURLOPT_TIMEOUT_MS, timeoutMilliseconds.map { max(1, $0) } ?? 0)
            // Per request: a reused handle keeps the size its previous transfer asked for. libcurl
            // allocates the buffer when a transfer starts and frees it when it ends.
            setLong(CurlReceiveBuffer.option, sink.receiveBufferSize)
            // Waiting for a busy connection to turn out to multiplex only pays where HTTP/2 is
            // possible: over cleartext HTTP/1.1 it would queue a request behind a slow one.
            // (An h2c connection is not reused before curl 8.0: see `configureHandle`.)
            setLong(NCURLOPT_PIPEWAIT, configuration.multiplexes(isHTTPS: isHTTPS) ? 1 : 0)
            if resetsMethod { setLong(NCURLOPT_HTTPGET, 1) }  // clears POST, NOBODY and upload
            try configureBody(method: method)
            setLong(NCURLOPT_HTTP_TRANSFER_DECODING, decodesChunksItself ? 0 : 1)
            configureHeaders(userAgentLine: userAgentLine)
        }

        /// Where the body comes from, and its size for libcurl (-1: chunked; `nil`: no body).
        private func configureBody(method: String) throws(NetworkingError) {
            let size: Int64?
            if let requestBody {
                size = try configureBodySource(requestBody)
            } else {
                size = ["POST", "PUT", "PATCH"].contains(method) ? 0 : nil
            }
            if isHead {
                setCustomRequest(nil)
                setLong(NCURLOPT_NOBODY, 1)
                return
            }
            guard let size else {
                setCustomRequest(method == "GET" ? nil : method)
                return
            }
            // Any method with a body (or POST/PUT/PATCH with an empty one) is sent as a POST whose
            // method name is replaced; the body always comes through the read callback, so libcurl
            // can rewind it (seek callback) when it retries on a dead reused connection.
            setLong(NCURLOPT_POST, 1)
            _ = ncurl_easy_setopt_off(easy, NCURLOPT_POSTFIELDSIZE_LARGE, size)
            setCustomRequest(method == "POST" ? nil : method)
        }

        /// Sets `body` from `requestBody` and returns its size for libcurl (-1: chunked). Bytes and
        /// files are read by the read callback directly; any other body, or bytes with trailers,
        /// are produced as they are sent (`CurlUploadPump`), chunked unless the length is known and
        /// there are no trailers (trailers need chunked encoding). A file with trailers is read by
        /// the read callback too, chunked, its trailers computed once it has ended.
        private func configureBodySource(_ requestBody: HTTPBody) throws(NetworkingError) -> Int64 {
            if requestBody.trailers == nil, let data = requestBody.data {
                body = .data(data)
                return Int64(data.count)
            }
            if let fileURL = requestBody.fileURL {
                let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC)
                var info = stat()
                guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                    let reason = String(cString: strerror(errno))
                    if descriptor >= 0 { close(descriptor) }
                    throw .invalidRequest("the body file '\(fileURL.path)' cannot be read: \(reason)")
                }
                body = .file(descriptor: descriptor, size: Int64(info.st_size))
                guard requestBody.trailers != nil else { return Int64(info.st_size) }
                trailerPump = CurlUploadPump(length: nil)
                isChunked = true
                setTrailerCallback()
                return -1
            }
            let length = requestBody.trailers == nil ? requestBody.length : nil
            let pump = CurlUploadPump(length: length)
            body = .stream(pump)
            isChunked = length == nil
            if requestBody.trailers != nil {
                trailerPump = pump
                setTrailerCallback()
            }
            return length ?? -1
        }

        /// Points libcurl's trailer callback at this transfer (whose handle is then never used
        /// again: see `CurlTransport.recycle`).
        private func setTrailerCallback() {
            _ = ncurl_easy_set_trailer_callback(
                easy,
                { list, userdata in
                    guard let list, let userdata else { return NCURL_TRAILERFUNC_ABORT }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    return transfer.sendTrailers(into: list)
                }, Unmanaged.passUnretained(self).toOpaque())
        }

        /// The method name sent instead of the one libcurl derives from the options (`nil`: none).
        private func setCustomRequest(_ method: String?) {
            if let method {
                setString(NCURLOPT_CUSTOMREQUEST, method)
            } else {
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_CUSTOMREQUEST, nil)
            }
        }

        func configureHeaders(userAgentLine: String?) {
            var list: OpaquePointer?
            func append(_ line: String) { list = line.withCString { ncurl_slist_append(list, $0) } ?? list }
            let fields = request.allHTTPHeaderFields ?? [:]
            // The request's own fields that change what is added below.
            var hasExpect = false
            var hasContentType = false
            var hasTransferEncoding = false
            var hasUserAgent = false
            var hasAcceptEncoding = false
            for (name, value) in fields {
                // Proxy credentials come from the network path's `Proxy` alone: libcurl gives them
                // to the proxy only, while a field of the request would reach the origin.
                if HTTPHeaders.isProxyAuthorization(name) { continue }
                if name.caseInsensitiveEquals("Expect") {
                    hasExpect = true
                } else if name.caseInsensitiveEquals("Content-Type") {
                    hasContentType = true
                } else if name.caseInsensitiveEquals("Transfer-Encoding") {
                    hasTransferEncoding = true
                } else if name.caseInsensitiveEquals("User-Agent") {
                    hasUserAgent = true
                } else if name.caseInsensitiveEquals("Accept-Encoding") {
                    hasAcceptEncoding = true
                }
                // "Name;" is libcurl's syntax for a header with an empty value.
                append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            if case .none = body {
            } else {
                // No 100-continue round trip, unless the body must wait for a proxy's challenge.
                if !hasExpect { append(awaitsProxyChallenge ? "Expect: 100-continue" : "Expect:") }
                if !hasContentType { append("Content-Type:") }  // libcurl would invent a form type
            }
            if isChunked, !hasTransferEncoding { append("Transfer-Encoding: chunked") }
            if !hasUserAgent, let userAgentLine { append(userAgentLine) }
            // libcurl leaves out its own line when the list has one (see CurlLibrary.acceptEncodingLine).
            // A transfer that hands chunks over undecoded asks for no content coding, which libcurl
            // would then hand over undecoded too ("Accept-Encoding:" removes the field).
            if !hasAcceptEncoding, decodesChunksItself {
                append("Accept-Encoding:")
            } else if !hasAcceptEncoding, let line = CurlLibrary.acceptEncodingLine {
                append(line)
            }
            headerList = list
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_HTTPHEADER, list.map { UnsafeRawPointer($0) })
        }

        func setLong(_ option: Int32, _ value: Int) { Self.setLong(easy, option, value) }
        func setString(_ option: Int32, _ value: String) { Self.setString(easy, option, value) }

        static func setLong(_ easy: OpaquePointer, _ option: Int32, _ value: Int) {
            _ = ncurl_easy_setopt_long(easy, option, value)
        }

        /// `withCString`, not the implicit conversion: that one copies every string into a new array.
        static func setString(_ easy: OpaquePointer, _ option: Int32, _ value: String) {
            _ = value.withCString { ncurl_easy_setopt_string(easy, option, $0) }
        }

        /// `method` in upper case, as is when it already is (`uppercased()` always builds a new string).
        static func uppercased(_ method: String) -> String {
            method.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } ? method.uppercased() : method
        }

        /// Whether the scheme of `absoluteURL` is https (`true`) or http (`false`), ignoring case;
        /// `nil` for any other scheme. Read from the string's first bytes: `URL.scheme` parses the
        /// URL again.
        static func isHTTPS(_ absoluteURL: String) -> Bool? {
            var utf8 = absoluteURL.utf8.makeIterator()
            for expected in "http".utf8 {
                guard let byte = utf8.next(), byte | 0x20 == expected else { return nil }
            }
            switch utf8.next() {
            case UInt8(ascii: ":"):
                return false
            case let byte? where byte | 0x20 == UInt8(ascii: "s"):
                return utf8.next() == UInt8(ascii: ":") ? true : nil
            default:
                return nil
            }
        }

        static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
            guard seconds.isFinite, seconds > 0 else { return 0 }
            return UInt64(min(seconds, 1) * 1_000_000_000)
        }

        static func milliseconds(_ seconds: TimeInterval) -> Int {
            guard seconds.isFinite, seconds > 0 else { return 0 }
            return max(1, Int((seconds * 1000).rounded(.up)))
        }
    }
#endif
