#if os(Linux)
    import Foundation
    import NetworkingCore

    /// Reads the header lines libcurl hands over, one response head after another (interim 1xx
    /// heads are replaced by what follows them), keeping the field lines as received for
    /// `ResponseHead` and reading only the two fields a body sink needs at once.
    ///
    /// The field lines that come once the final head is complete are the body's trailers (libcurl
    /// hands chunked trailers to the header callback after the last chunk): they are kept apart,
    /// in `trailerLines`, and never start or change a head.
    ///
    /// A value type so that the event-loop thread updates it with one access per line.
    struct CurlHeadParser {
        private(set) var statusCode = 0
        private(set) var httpVersion = "HTTP/1.1"
        /// The field lines of the current head, as received (CRLF included); parsed only if and
        /// when someone reads a header, off the shared loop thread.
        private(set) var fieldLines: [UInt8] = []
        /// `Content-Length` of the head (the last one), and whether it has a `Content-Encoding`.
        private(set) var contentLength: Int64?
        private(set) var isContentEncoded = false
        /// Whether the last field line was `Content-Length` (a folded line would continue it).
        private var continuesContentLength = false
        /// Whether the head has more than one `Content-Length` line, or one listing several
        /// values: then `ResponseHead.hasConflictingContentLength` decides whether it is refused.
        private(set) var mayConflictInContentLength = false
        /// Whether a `Content-Length` line came in the current head.
        private var sawContentLength = false
        /// Whether the final head is complete.
        private(set) var isComplete = false
        /// Whether the last line ended an interim (1xx, not 101) head, whose fields are still
        /// those `makeHead` reads until the next status line.
        private(set) var endedInterimHead = false
        /// The trailer field lines that followed the body, as received (CRLF included).
        private(set) var trailerLines: [UInt8] = []

        /// Takes one complete header line (status line and the blank line ending a head included).
        /// Returns `true` when the line completed the final (non-1xx) head.
        mutating func receive(_ line: UnsafeRawBufferPointer) -> Bool {
            let bytes = ResponseHead.trimmed(line)
            if bytes.isEmpty {
                if isComplete { return false }
                if (100..<200).contains(statusCode) && statusCode != 101 {
                    endedInterimHead = true
                    return false
                }
                isComplete = true
                return true
            }
            // (Once trailers have come, nothing more is a head: a trailer never restarts one.)
            if Self.isStatusLine(bytes), trailerLines.isEmpty {
                startHead(bytes)
                return false
            }
            if isComplete {  // a trailer: not part of the response head
                trailerLines.append(contentsOf: line.assumingMemoryBound(to: UInt8.self))
                if line[line.count - 1] != UInt8(ascii: "\n") { trailerLines.append(UInt8(ascii: "\n")) }
                return false
            }
            fieldLines.append(contentsOf: line.assumingMemoryBound(to: UInt8.self))  // one copy, no iteration
            if line[line.count - 1] != UInt8(ascii: "\n") { fieldLines.append(UInt8(ascii: "\n")) }
            readSinkField(line)
            return false
        }

        /// Reads the two fields a sink needs as the body starts, without parsing the rest, exactly as
        /// `ResponseHead` reads them (see `FieldLines`): the line ends before its LF and the CRs
        /// before that; a name starts the line and, like the value, is trimmed of spaces and tabs
        /// alone; a line starting with a space or a tab continues the field before it, so a
        /// `Content-Length` continued that way is no longer a number.
        private mutating func readSinkField(_ line: UnsafeRawBufferPointer) {
            let field = ResponseHead.withoutLineEnd(line)
            guard let first = field.first else { return }
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                if continuesContentLength, !ResponseHead.trimmingSpacesAndTabs(field).isEmpty { contentLength = nil }
                return
            }
            continuesContentLength = false
            guard first | 0x20 == UInt8(ascii: "c"), let colon = field.firstIndex(ofByte: UInt8(ascii: ":")) else {
                return
            }
            let name = ResponseHead.trimmingSpacesAndTabs(UnsafeRawBufferPointer(rebasing: field[..<colon]))
            if Self.equalIgnoringASCIICase(name, "content-length") {
                let value = ResponseHead.trimmingSpacesAndTabs(UnsafeRawBufferPointer(rebasing: field[(colon + 1)...]))
                if sawContentLength || value.firstIndex(ofByte: UInt8(ascii: ",")) != nil {
                    mayConflictInContentLength = true
                }
                sawContentLength = true
                contentLength = Self.decimal(value)
                continuesContentLength = true
            } else if Self.equalIgnoringASCIICase(name, "content-encoding") {
                isContentEncoded = true
            }
        }

        /// The head received so far, or `nil` when no valid status line was.
        func makeHead(url: URL) -> ResponseHead? {
            ResponseHead(url: url, statusCode: statusCode, httpVersion: httpVersion, fieldLines: fieldLines)
        }

        /// The trailers received, in order (a line without a colon is left out).
        func makeTrailers() -> HTTPHeaders { FieldLines.headers(in: trailerLines) }

        /// A status line starts a new head: reads `HTTP/x[.y] SP code [SP reason]` (the code is 0
        /// when it is not a number) and forgets the previous head's fields.
        private mutating func startHead(_ line: UnsafeRawBufferPointer) {
            if fieldLines.isEmpty {
                fieldLines.reserveCapacity(512)
            } else {
                fieldLines.removeAll(keepingCapacity: true)
            }
            contentLength = nil
            continuesContentLength = false
            mayConflictInContentLength = false
            sawContentLength = false
            isContentEncoded = false
            isComplete = false
            endedInterimHead = false
            let space = UInt8(ascii: " ")
            let versionEnd = line.firstIndex(of: space) ?? line.count
            let version = UnsafeRawBufferPointer(rebasing: line[..<versionEnd])
            httpVersion = Self.isHTTP11(version) ? "HTTP/1.1" : String(decoding: version, as: UTF8.self)
            var index = versionEnd
            while index < line.count, line[index] == space { index += 1 }
            var code = 0
            var digits = 0
            while index < line.count, line[index] != space {
                let digit = Int(line[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit), digits < 9 else {
                    statusCode = 0
                    return
                }
                code = code * 10 + digit
                digits += 1
                index += 1
            }
            statusCode = digits > 0 ? code : 0
        }

        /// Whether `version` is `HTTP/1.1` (byte by byte: a generic comparison costs ~20 times as much).
        private static func isHTTP11(_ version: UnsafeRawBufferPointer) -> Bool {
            guard version.count == 8 else { return false }
            var value: UInt64 = 0
            for byte in version { value = value << 8 | UInt64(byte) }
            return value == 0x4854_5450_2F31_2E31  // "HTTP/1.1"
        }

        /// Whether a header line is a status line (`HTTP/…`), which starts a new response head.
        private static func isStatusLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
            bytes.count >= 5 && bytes[0] == UInt8(ascii: "H") && bytes[1] == UInt8(ascii: "T")
                && bytes[2] == UInt8(ascii: "T") && bytes[3] == UInt8(ascii: "P") && bytes[4] == UInt8(ascii: "/")
        }

        /// The non-negative decimal number `bytes` spell (what `Content-Length` holds), `Int64.max`
        /// for one too large to represent (a length no body can have, so a body limit refuses it
        /// at once), or `nil` when they are not a number.
        private static func decimal(_ bytes: UnsafeRawBufferPointer) -> Int64? {
            guard !bytes.isEmpty else { return nil }
            var value: Int64 = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                value = overflowed || overflowedAgain ? .max : sum
            }
            return value
        }

        /// Whether `bytes` spell `lowercaseName` ignoring ASCII case (`lowercaseName` is lowercase).
        private static func equalIgnoringASCIICase(_ bytes: UnsafeRawBufferPointer, _ lowercaseName: StaticString)
            -> Bool
        {
            guard bytes.count == lowercaseName.utf8CodeUnitCount else { return false }
            let name = lowercaseName.utf8Start
            for index in 0..<bytes.count {
                let byte = bytes[index]
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                guard lower == name[index] else { return false }
            }
            return true
        }
    }
#endif
