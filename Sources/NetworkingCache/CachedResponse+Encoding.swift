import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CachedResponse {
    fileprivate static let magic = Array("NWR1".utf8)

    /// The response as one blob: the body first, then the status, URL, dates and headers, then the
    /// length of that trailer and a magic number. Putting the body first lets `init(encoded:)` hand
    /// it out without copying. The format of the library's own caches, not a public one.
    package func encoded() -> Data {
        var trailer = Data()
        trailer.appendInteger(storedAt.timeIntervalSince1970.bitPattern)
        trailer.appendInteger(UInt16(clamping: statusCode))
        trailer.appendString(url?.absoluteString)
        trailer.appendHeaders(headers)
        trailer.appendHeaders(variantHeaders)
        var data = Data(capacity: body.count + trailer.count + 8)
        data.append(body)
        data.append(trailer)
        data.appendInteger(UInt32(trailer.count))
        data.append(contentsOf: Self.magic)
        return data
    }

    /// Decodes a blob made by `encoded()`; `nil` if it is not one.
    package init?(encoded data: Data) {
        let data = data.startIndex == 0 ? data : Data(data)
        guard let trailer = data.withUnsafeBytes({ Trailer($0) }) else { return nil }
        self.init(
            statusCode: trailer.statusCode, headers: trailer.headers, body: data.prefix(trailer.bodyLength),
            url: trailer.url.flatMap { URL(string: $0) }, storedAt: trailer.storedAt,
            variantHeaders: trailer.variantHeaders)
    }

    /// The body of a blob made by `encoded()`, without decoding the rest (for a caller that wants
    /// only the bytes); `nil` if it is not one.
    package static func body(ofEncoded data: Data) -> Data? {
        let data = data.startIndex == 0 ? data : Data(data)
        let length = data.withUnsafeBytes { Trailer.bodyLength(of: $0) }
        return length.map { data.prefix($0) }
    }

    /// An exchange carrying this response, as if `request` had just received it.
    package func exchange(for request: URLRequest, extraHeaders: HTTPHeaders = [:], metrics: TransactionMetrics? = nil)
        -> HTTPExchange?
    {
        guard let responseURL = url ?? request.url else { return nil }
        let head: ResponseHead?
        if extraHeaders.isEmpty, let lines = Self.fieldLines(headers) {
            head = ResponseHead(url: responseURL, statusCode: statusCode, fieldLines: lines)  // parsed if read
        } else {
            var fields = headers.dictionary
            for field in extraHeaders { fields[field.name] = field.value }
            head = ResponseHead(url: responseURL, statusCode: statusCode, headerFields: fields)
        }
        guard let head else { return nil }
        return HTTPExchange(request: request, head: head, body: body, metrics: metrics)
    }

    /// The fields as the lines of a head (`Name: value` and LF each), or `nil` if one holds a line
    /// break of its own.
    private static func fieldLines(_ headers: HTTPHeaders) -> [UInt8]? {
        var lines: [UInt8] = []
        lines.reserveCapacity(headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 3 })
        for field in headers {
            guard append(field.name, to: &lines) else { return nil }
            lines.append(UInt8(ascii: ":"))
            lines.append(UInt8(ascii: " "))
            guard append(field.value, to: &lines) else { return nil }
            lines.append(10)
        }
        return lines
    }

    /// Appends the bytes of `text` to `lines`, read in place; `false` if they hold a CR or an LF.
    private static func append(_ text: String, to lines: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 == 10 || $0 == 13 }) else { return false }
            lines.append(contentsOf: bytes)
            return true
        }
    }
}

/// What an encoded response holds after its body: read in place from the blob's bytes.
private struct Trailer {
    let bodyLength: Int
    let storedAt: Date
    let statusCode: Int
    let url: String?
    let headers: HTTPHeaders
    let variantHeaders: HTTPHeaders

    /// The length of the body that starts `bytes`, read from the length and magic number that end
    /// them; `nil` if they do not end an encoded response.
    static func bodyLength(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 8, bytes[(bytes.count - 4)...].elementsEqual(CachedResponse.magic) else { return nil }
        var lengthReader = ByteReader(bytes: bytes, offset: bytes.count - 8, end: bytes.count - 4)
        guard let trailerLength = lengthReader.integer(UInt32.self), Int(trailerLength) <= bytes.count - 8 else {
            return nil
        }
        return bytes.count - 8 - Int(trailerLength)
    }

    /// The trailer of `bytes`, a whole encoded response; `nil` if it is not one.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let bodyLength = Self.bodyLength(of: bytes) else { return nil }
        self.bodyLength = bodyLength
        var reader = ByteReader(bytes: bytes, offset: bodyLength, end: bytes.count - 8)
        guard let seconds = reader.integer(UInt64.self), let status = reader.integer(UInt16.self),
            let url = reader.string(), let headers = reader.headers(), let variant = reader.headers(),
            reader.isAtEnd
        else { return nil }
        storedAt = Date(timeIntervalSince1970: Double(bitPattern: seconds))
        statusCode = Int(status)
        self.url = url
        self.headers = headers
        variantHeaders = variant
    }
}

extension CachedResponse {
    /// The parts of an exchange a cache keeps, received at `date`.
    package init(exchange: HTTPExchange, storedAt date: Date, variantHeaders: HTTPHeaders = [:]) {
        self.init(
            statusCode: exchange.statusCode, headers: exchange.responseHeaders,
            body: exchange.body, url: exchange.head.url ?? exchange.request.url, storedAt: date,
            variantHeaders: variantHeaders)
    }
}

/// Reads little-endian integers, length-prefixed strings and header lists from raw bytes.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int
    let end: Int

    var isAtEnd: Bool { offset == end }

    mutating func integer<T: FixedWidthInteger & BitwiseCopyable>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard offset >= 0, end - offset >= size else { return nil }
        let value = T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        offset += size
        return value
    }

    /// A length-prefixed UTF-8 string; `.some(nil)` for the absent marker.
    mutating func string() -> String?? {
        guard let length = integer(UInt32.self) else { return nil }
        if length == UInt32.max { return .some(nil) }
        guard end - offset >= Int(length) else { return nil }
        let text = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)]), as: UTF8.self)
        offset += Int(length)
        return .some(text)
    }

    mutating func headers() -> HTTPHeaders? {
        guard let count = integer(UInt32.self), Int(count) <= (end - offset) / 8 else { return nil }
        var headers = HTTPHeaders()
        for _ in 0..<count {
            guard let name = string() ?? nil, let value = string() ?? nil else { return nil }
            headers.add(name: name, value: value)
        }
        return headers
    }
}

extension Data {
    fileprivate mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<MemoryLayout<T>.size { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    fileprivate mutating func appendString(_ string: String?) {
        guard let string else {
            appendInteger(UInt32.max)
            return
        }
        let bytes = Array(string.utf8)
        appendInteger(UInt32(bytes.count))
        append(contentsOf: bytes)
    }

    fileprivate mutating func appendHeaders(_ headers: HTTPHeaders) {
        appendInteger(UInt32(headers.count))
        for field in headers {
            appendString(field.name)
            appendString(field.value)
        }
    }
}
