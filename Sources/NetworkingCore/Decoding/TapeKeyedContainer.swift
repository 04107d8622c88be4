/// An object on the tape, read by key, the first of equal keys winning (as in `JSONDecoder`). In an
/// object of a few members a key is found by comparing bytes; a larger one (a map decoded as a
/// dictionary, say) is indexed once, so that reading every member stays linear.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// The object's entry.
    let object: Int
    let path: JSONCodingPath
    /// Whether keys convert from snake case (see ``SnakeCaseKey``).
    let convertsKeys: Bool
    /// The value of each key, for an object of more than ``indexedFrom`` members (built once per
    /// object by the decoder).
    private var index: [String: Int]? {
        decoder.tape.entries[object].count > Self.indexedFrom
            ? decoder.index(of: object, converting: convertsKeys) : nil
    }

    /// The number of members from which a lookup by scanning costs more than building an index.
    static var indexedFrom: Int32 { 16 }

    init(decoder: TapeDecoder, object: Int, path: JSONCodingPath, convertsKeys: Bool) throws {
        guard decoder.tape.entries[object].kind == .object else {
            throw decoder.mismatch([String: Any].self, at: object, path: path)
        }
        self.decoder = decoder
        self.object = object
        self.path = path
        self.convertsKeys = convertsKeys
    }

    var codingPath: [any CodingKey] { path.keys }

    /// Each key once (keys are plain ASCII: the scanner leaves any other to `JSONDecoder`).
    var allKeys: [Key] {
        if let index { return index.keys.compactMap { Key(stringValue: $0) } }
        var seen = Set<String>()
        var keys: [Key] = []
        for member in decoder.tape.keys(of: object) {
            guard let name = decoder.keyName(at: member, converting: convertsKeys) else { return [] }
            if seen.insert(name).inserted {
                if let key = Key(stringValue: name) { keys.append(key) }
            } else {
                decoder.noteRepeatedKey(converting: convertsKeys)
            }
        }
        return keys
    }

    /// The index of `key`'s value, or `nil`. Keys on the tape are plain ASCII, so a key beyond ASCII,
    /// which might equal one of them by Unicode's rules (as the index's `String` keys compare), is
    /// left to `JSONDecoder` when its bytes match none.
    private func find(_ key: Key) -> Int? {
        if let index { return index[key.stringValue] }
        var name = key.stringValue
        let found = name.withUTF8 { decoder.member(named: $0, in: object, converting: convertsKeys) }
        if found == nil, !name.utf8.allSatisfy({ $0 < 0x80 }) { _ = decoder.leaveToFoundation() }
        return found
    }

    private func value(for key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: path.keys,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.tape.entries[try value(for: key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.bool(at: value(for: key), path: path, key: key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.string(at: value(for: key), path: path, key: key)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.floatingPoint(at: value(for: key), as: type, path: path, key: key)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.floatingPoint(at: value(for: key), as: type, path: path, key: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { throw decoder.leaveToFoundation() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { throw decoder.leaveToFoundation() }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.integer(at: value(for: key), as: type, path: path, key: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(value(for: key), as: type, path: path.appending(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = find(key), decoder.tape.entries[index].kind != .null else { return nil }
        return try decoder.unwrap(index, as: type, path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try value(for: key)
        return KeyedDecodingContainer(
            try TapeKeyedContainer<NestedKey>(
                decoder: decoder, object: index, path: path.appending(key),
                convertsKeys: decoder.options.convertsFromSnakeCase))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeUnkeyedContainer(decoder: decoder, array: value(for: key), path: path.appending(key))
    }

    func superDecoder() throws -> any Decoder { throw decoder.leaveToFoundation() }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.leaveToFoundation() }
}
