/// An array on the tape, read in order. A read that fails leaves the container where it was, as in
/// `JSONDecoder`.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let path: JSONCodingPath
    let count: Int?
    private(set) var currentIndex = 0
    /// The entry of the element at `currentIndex`.
    private var element: Int

    init(decoder: TapeDecoder, array: Int, path: JSONCodingPath) throws {
        let entry = decoder.tape.entries[array]
        guard entry.kind == .array else { throw decoder.mismatch([Any].self, at: array, path: path) }
        self.decoder = decoder
        self.path = path
        self.count = Int(entry.count)
        self.element = array + 1
    }

    var codingPath: [any CodingKey] { path.keys }

    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    /// The current element's entry, or `valueNotFound` past the end.
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path.appending(JSONIndexKey(currentIndex)).keys,
                    debugDescription: "Unkeyed container is at end."))
        }
        return element
    }

    private mutating func advance() {
        element = Int(decoder.tape.entries[element].next)
        currentIndex += 1
    }

    /// The key of the current element, for a coding path.
    private var key: JSONIndexKey { JSONIndexKey(currentIndex) }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tape.entries[try next(Never.self)].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try decoder.bool(at: next(type), path: path, key: key)
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try decoder.string(at: next(type), path: path, key: key)
        advance()
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try decoder.floatingPoint(at: next(type), as: type, path: path, key: key)
        advance()
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try decoder.floatingPoint(at: next(type), as: type, path: path, key: key)
        advance()
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { throw decoder.leaveToFoundation() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { throw decoder.leaveToFoundation() }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try decoder.integer(at: next(type), as: type, path: path, key: key)
        advance()
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.unwrap(next(type), as: type, path: .index(currentIndex, path))
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try TapeKeyedContainer<NestedKey>(
            decoder: decoder, object: next(type), path: .index(currentIndex, path),
            convertsKeys: decoder.options.convertsFromSnakeCase)
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try TapeUnkeyedContainer(
            decoder: decoder, array: next([Any].self), path: .index(currentIndex, path))
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder { throw decoder.leaveToFoundation() }
}
