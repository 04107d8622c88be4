import Foundation

/// Decodes JSON as Foundation's `JSONDecoder` does, in a fraction of its instructions, or leaves it to
/// `JSONDecoder`.
///
/// On Linux `JSONDecoder` spends most of a typical response's decoding building a dictionary for every
/// object and finding generic metadata for every value. This decoder walks a ``JSONTape`` instead: a
/// keyed container finds a member by comparing bytes, a primitive is read where it lies.
///
/// It gives the same values and the same errors as `JSONDecoder`, because it decodes only what it can
/// decode the same way and hands the rest to `JSONDecoder`:
/// - a decoder that is a subclass, whose float or JSON5 options are not the defaults, or whose key strategy
///   is neither the default nor `convertFromSnakeCase` (see ``SnakeCaseKey``), is used as it is;
/// - a document the tape does not take (see ``JSONTape``) is decoded by the decoder;
/// - when decoding meets something it leaves to Foundation (a number beyond 64 bits or one it reads
///   its own way, `Decimal`, base64 `Data`, a date format other than seconds, milliseconds, a custom
///   closure or the common form of ISO 8601 (see ``ISO8601Timestamp``), a `superDecoder`), or anything
///   throws, the whole document is decoded again by the decoder, whose result or error is the one
///   returned. A type whose `init(from:)` catches the error of a member still gets Foundation's result,
///   since what was left to Foundation is remembered.
///
/// So the only difference a caller can see is that a type's `init(from:)` may run twice for a document
/// that fails or that Foundation has to finish.
package final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    /// Decodes `type` from `data` the fast way when `decoder` allows it, and with `decoder` otherwise.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, using decoder: JSONDecoder
    ) throws -> T {
        if let value = decodeWithoutFoundation(type, from: data, using: decoder) { return value }
        return try decoder.decode(type, from: data)
    }

    /// The value this decoder gives on its own, or `nil` when `decoder` must decode `data`.
    package static func decodeWithoutFoundation<T: Decodable>(
        _ type: T.Type, from data: Data, using decoder: JSONDecoder
    ) -> T? {
        guard let options = Options(decoder), let tape = JSONTape(data) else { return nil }
        let tapeDecoder = TapeDecoder(tape: tape, options: options)
        guard let value = try? tapeDecoder.unwrap(0, as: type, path: .root), !tapeDecoder.leftToFoundation
        else { return nil }
        return value
    }

    /// The decoder's settings this decoder honours; `nil` when it must not decode for `decoder`.
    struct Options {
        /// Whether keys convert from snake case (`convertFromSnakeCase`); otherwise they are used as they are.
        let convertsFromSnakeCase: Bool
        let dates: JSONDecoder.DateDecodingStrategy
        let data: JSONDecoder.DataDecodingStrategy
        /// `Any`, as `Decoder.userInfo` has it (some SDKs declare the decoder's values `Sendable`).
        let userInfo: [CodingUserInfoKey: Any]

        init?(_ decoder: JSONDecoder) {
            guard type(of: decoder) == JSONDecoder.self, !decoder.allowsJSON5,
                !decoder.assumesTopLevelDictionary,
                case .throw = decoder.nonConformingFloatDecodingStrategy
            else { return nil }
            switch decoder.keyDecodingStrategy {
            case .useDefaultKeys: convertsFromSnakeCase = false
            case .convertFromSnakeCase: convertsFromSnakeCase = true
            default: return nil
            }
            dates = decoder.dateDecodingStrategy
            data = decoder.dataDecodingStrategy
            userInfo = decoder.userInfo
        }
    }

    let tape: JSONTape
    let options: Options
    /// The value `Decoder` and `SingleValueDecodingContainer` calls read.
    private(set) var current = 0
    /// Where ``current`` sits.
    private(set) var path = JSONCodingPath.root
    /// Whether decoding met something it leaves to `JSONDecoder`; the document is then decoded again.
    private(set) var leftToFoundation = false

    /// Whether the keyed container made next is a `[String: Value]`'s, whose keys are not converted.
    private var nextContainerKeepsKeys = false
    /// The value of each key of the objects indexed so far (see ``TapeKeyedContainer``), by object and
    /// conversion.
    private var indexes: [Int: [String: Int]] = [:]
    /// The index ``index(of:converting:)`` gave last, under its key in ``indexes``.
    private var lastIndex: (key: Int, index: [String: Int])?
    /// The types ``unwrap(_:as:path:)`` was asked for, each with its array conformance (see
    /// ``arrayConformance(of:)``).
    private var arrayConformances: [(type: ObjectIdentifier, array: (any TapeDecodableArray.Type)?)] = []

    init(tape: JSONTape, options: Options) {
        self.tape = tape
        self.options = options
    }

    /// The coding path of the current value.
    package var codingPath: [any CodingKey] { path.keys }

    /// The decoder's user info.
    package var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// Notes that Foundation must decode this document, and returns the error that stops this decoding.
    func leaveToFoundation() -> DecodingError {
        leftToFoundation = true
        return DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "This value is decoded by JSONDecoder."))
    }

    /// The value of each key of `object` (converted from snake case when `converting`), the first of equal
    /// keys winning; built on first use.
    func index(of object: Int, converting: Bool) -> [String: Int] {
        let cacheKey = object * 2 + (converting ? 1 : 0)
        // A type reads its members one after another: most lookups are in the object of the last one.
        if let last = lastIndex, last.key == cacheKey { return last.index }
        if let index = indexes[cacheKey] {
            lastIndex = (cacheKey, index)
            return index
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(Int(tape.entries[object].count))
        for key in tape.keys(of: object) {
            guard let name = keyName(at: key, converting: converting) else { continue }
            if index[name] == nil {
                index[name] = key + 1
            } else {
                noteRepeatedKey(converting: converting)
            }
        }
        indexes[cacheKey] = index
        lastIndex = (cacheKey, index)
        return index
    }

    /// Notes a key that an object repeats. Under a key strategy `JSONDecoder` decodes a `[String: Value]`
    /// (whose keys are not converted) by decoding every member's value, a repeated key's too, and fails if
    /// that fails; such a document is left to it.
    func noteRepeatedKey(converting: Bool) {
        if options.convertsFromSnakeCase && !converting { _ = leaveToFoundation() }
    }

    /// The name a type asks for to read the member whose key is at `index`: the key as it is, or converted
    /// from snake case when `converting`. `nil`, having left the document to `JSONDecoder`, for a key not
    /// converted here.
    func keyName(at index: Int, converting: Bool) -> String? {
        guard converting else { return tape.text(of: tape.entries[index]) }
        guard let name = tape.withBytes(of: tape.entries[index], SnakeCaseKey.converted) else {
            _ = leaveToFoundation()
            return nil
        }
        return name
    }

    /// The index of the value of `object`'s first member named `name` (see ``keyName(at:converting:)``), or
    /// `nil`.
    func member(named name: UnsafeBufferPointer<UInt8>, in object: Int, converting: Bool) -> Int? {
        guard converting else { return tape.member(named: name, in: object) }
        for key in tape.keys(of: object) {
            switch tape.withBytes(of: tape.entries[key], { SnakeCaseKey.converted($0, equals: name) }) {
            case true?: return key + 1
            case false?: continue
            case nil:
                _ = leaveToFoundation()
                return nil
            }
        }
        return nil
    }

    /// Decodes the value at `index` as `type`, with `path` as its coding path.
    func unwrap<T: Decodable>(_ index: Int, as type: T.Type, path: JSONCodingPath) throws -> T {
        if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
            return try unwrapFoundationValue(index, as: type, path: path)
        }
        if let array = arrayConformance(of: type) {
            // `array` is `T`'s own conformance, so `decode` returns a `T` and no input can make the cast
            // fail. (A conditional cast here, or a generic `decode` returning `T?`, costs about 4k
            // instructions more per array in generic-metadata lookups, measured.)
            return try array.decode(from: self, at: index, path: path) as! T
        }
        if options.convertsFromSnakeCase, type is any StringKeyedDictionary.Type {
            // As in `JSONDecoder`, a `[String: Value]` keeps its keys as they are under a key strategy.
            return try within(index, path: path) {
                nextContainerKeepsKeys = true
                defer { nextContainerKeepsKeys = false }
                return try T(from: self)
            }
        }
        return try within(index, path: path) { try T(from: self) }
    }

    /// `type` as an array this decoder builds itself, or `nil`. A document holds few types, and comparing
    /// them with those already asked about costs less than looking up the conformance every time.
    private func arrayConformance(of type: Any.Type) -> (any TapeDecodableArray.Type)? {
        let id = ObjectIdentifier(type)
        for known in arrayConformances where known.type == id { return known.array }
        let array = type as? any TapeDecodableArray.Type
        if arrayConformances.count < 16 { arrayConformances.append((id, array)) }
        return array
    }

    /// The Foundation types `JSONDecoder` reads its own way. (Apart from ``unwrap(_:as:path:)`` so that
    /// the common path does not pay for the casts.)
    @inline(never)
    private func unwrapFoundationValue<T: Decodable>(_ index: Int, as type: T.Type, path: JSONCodingPath) throws -> T {
        if type == Date.self, let date = try unwrapDate(index, path: path) as? T { return date }
        if type == URL.self {
            let text = try string(at: index, path: path)
            guard let url = URL(string: text) as? T else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path.keys, debugDescription: "Invalid URL string."))
            }
            return url
        }
        if type == Data.self, case .deferredToData = options.data {
            return try within(index, path: path) { try T(from: self) }
        }
        throw leaveToFoundation()
    }

    /// Runs `body` with the value at `index` as the current one.
    private func within<T>(_ index: Int, path: JSONCodingPath, _ body: () throws -> T) rethrows -> T {
        let saved = (current, self.path)
        current = index
        self.path = path
        defer { (current, self.path) = saved }
        return try body()
    }

    /// Dates as the decoder's date strategy says, for the strategies read the same way here.
    private func unwrapDate(_ index: Int, path: JSONCodingPath) throws -> Date {
        switch options.dates {
        case .deferredToDate:
            return try within(index, path: path) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(at: index, as: Double.self, path: path))
        case .millisecondsSince1970:
            let milliseconds = try floatingPoint(at: index, as: Double.self, path: path)
            return Date(timeIntervalSince1970: milliseconds / 1000.0)
        case .iso8601:
            // The common form is read here; any other (or an error) is Foundation's to read.
            let entry = tape.entries[index]
            guard entry.kind == .string, entry.flags == 0, let date = tape.withBytes(of: entry, ISO8601Timestamp.date)
            else { throw leaveToFoundation() }
            return date
        case .custom(let closure):
            try nonNull(index, Date.self, path: path)
            return try within(index, path: path) { try closure(self) }
        #if canImport(Darwin)
            default:  // `formatted`, and any strategy a later SDK adds
                throw leaveToFoundation()
        #endif
        }
    }

    // MARK: Decoder

    /// A keyed container over the current value, which must be an object.
    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let converts = options.convertsFromSnakeCase && !nextContainerKeepsKeys
        nextContainerKeepsKeys = false
        return try KeyedDecodingContainer(
            TapeKeyedContainer<Key>(decoder: self, object: current, path: path, convertsKeys: converts))
    }

    /// An unkeyed container over the current value, which must be an array.
    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try TapeUnkeyedContainer(decoder: self, array: current, path: path)
    }

    /// The decoder itself, reading the current value.
    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    /// Whether the current value is `null`.
    package func decodeNil() -> Bool { tape.entries[current].kind == .null }
    /// The current value as a `Bool`.
    package func decode(_ type: Bool.Type) throws -> Bool { try bool(at: current, path: path) }
    /// The current value as a `String`.
    package func decode(_ type: String.Type) throws -> String { try string(at: current, path: path) }
    /// The current value as a `Double`.
    package func decode(_ type: Double.Type) throws -> Double {
        try floatingPoint(at: current, as: type, path: path)
    }
    /// The current value as a `Float`.
    package func decode(_ type: Float.Type) throws -> Float {
        try floatingPoint(at: current, as: type, path: path)
    }
    /// The current value as an `Int`.
    package func decode(_ type: Int.Type) throws -> Int { try integer(at: current, as: type, path: path) }
    /// The current value as an `Int8`.
    package func decode(_ type: Int8.Type) throws -> Int8 { try integer(at: current, as: type, path: path) }
    /// The current value as an `Int16`.
    package func decode(_ type: Int16.Type) throws -> Int16 { try integer(at: current, as: type, path: path) }
    /// The current value as an `Int32`.
    package func decode(_ type: Int32.Type) throws -> Int32 { try integer(at: current, as: type, path: path) }
    /// The current value as an `Int64`.
    package func decode(_ type: Int64.Type) throws -> Int64 { try integer(at: current, as: type, path: path) }
    /// 128-bit integers are left to `JSONDecoder`.
    package func decode(_ type: Int128.Type) throws -> Int128 { throw leaveToFoundation() }
    /// The current value as a `UInt`.
    package func decode(_ type: UInt.Type) throws -> UInt { try integer(at: current, as: type, path: path) }
    /// The current value as a `UInt8`.
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(at: current, as: type, path: path) }
    /// The current value as a `UInt16`.
    package func decode(_ type: UInt16.Type) throws -> UInt16 {
        try integer(at: current, as: type, path: path)
    }
    /// The current value as a `UInt32`.
    package func decode(_ type: UInt32.Type) throws -> UInt32 {
        try integer(at: current, as: type, path: path)
    }
    /// The current value as a `UInt64`.
    package func decode(_ type: UInt64.Type) throws -> UInt64 {
        try integer(at: current, as: type, path: path)
    }
    /// 128-bit integers are left to `JSONDecoder`.
    package func decode(_ type: UInt128.Type) throws -> UInt128 { throw leaveToFoundation() }
    /// The current value as `T`.
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(current, as: type, path: path) }
}

/// `[String: Value]`, which `JSONDecoder` decodes with its keys as they are whatever its key strategy.
protocol StringKeyedDictionary {}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {}
