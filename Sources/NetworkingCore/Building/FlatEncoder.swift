import Foundation

/// Encodes a flat `Encodable` (a struct of scalars, or a `[String: scalar]` dictionary) into an
/// ordered list of name/value string pairs, as query strings and form bodies need.
///
/// Scalars are stringified: `Bool` as `true`/`false`, numbers in their shortest form, `Date` as
/// ISO-8601, `URL` as its absolute string, `UUID` as its string. `nil` members are left out. An
/// array of scalars becomes the same name repeated (`tag=a&tag=b`). Anything nested deeper is
/// rejected with `.invalidRequest` naming the key. Struct members keep their declaration order;
/// dictionaries are sorted by key so the output is stable.
package enum FlatEncoder {
    /// Encodes `value` into pairs; `what` names the use ("query", "form") in error messages.
    package static func encode(_ value: some Encodable, as what: String) throws(NetworkingError) -> [(String, String)] {
        if let scalar = FlatValueEncoder.scalarString(value) {
            throw .invalidRequest("\(what) must be a flat object of named values, not the single value '\(scalar)'")
        }
        let encoder = FlatValueEncoder(what: what)
        do {
            try value.encode(to: encoder)
        } catch let error as NetworkingError {
            throw error
        } catch {
            throw .invalidRequest("\(what) could not be encoded: \(error)")
        }
        if let error = encoder.storage.error { throw error }
        var pairs = encoder.storage.pairs
        if Mirror(reflecting: value).displayStyle == .dictionary {
            pairs.sort { $0.0 < $1.0 }
        }
        return pairs
    }
}

private final class FlatStorage {
    var pairs: [(String, String)] = []
    var error: NetworkingError?

    func fail(_ error: NetworkingError) {
        if self.error == nil { self.error = error }
    }
}

private struct FlatValueEncoder: Encoder {
    let what: String
    let storage = FlatStorage()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FlatKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.fail(.invalidRequest("\(what) must be a flat object of named values, not a list"))
        return RejectingContainer(encoder: self, key: "")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        storage.fail(.invalidRequest("\(what) must be a flat object of named values, not a single value"))
        return RejectingContainer(encoder: self, key: "")
    }

    static func scalarString(_ value: Any) -> String? {
        switch value {
        case let value as String: return value
        case let value as Bool: return value ? "true" : "false"
        case let value as Int: return String(value)
        case let value as Int8: return String(value)
        case let value as Int16: return String(value)
        case let value as Int32: return String(value)
        case let value as Int64: return String(value)
        case let value as UInt: return String(value)
        case let value as UInt8: return String(value)
        case let value as UInt16: return String(value)
        case let value as UInt32: return String(value)
        case let value as UInt64: return String(value)
        case let value as Double: return value.isFinite ? "\(value)" : nil
        case let value as Float: return value.isFinite ? "\(value)" : nil
        case let value as Decimal: return "\(value)"
        case let value as Date: return value.formatted(.iso8601)
        case let value as URL: return value.absoluteString
        case let value as UUID: return value.uuidString
        case let value as Character: return String(value)
        default: return nil
        }
    }

    /// A scalar's string, or the string of a value that encodes itself as one scalar.
    static func flatString(_ value: Any) -> String? {
        if let scalar = scalarString(value) { return scalar }
        guard let value = value as? any Encodable else { return nil }
        return singleValueString(value)
    }

    /// The string of a value that encodes itself as a single scalar, such as a `String`- or
    /// `Int`-backed enum or a wrapper type; `nil` for anything with members or elements.
    static func singleValueString(_ value: any Encodable) -> String? {
        let probe = SingleValueProbe()
        do {
            try value.encode(to: probe)
        } catch {
            return nil
        }
        return probe.storage.isRejected ? nil : probe.storage.scalar
    }

    static func isNonFinite(_ value: Any) -> Bool {
        if let value = value as? Double { return !value.isFinite }
        if let value = value as? Float { return !value.isFinite }
        return false
    }
}

private struct FlatKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FlatValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let name = key.stringValue
        if FlatValueEncoder.isNonFinite(value) {
            encoder.storage.fail(.invalidRequest("\(encoder.what) value for '\(name)' is not a finite number"))
        } else if let scalar = FlatValueEncoder.scalarString(value) {
            encoder.storage.pairs.append((name, scalar))
        } else if let optional = value as? any OptionalProtocol, optional.isNone {
            return
        } else if let elements = value as? [Any] {
            for element in elements {
                guard let scalar = FlatValueEncoder.flatString(element) else {
                    encoder.storage.fail(
                        .invalidRequest("\(encoder.what) value for '\(name)' is nested; only flat values are allowed"))
                    return
                }
                encoder.storage.pairs.append((name, scalar))
            }
        } else if let optional = value as? any OptionalProtocol, let wrapped = optional.wrapped,
            let scalar = FlatValueEncoder.flatString(wrapped)
        {
            encoder.storage.pairs.append((name, scalar))
        } else if let scalar = FlatValueEncoder.singleValueString(value) {
            encoder.storage.pairs.append((name, scalar))
        } else {
            encoder.storage.fail(
                .invalidRequest("\(encoder.what) value for '\(name)' is nested; only flat values are allowed"))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.storage.fail(
            .invalidRequest("\(encoder.what) value for '\(key.stringValue)' is nested; only flat values are allowed"))
        return KeyedEncodingContainer(FlatKeyedContainer<NestedKey>(encoder: FlatValueEncoder(what: encoder.what)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.storage.fail(
            .invalidRequest("\(encoder.what) value for '\(key.stringValue)' is nested; only flat values are allowed"))
        return RejectingContainer(encoder: encoder, key: key.stringValue)
    }

    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// Records the one scalar a value encodes itself as; anything with members or elements is rejected.
private struct SingleValueProbe: Encoder, SingleValueEncodingContainer {
    final class Storage {
        var scalar: String?
        var isRejected = false
    }

    let storage = Storage()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.isRejected = true
        return KeyedEncodingContainer(FlatKeyedContainer<Key>(encoder: FlatValueEncoder(what: "value")))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.isRejected = true
        return RejectingContainer(encoder: FlatValueEncoder(what: "value"), key: "")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    mutating func encodeNil() throws { storage.isRejected = true }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard storage.scalar == nil, let scalar = FlatValueEncoder.flatString(value) else {
            storage.isRejected = true
            return
        }
        storage.scalar = scalar
    }
}

/// Swallows what a rejected nested value writes; the error is already recorded.
private struct RejectingContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: FlatValueEncoder
    let key: String
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(FlatKeyedContainer<NestedKey>(encoder: FlatValueEncoder(what: encoder.what)))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { encoder }
}

/// Lets the encoder see through `Optional` without knowing its wrapped type.
protocol OptionalProtocol {
    var isNone: Bool { get }
    var wrapped: Any? { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
    var wrapped: Any? { self.map { $0 as Any } }
}
