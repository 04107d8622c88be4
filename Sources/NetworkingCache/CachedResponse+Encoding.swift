import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CachedResponse {
    private static let magic = Array("NWR1".utf8)

    /// The response as one blob: the body first, then the status, URL, dates and headers, then the
    /// length of that trailer and a magic number. Putting the body first lets `init(encoded:)` hand
    /// it out without copying.
    public func encoded() -> Data {
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
    public init?(encoded data: Data) {
        let data = data.startIndex == 0 ? data : Data(data)
        guard data.count >= 8, data.suffix(4).elementsEqual(Self.magic) else { return nil }
        var lengthReader = ByteReader(data: data, offset: data.count - 8)
        guard let trailerLength = lengthReader.integer(UInt32.self), Int(trailerLength) <= data.count - 8 else {
            return nil
        }
        let bodyLength = data.count - 8 - Int(trailerLength)
        var reader = ByteReader(data: data, offset: bodyLength, end: data.count - 8)
        guard let seconds = reader.integer(UInt64.self), let status = reader.integer(UInt16.self),
            let url = reader.string(), let headers = reader.headers(), let variant = reader.headers(),
            reader.isAtEnd
        else { return nil }
        self.init(
            statusCode: Int(status), headers: headers, body: data.prefix(bodyLength),
            url: url.flatMap { URL(string: $0) }, storedAt: Date(timeIntervalSince1970: Double(bitPattern: seconds)),
            variantHeaders: variant)
    }

    /// An exchange carrying this response, as if `request` had just received it.
    public func exchange(for request: URLRequest, extraHeaders: HTTPHeaders = [:], metrics: TransactionMetrics? = nil)
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
        for field in headers {
            guard !field.name.utf8.contains(where: { $0 == 10 || $0 == 13 }),
                !field.value.utf8.contains(where: { $0 == 10 || $0 == 13 })
            else { return nil }
            lines += field.name.utf8
            lines += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            lines += field.value.utf8
            lines.append(10)
        }
        return lines
    }
}

extension CachedResponse {
    /// The parts of an exchange a cache keeps, received at `date`.
    public init(exchange: HTTPExchange, storedAt date: Date, variantHeaders: HTTPHeaders = [:]) {
        self.init(
            statusCode: exchange.statusCode, headers: exchange.responseHeaders,
            body: exchange.body, url: exchange.head.url ?? exchange.request.url, storedAt: date,
            variantHeaders: variantHeaders)
    }
}

private struct ByteReader {
    let data: Data
    var offset: Int
    let end: Int

    init(data: Data, offset: Int, end: Int? = nil) {
        self.data = data
        self.offset = offset
        self.end = end ?? data.count
    }

    var isAtEnd: Bool { offset == end }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard offset >= 0, end - offset >= size else { return nil }
        var value = T.zero
        for index in 0..<size { value |= T(data[offset + index]) << (8 * index) }
        offset += size
        return value
    }

    /// A length-prefixed UTF-8 string; `.some(nil)` for the absent marker.
    mutating func string() -> String?? {
        guard let length = integer(UInt32.self) else { return nil }
        if length == UInt32.max { return .some(nil) }
        guard end - offset >= Int(length) else { return nil }
        let bytes = data[offset..<offset + Int(length)]
        offset += Int(length)
        return .some(String(decoding: bytes, as: UTF8.self))
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
