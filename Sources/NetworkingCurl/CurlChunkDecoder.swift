#if os(Linux)
    import Foundation
    import NetworkingCore

    /// Decodes a chunked response body (RFC 9112 §7.1) that libcurl hands over as it arrived
    /// (`CURLOPT_HTTP_TRANSFER_DECODING` off), so that a stream knows its last chunk and trailers
    /// when they come: libcurl 7.88 decoding them itself says nothing of the end until the
    /// transfer's upload has ended too. libcurl still reads the chunks to find the end of the
    /// transfer, and fails it on a malformed one; this decoder refuses the same.
    struct CurlChunkDecoder {
        private enum State {
            /// Reading a chunk-size line (with any extension) up to its LF.
            case size
            /// This many bytes of chunk data to come.
            case data(Int64)
            /// The CRLF after a chunk's data.
            case dataEnd
            /// Reading trailer field lines up to the empty one.
            case trailers
            /// The body is over.
            case done
        }

        /// The longest chunk-size line or trailer line accepted.
        static let maxLineLength = 8 * 1024
        /// The most trailer bytes accepted.
        static let maxTrailerBytes = 64 * 1024

        private var state = State.size
        private var line: [UInt8] = []
        private var trailerBytes = 0
        /// The trailer fields received, in order.
        private(set) var trailers = HTTPHeaders()

        /// Whether the last chunk and the trailer section have come.
        var isFinished: Bool {
            if case .done = state { return true }
            return false
        }

        /// Decodes `bytes`, handing each run of body bytes to `emit` in order. Throws
        /// `.cannotParseResponse` on a malformed chunk.
        mutating func decode(
            _ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void
        ) throws(NetworkingError) {
            var index = 0
            while index < bytes.count {
                switch state {
                case .done:
                    return
                case .data(let remaining):
                    let count = Int(min(remaining, Int64(bytes.count - index)))
                    emit(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)]))
                    index += count
                    state = remaining == Int64(count) ? .dataEnd : .data(remaining - Int64(count))
                case .dataEnd:
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\n") {
                        state = .size
                    } else if byte != UInt8(ascii: "\r") {
                        throw Self.malformed("a chunk's data is not followed by CRLF")
                    }
                case .size, .trailers:
                    let byte = bytes[index]
                    index += 1
                    guard byte == UInt8(ascii: "\n") else {
                        guard line.count < Self.maxLineLength else { throw Self.malformed("a line is too long") }
                        line.append(byte)
                        continue
                    }
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    try endLine()
                    line.removeAll(keepingCapacity: true)
                }
            }
        }

        /// A complete chunk-size or trailer line (without its CRLF) is in `line`.
        private mutating func endLine() throws(NetworkingError) {
            if case .trailers = state {
                guard !line.isEmpty else {
                    state = .done
                    return
                }
                trailerBytes += line.count
                guard trailerBytes <= Self.maxTrailerBytes else { throw Self.malformed("the trailers are too long") }
                let text = String(decoding: line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else { return }  // not a field: left out
                let name = text[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return }
                trailers.add(name: name, value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                return
            }
            var size: Int64 = 0
            var digits = 0
            for byte in line {
                guard let digit = Self.hexValue(byte) else {
                    guard digits > 0, byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == 0x09 else {
                        throw Self.malformed("a chunk size is not hexadecimal")
                    }
                    break  // an extension (or whitespace before it) follows
                }
                guard size <= (Int64.max >> 4) else { throw Self.malformed("a chunk size is too large") }
                size = size << 4 | Int64(digit)
                digits += 1
            }
            guard digits > 0 else { throw Self.malformed("a chunk size is missing") }
            state = size == 0 ? .trailers : .data(size)
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        private static func malformed(_ reason: String) -> NetworkingError {
            .transport(
                URLError(
                    .cannotParseResponse,
                    userInfo: [NSLocalizedDescriptionKey: "The chunked response body is malformed: \(reason)."]))
        }
    }
#endif
