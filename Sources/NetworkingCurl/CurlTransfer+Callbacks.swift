#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import Glibc
    import NetworkingCore

    // libcurl's callbacks, on the loop's driver: header lines, body bytes, the request body's
    // reads and rewinds, and its trailers.
    extension CurlTransfer {
        /// One complete header line, status lines and the blank line ending each head included.
        func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            lastActivity = CurlClock.now()
            if firstHeaderAt == 0 { firstHeaderAt = lastActivity }
            let completesHead = parser.pointee.receive(line)
            if exceedsHTTP2HeadLimit() { return false }
            if parser.pointee.endedInterimHead { reportInterimHead() }
            return completesHead ? finishHead() : true
        }

        /// An interim head is complete: tells the request body's `interimResponses`, if it has one
        /// (a resumable upload reads its `104`).
        private func reportInterimHead() {
            guard let report = requestBody?.interimResponses, let head = parser.pointee.makeHead(url: url) else {
                return
            }
            report(head)
        }

        /// The final head is complete: hands it to the sink. A head that gives differing lengths
        /// for its body aborts the transfer (libcurl would frame the body by one of them, and keep
        /// the connection if that one happened to fit): the response is `.invalidResponse`.
        private func finishHead() -> Bool {
            guard let head = parser.pointee.makeHead(url: url),
                !parser.pointee.mayConflictInContentLength || !head.hasConflictingContentLength
            else {
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
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
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

        func readBody(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
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
                hasSentBody = true
                return count
            case .file(let descriptor, _):
                let count = read(descriptor, buffer, capacity)
                guard count >= 0 else {
                    return abortRead("reading the body file failed: \(String(cString: strerror(errno)))")
                }
                if count > 0 { hasSentBody = true }
                if count > 0, let progress = requestBody?.fileProgress {
                    bodyOffset += count
                    progress.report(
                        TransferProgress(completedBytes: Int64(bodyOffset), totalBytes: requestBody?.length))
                }
                guard count == 0, let trailerPump, let requestBody else { return count }
                // The end of a file with trailers: wait (paused) until they are computed.
                guard case .pause = trailerPump.fileEnded(requestBody, for: self) else { return 0 }
                isSendPaused = true
                return Int(NCURL_READFUNC_PAUSE)
            case .stream(let pump):
                switch pump.read(into: UnsafeMutableRawPointer(buffer), capacity: capacity) {
                case .bytes(let count):
                    if count > 0 { hasSentBody = true }
                    return count
                case .end:
                    return 0
                case .pause:
                    isSendPaused = true
                    return Int(NCURL_READFUNC_PAUSE)
                case .failed(let error):
                    failure = error
                    return Int(NCURL_READFUNC_ABORT)
                }
            }
        }

        private func abortRead(_ reason: String) -> Int {
            failure = .transport(URLError(.cannotOpenFile, userInfo: Self.userInfo(request.url, reason)))
            return Int(NCURL_READFUNC_ABORT)
        }

        func seekBody(to offset: Int64, origin: Int32) -> Int32 {
            guard origin == SEEK_SET, offset >= 0 else { return NCURL_SEEKFUNC_CANTSEEK }
            if offset == 0, hasSentBody {
                if let refusal = unsafeResendRefusal() {
                    failure = refusal
                    return NCURL_SEEKFUNC_FAIL
                }
                hasSentBody = false
            }
            switch body {
            case .none:
                return offset == 0 ? NCURL_SEEKFUNC_OK : NCURL_SEEKFUNC_FAIL
            case .data(let data):
                guard offset <= Int64(data.count) else { return NCURL_SEEKFUNC_FAIL }
                bodyOffset = Int(offset)
                return NCURL_SEEKFUNC_OK
            case .file(let descriptor, _):
                guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { return NCURL_SEEKFUNC_FAIL }
                bodyOffset = Int(offset)  // the file's bytes read so far, for its progress
                return NCURL_SEEKFUNC_OK
            case .stream(let pump):
                return offset == 0 && pump.canRewind ? NCURL_SEEKFUNC_OK : NCURL_SEEKFUNC_CANTSEEK
            }
        }

        /// The trailer callback, after the last chunk of a body with trailers: the trailers as
        /// a list libcurl frees. A field that would break the trailer section (a line break, a
        /// name with a colon or blank) aborts the transfer.
        func sendTrailers(into list: UnsafeMutablePointer<OpaquePointer?>) -> Int32 {
            guard let trailerPump else { return NCURL_TRAILERFUNC_OK }
            var lines: OpaquePointer?
            for field in trailerPump.trailers {
                guard Self.isValidTrailer(field) else {
                    if let lines { ncurl_slist_free_all(lines) }
                    failure = .invalidRequest("the request trailer '\(field.name)' is not a valid header field")
                    return NCURL_TRAILERFUNC_ABORT
                }
                let line = "\(field.name): \(field.value)"
                lines = line.withCString { ncurl_slist_append(lines, $0) } ?? lines
            }
            list.pointee = lines
            return NCURL_TRAILERFUNC_OK
        }

        /// Whether `field` can be sent as one trailer line.
        static func isValidTrailer(_ field: HTTPHeaders.Field) -> Bool {
            func isBreak(_ byte: UInt8) -> Bool { byte == 0x0D || byte == 0x0A || byte == 0 }
            return !field.name.isEmpty
                && !field.name.utf8.contains { isBreak($0) || $0 == UInt8(ascii: ":") || $0 <= 0x20 }
                && !field.value.utf8.contains(where: isBreak)
        }
    }
#endif
