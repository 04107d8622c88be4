import Foundation

extension ResponseBodyStream {
    /// The longest line `lines` accepts by default: 8 MiB.
    @usableFromInline package static let defaultMaxLineLength = 8 * 1024 * 1024

    /// The body as single bytes.
    public var bytes: Bytes { Bytes(base: self) }

    /// The body as lines of UTF-8 text, split at LF, CR or CRLF (the terminators are removed;
    /// empty lines are kept; invalid UTF-8 is repaired with U+FFFD). A line longer than
    /// `maxLineLength` bytes cancels the transfer and throws
    /// `.transport(URLError(.dataLengthExceedsMaximum))`.
    public func lines(maxLineLength: Int) -> Lines {
        Lines(base: self, maxLineLength: maxLineLength)
    }

    /// The body as lines of at most 8 MiB (see `lines(maxLineLength:)`).
    public var lines: Lines { lines(maxLineLength: Self.defaultMaxLineLength) }

    /// A response body as an `AsyncSequence` of bytes.
    public struct Bytes: AsyncSequence, Sendable {
        /// The chunked body this view reads.
        package let base: ResponseBodyStream

        /// Returns an iterator over the body's bytes.
        public func makeAsyncIterator() -> Iterator { Iterator(chunks: base.makeAsyncIterator()) }

        /// Reads the bytes in order.
        public struct Iterator: AsyncIteratorProtocol, Sendable {
            var chunks: ResponseBodyStream.Iterator
            var chunk = Data()
            var index = 0

            /// The next byte, or `nil` at the end of the body.
            public mutating func next() async throws(NetworkingError) -> UInt8? {
                while index >= chunk.count {
                    guard let next = try await chunks.next() else { return nil }
                    chunk = next
                    index = 0
                }
                let byte = chunk[chunk.startIndex + index]
                index += 1
                return byte
            }
        }
    }

    /// A response body as an `AsyncSequence` of text lines.
    public struct Lines: AsyncSequence, Sendable {
        /// The chunked body this view reads.
        package let base: ResponseBodyStream
        /// The longest line accepted, in bytes.
        package let maxLineLength: Int

        /// Returns an iterator over the body's lines.
        public func makeAsyncIterator() -> Iterator {
            Iterator(chunks: base.makeAsyncIterator(), base: base, splitter: LineSplitter(maxLineLength: maxLineLength))
        }

        /// Reads the lines in order.
        public struct Iterator: AsyncIteratorProtocol, Sendable {
            var chunks: ResponseBodyStream.Iterator
            let base: ResponseBodyStream
            var splitter: LineSplitter
            var pending: [[UInt8]] = []
            var index = 0
            var ended = false

            /// The next line, or `nil` at the end of the body.
            public mutating func next() async throws(NetworkingError) -> String? {
                while index >= pending.count {
                    if ended { return nil }
                    pending = []
                    index = 0
                    if let chunk = try await chunks.next() {
                        do {
                            pending = try splitter.split(chunk)
                        } catch {
                            base.cancel()
                            throw error
                        }
                    } else {
                        ended = true
                        if let last = splitter.finish() { pending = [last] }
                    }
                }
                let line = pending[index]
                index += 1
                return String(decoding: line, as: UTF8.self)
            }
        }
    }
}

/// Splits a byte stream into lines at LF, CR or CRLF, across chunk boundaries.
struct LineSplitter: Sendable {
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// The longest line accepted, in bytes.
    let maxLineLength: Int
    private var partial: [UInt8] = []
    private var skipLeadingLF = false

    init(maxLineLength: Int) { self.maxLineLength = maxLineLength }

    /// The lines completed by `data`, without their terminators. A line longer than
    /// `maxLineLength` throws `.transport(URLError(.dataLengthExceedsMaximum))`.
    mutating func split(_ data: Data) throws(NetworkingError) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var tooLong = false
        let limit = maxLineLength
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            var index = 0
            if skipLeadingLF, !bytes.isEmpty {
                skipLeadingLF = false
                if bytes[0] == Self.lf {
                    start = 1
                    index = 1
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.lf || byte == Self.cr {
                    if partial.count + (index - start) > limit {
                        tooLong = true
                        return
                    }
                    partial.append(contentsOf: bytes[start..<index])
                    lines.append(partial)
                    partial.removeAll(keepingCapacity: true)
                    if byte == Self.cr {
                        if index + 1 < bytes.count {
                            if bytes[index + 1] == Self.lf { index += 1 }
                        } else {
                            skipLeadingLF = true
                        }
                    }
                    start = index + 1
                }
                index += 1
            }
            if partial.count + (bytes.count - start) > limit {
                tooLong = true
                return
            }
            partial.append(contentsOf: bytes[start..<bytes.count])
        }
        if tooLong { throw .bodyTooLarge(limit: limit) }
        return lines
    }

    /// The unterminated last line, if the stream did not end with a line break.
    mutating func finish() -> [UInt8]? {
        defer { partial = [] }
        return partial.isEmpty ? nil : partial
    }
}
