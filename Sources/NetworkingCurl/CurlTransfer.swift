#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore
    import Synchronization

    /// One hop of a request on one easy handle: its options, the request body it reads from, the
    /// response head and body it collects, and how it ended.
    ///
    /// `@unchecked Sendable`: the sending task creates and configures it, then hands it to the
    /// event loop through the loop's lock; from then on only the loop's driver touches it (in
    /// libcurl's callbacks and on completion: the loop thread, or the sending thread itself while
    /// it drives a lone request, see `CurlEventLoop.drive`) until the transfer has ended and its
    /// outcome been handed over, after which only the sending task does. The hand-overs (the
    /// mutex, the `handoff` atomic, the continuation) order every access. `cancelRequested` is
    /// the one field read and written concurrently, and it is atomic.
    final class CurlTransfer: @unchecked Sendable {
        /// How a transfer ended, as the loop reports it.
        enum Outcome: Sendable {
            /// libcurl finished it with this `CURLcode`.
            case finished(Int32)
            /// It was cancelled before it finished.
            case cancelled
            /// No byte moved for longer than the request's idle timeout.
            case idleTimeout
            /// The multi handle refused it (`curl_multi_add_handle` returned this `CURLMcode`).
            case rejected(Int32)
        }

        /// Where the request body comes from.
        private enum BodySource {
            case none
            case data(Data)
            case file(descriptor: Int32, size: Int64)
            case stream(InputStream)
        }

        /// The event loop that runs the transfer, and the easy handle it lent.
        let loop: CurlEventLoop
        let easy: OpaquePointer
        let request: URLRequest
        /// `request.url` (read once: on Linux every read of it converts from the `NSURLRequest`).
        let url: URL
        let sink: any CurlBodySink
        /// Set by any thread to ask for cancellation; read by the loop when it adds the transfer.
        let cancelRequested = Atomic<Bool>(false)
        /// How the ended transfer reaches its sender (`CurlTransport.run`): the sender may look for
        /// the outcome before it suspends (after driving the transfer itself for a while), so the
        /// loop's driver either leaves the outcome (`ended`) or resumes the continuation the sender
        /// installed (`waiting`), whichever state it finds; the compare-and-exchange on `handoff`
        /// decides, and orders `endedOutcome` and `continuation`.
        enum Handoff: UInt8 {
            case running, ended, waiting
        }
        let handoff = Atomic<UInt8>(Handoff.running.rawValue)
        /// Written by the loop's driver before it marks the transfer `ended`.
        var endedOutcome: Outcome?
        /// Installed by the sender before it marks the transfer `waiting`; resumed once, by the driver.
        var continuation: UnsafeContinuation<Outcome, Never>?

        /// Called by the loop's driver when the transfer ended: the continuation to resume, or `nil`
        /// when the sender has not suspended (it takes `endedOutcome` itself).
        func end(with outcome: Outcome) -> UnsafeContinuation<Outcome, Never>? {
            endedOutcome = outcome
            let (ended, _) = handoff.compareExchange(
                expected: Handoff.running.rawValue, desired: Handoff.ended.rawValue, ordering: .acquiringAndReleasing)
            if ended { return nil }
            // The sender is suspended (or about to be): publish everything the driver wrote, so
            // that `takeOutcome()` after its await is ordered after it by this store.
            handoff.store(Handoff.ended.rawValue, ordering: .releasing)
            defer { continuation = nil }
            return continuation
        }

        /// Called by the sender after its await: the acquire that orders its reads of the transfer
        /// (head, body, metrics) after the driver's writes, which `end(with:)` published.
        func takeOutcome(_ resumed: Outcome) -> Outcome {
            _ = handoff.load(ordering: .acquiring)
            return resumed
        }

        /// The outcome, if the loop has ended the transfer and no continuation is installed.
        func outcomeIfEnded() -> Outcome? {
            handoff.load(ordering: .acquiring) == Handoff.ended.rawValue ? endedOutcome : nil
        }

        /// Called by the sender inside `withUnsafeContinuation`: installs `continuation`, or resumes
        /// it at once when the loop ended the transfer first.
        func wait(_ continuation: UnsafeContinuation<Outcome, Never>) {
            self.continuation = continuation
            let (installed, _) = handoff.compareExchange(
                expected: Handoff.running.rawValue, desired: Handoff.waiting.rawValue, ordering: .acquiringAndReleasing)
            if installed { return }
            self.continuation = nil
            continuation.resume(returning: endedOutcome ?? .cancelled)
        }
        /// The idle timeout in nanoseconds (0 for none) and when a byte last moved.
        let idleTimeout: UInt64
        var lastActivity: UInt64 = 0
        /// Whether the write callback paused the transfer for a slow reader (no idle timeout then).
        var isPaused = false {
            didSet { if isPaused { hasPaused = true } }
        }
        /// Whether the transfer was ever paused (its handle is then reset before reuse).
        private(set) var hasPaused = false
        /// Whether the transfer finished without any error, so that its easy handle can be reused
        /// with its options (see `CurlEventLoop.recycle`).
        var endedCleanly: Bool {
            guard case .finished(let code) = endedOutcome else { return false }
            return code == NCURLE_OK && failure == nil && !hasPaused
        }

        /// Whether the transfer opened a connection (rather than reusing one); read after it ended.
        var openedConnection: Bool {
            var connects = 0
            _ = ncurl_easy_getinfo_long(easy, NCURLINFO_NUM_CONNECTS, &connects)
            return connects > 0
        }

        /// An error a callback decided on (body too large, unreadable body file).
        private(set) var failure: NetworkingError?
        /// The response heads received so far (the loop's driver's until the transfer ends).
        /// Behind a pointer: libcurl calls `receiveHeader` for every header line, and mutating a
        /// stored property of a class is checked for exclusive access at run time each time
        /// (~120 instructions a line); the same hand-overs as for every other field order it.
        private let parser: UnsafeMutablePointer<CurlHeadParser> = {
            let parser = UnsafeMutablePointer<CurlHeadParser>.allocate(capacity: 1)
            parser.initialize(to: CurlHeadParser())
            return parser
        }()
        private let isHead: Bool
        private var body: BodySource = .none
        private var bodyOffset = 0
        private var headerList: OpaquePointer?
        private let errorBuffer: UnsafeMutablePointer<CChar>
        private let progress: (@Sendable (CurlTransport.TransferProgress) -> Void)?
        private var lastProgress: (Int64, Int64, Int64, Int64) = (-1, -1, -1, -1)

        /// Configures `easy` (from `loop`) for `request` to `url` (`absoluteURL` its string), whose
        /// scheme is http or https; `isConfigured` says whether `easy` already holds the options
        /// `configureHandle` sets (a handle reused after a clean transfer of the same transport);
        /// `userAgentLine` is the transport's `User-Agent` line, sent when the request has none.
        /// Throws `.invalidRequest` for a body file that cannot be read.
        init(
            loop: CurlEventLoop, easy: OpaquePointer, isConfigured: Bool, request: URLRequest, url: URL,
            absoluteURL: String, isHTTPS: Bool, configuration: CurlTransport.Configuration, userAgentLine: String?,
            timeoutMilliseconds: Int?, sink: any CurlBodySink,
            progress: (@Sendable (CurlTransport.TransferProgress) -> Void)?
        ) throws(NetworkingError) {
            self.loop = loop
            self.easy = easy
            self.request = request
            self.url = url
            self.sink = sink
            self.progress = progress
            let method = Self.uppercased(request.httpMethod ?? "GET")
            self.isHead = method == "HEAD"
            let interval = request.timeoutInterval
            self.idleTimeout = interval > 0 && interval.isFinite ? UInt64(interval * 1_000_000_000) : 0
            self.errorBuffer = .allocate(capacity: Int(NCURL_ERROR_SIZE))
            errorBuffer.initialize(repeating: 0, count: Int(NCURL_ERROR_SIZE))
            if !isConfigured { Self.configureHandle(easy, configuration: configuration) }
            try configure(
                absoluteURL: absoluteURL, isHTTPS: isHTTPS, method: method, resetsMethod: isConfigured,
                configuration: configuration, userAgentLine: userAgentLine, timeoutMilliseconds: timeoutMilliseconds)
        }

        deinit {
            if let headerList { ncurl_slist_free_all(headerList) }
            if case .file(let descriptor, _) = body { close(descriptor) }
            errorBuffer.deallocate()
            parser.deinitialize(count: 1)
            parser.deallocate()
        }

        // MARK: - Options

        /// The options that are the same for every request of a transport: set once per easy
        /// handle, kept while the handle is reused (see `CurlEventLoop.recycle`). The callbacks'
        /// data pointers are per request (`configure`).
        private static func configureHandle(_ easy: OpaquePointer, configuration: CurlTransport.Configuration) {
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
            if !CurlLibrary.environmentNamesProxy {  // as libcurl would find, without its per-request getenv
                setString(NCURLOPT_PROXY, "")
                setString(NCURLOPT_NOPROXY, "")
            }
            setLong(NCURLOPT_FOLLOWLOCATION, 0)
            setLong(NCURLOPT_CONNECTTIMEOUT_MS, milliseconds(configuration.connectTimeout))
            switch configuration.httpVersion {
            case .http1: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_1_1))
            case .http2: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_2TLS))
            case .http2PriorKnowledge: setLong(NCURLOPT_HTTP_VERSION, Int(NCURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE))
            }
            if let file = configuration.caCertificateFile { setString(NCURLOPT_CAINFO, file) }
            if let key = configuration.pinnedPublicKey { setString(NCURLOPT_PINNEDPUBLICKEY, key) }
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
            _ = ncurl_easy_set_xferinfo_callback(
                easy,
                { userdata, downloadTotal, downloaded, uploadTotal, uploaded in
                    guard let userdata else { return 0 }
                    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                    transfer.reportProgress(downloadTotal, downloaded, uploadTotal, uploaded)
                    return 0
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
            NCURLOPT_HEADERDATA, NCURLOPT_WRITEDATA, NCURLOPT_XFERINFODATA, NCURLOPT_READDATA, NCURLOPT_SEEKDATA,
        ]

        /// Sets every per-request option, whatever a previous transfer on the handle set:
        /// `resetsMethod` first returns the handle to a bodiless GET.
        private func configure(
            absoluteURL: String, isHTTPS: Bool, method: String, resetsMethod: Bool,
            configuration: CurlTransport.Configuration, userAgentLine: String?, timeoutMilliseconds: Int?
        ) throws(NetworkingError) {
            let userdata = Unmanaged.passUnretained(self).toOpaque()
            for option in Self.callbackDataOptions {
                _ = ncurl_easy_setopt_pointer(easy, option, userdata)
            }
            setString(NCURLOPT_URL, absoluteURL)
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_ERRORBUFFER, errorBuffer)
            setLong(NCURLOPT_NOPROGRESS, progress == nil ? 1 : 0)
            setLong(NCURLOPT_TIMEOUT_MS, timeoutMilliseconds.map { max(1, $0) } ?? 0)
            // Waiting for a busy connection to turn out to multiplex only pays where HTTP/2 is
            // possible: over cleartext HTTP/1.1 it would queue a request behind a slow one.
            // (An h2c connection is not reused before curl 8.0: see `configureHandle`.)
            let multiplexes =
                configuration.mayMultiplex(isHTTPS: isHTTPS)
                && (configuration.httpVersion != .http2PriorKnowledge || CurlLibrary.reusesPriorKnowledgeConnections)
            setLong(NCURLOPT_PIPEWAIT, multiplexes ? 1 : 0)
            if resetsMethod { setLong(NCURLOPT_HTTPGET, 1) }  // clears POST, NOBODY and upload
            try configureBody(method: method)
            configureHeaders(userAgentLine: userAgentLine)
        }

        private func configureBody(method: String) throws(NetworkingError) {
            let size: Int64?
            if let fileURL = request.fileBodyURL {
                let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC)
                var info = stat()
                guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                    let reason = String(cString: strerror(errno))
                    if descriptor >= 0 { close(descriptor) }
                    throw .invalidRequest("the body file '\(fileURL.path)' cannot be read: \(reason)")
                }
                body = .file(descriptor: descriptor, size: Int64(info.st_size))
                size = Int64(info.st_size)
            } else if let data = request.httpBody {
                body = .data(data)
                size = Int64(data.count)
            } else if let stream = request.httpBodyStream {
                body = .stream(stream)
                size = -1  // unknown: sent chunked
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

        /// The method name sent instead of the one libcurl derives from the options (`nil`: none).
        private func setCustomRequest(_ method: String?) {
            if let method {
                setString(NCURLOPT_CUSTOMREQUEST, method)
            } else {
                _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_CUSTOMREQUEST, nil)
            }
        }

        private func configureHeaders(userAgentLine: String?) {
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
                if !hasExpect { append("Expect:") }  // no 100-continue round trip
                if !hasContentType { append("Content-Type:") }  // libcurl would invent a form type
            }
            if case .stream = body, !hasTransferEncoding { append("Transfer-Encoding: chunked") }
            if !hasUserAgent, let userAgentLine { append(userAgentLine) }
            // libcurl leaves out its own line when the list has one (see CurlLibrary.acceptEncodingLine).
            if !hasAcceptEncoding, let line = CurlLibrary.acceptEncodingLine { append(line) }
            headerList = list
            _ = ncurl_easy_setopt_pointer(easy, NCURLOPT_HTTPHEADER, list.map { UnsafeRawPointer($0) })
        }

        private func setLong(_ option: Int32, _ value: Int) { Self.setLong(easy, option, value) }
        private func setString(_ option: Int32, _ value: String) { Self.setString(easy, option, value) }

        private static func setLong(_ easy: OpaquePointer, _ option: Int32, _ value: Int) {
            _ = ncurl_easy_setopt_long(easy, option, value)
        }

        /// `withCString`, not the implicit conversion: that one copies every string into a new array.
        private static func setString(_ easy: OpaquePointer, _ option: Int32, _ value: String) {
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

        // MARK: - Callbacks (the loop's driver)

        /// One complete header line, status lines and the blank line ending each head included.
        private func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            lastActivity = CurlClock.now()
            return parser.pointee.receive(line) ? finishHead() : true
        }

        /// The final head is complete: hands it to the sink.
        private func finishHead() -> Bool {
            guard let head = parser.pointee.makeHead(url: url) else {
                failure = .invalidResponse
                return false
            }
            self.head = head
            let expected = isHead || parser.pointee.isContentEncoded ? nil : parser.pointee.contentLength
            if let error = sink.responseStarted(head, expectedLength: expected) {
                failure = error
                return false
            }
            return true
        }

        /// What the write callback returns: the byte count, 0 to abort, or `CURL_WRITEFUNC_PAUSE`.
        private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            lastActivity = CurlClock.now()
            if sink.shouldPause() {
                isPaused = true
                return Int(NCURL_WRITEFUNC_PAUSE)
            }
            if let error = sink.receive(bytes) {
                failure = error
                return 0
            }
            return bytes.count
        }

        private func readBody(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
            lastActivity = CurlClock.now()
            switch body {
            case .none:
                return 0
            case .data(let data):
                let count = min(capacity, data.count - bodyOffset)
                guard count > 0 else { return 0 }
                data.withUnsafeBytes { source in
                    if let base = source.baseAddress {
                        UnsafeMutableRawPointer(buffer).copyMemory(from: base + bodyOffset, byteCount: count)
                    }
                }
                bodyOffset += count
                return count
            case .file(let descriptor, _):
                let count = read(descriptor, buffer, capacity)
                guard count >= 0 else {
                    return abortRead("reading the body file failed: \(String(cString: strerror(errno)))")
                }
                return count
            case .stream(let stream):
                if stream.streamStatus == .notOpen { stream.open() }
                let count = buffer.withMemoryRebound(to: UInt8.self, capacity: capacity) {
                    stream.read($0, maxLength: capacity)
                }
                guard count >= 0 else { return abortRead("reading the body stream failed") }
                return count
            }
        }

        private func abortRead(_ reason: String) -> Int {
            failure = .transport(URLError(.cannotOpenFile, userInfo: Self.userInfo(request.url, reason)))
            return Int(NCURL_READFUNC_ABORT)
        }

        private func seekBody(to offset: Int64, origin: Int32) -> Int32 {
            guard origin == SEEK_SET, offset >= 0 else { return NCURL_SEEKFUNC_CANTSEEK }
            switch body {
            case .none:
                return offset == 0 ? NCURL_SEEKFUNC_OK : NCURL_SEEKFUNC_FAIL
            case .data(let data):
                guard offset <= Int64(data.count) else { return NCURL_SEEKFUNC_FAIL }
                bodyOffset = Int(offset)
                return NCURL_SEEKFUNC_OK
            case .file(let descriptor, _):
                return lseek(descriptor, off_t(offset), SEEK_SET) < 0 ? NCURL_SEEKFUNC_FAIL : NCURL_SEEKFUNC_OK
            case .stream:
                return NCURL_SEEKFUNC_CANTSEEK
            }
        }

        private func reportProgress(
            _ downloadTotal: Int64, _ downloaded: Int64, _ uploadTotal: Int64, _ uploaded: Int64
        ) {
            guard let progress, lastProgress != (downloadTotal, downloaded, uploadTotal, uploaded) else { return }
            lastProgress = (downloadTotal, downloaded, uploadTotal, uploaded)
            var expectedToSend: Int64?
            switch body {
            case .data(let data): expectedToSend = Int64(data.count)
            case .file(_, let size): expectedToSend = size
            case .none, .stream: expectedToSend = uploadTotal > 0 ? uploadTotal : nil
            }
            progress(
                CurlTransport.TransferProgress(
                    bytesSent: uploaded, totalBytesExpectedToSend: expectedToSend, bytesReceived: downloaded,
                    totalBytesExpectedToReceive: downloadTotal > 0 ? downloadTotal : nil))
        }

        // MARK: - Results (sending task, after completion)

        /// The final response head once it is complete (set by the loop's driver in `finishHead`).
        private(set) var head: ResponseHead?

        /// The response head received, or `nil` when none (or no valid status line) was.
        func makeHead() -> ResponseHead? { parser.pointee.makeHead(url: url) }

        /// libcurl's own description of the last failure, when it wrote one.
        var errorMessage: String? {
            errorBuffer[0] == 0 ? nil : String(cString: errorBuffer)
        }

        static func userInfo(_ url: URL?, _ description: String) -> [String: Any] {
            var info: [String: Any] = [NSLocalizedDescriptionKey: description]
            if let url { info[NSURLErrorFailingURLErrorKey] = url }
            return info
        }
    }

    /// A monotonic clock in nanoseconds, cheap enough to read in every callback.
    enum CurlClock {
        static func now() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }
#endif
