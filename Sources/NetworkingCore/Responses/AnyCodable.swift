import Foundation

/// A JSON value of any shape, with typed accessors.
///
/// ```swift
/// let name = response.body["json"]?["username"]?.stringValue
/// ```
public enum AnyCodable: Sendable, Hashable, Codable {
    /// JSON `null`.
    case null
    /// A JSON Boolean.
    case bool(Bool)
    /// A JSON number with an integral value that fits in an `Int`.
    case int(Int)
    /// Any other JSON number.
    case double(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([AnyCodable])
    /// A JSON object.
    case object([String: AnyCodable])

    /// Decodes whichever JSON value the decoder holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyCodable].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyCodable].self))
        }
    }

    /// Encodes the value as the JSON it represents.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The integer, if this is an integral number.
    public var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    /// The number as a `Double`, if this is any number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
    /// The Boolean, if this is a Boolean.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [AnyCodable]? { if case .array(let value) = self { value } else { nil } }
    /// The members, if this is an object.
    public var objectValue: [String: AnyCodable]? { if case .object(let value) = self { value } else { nil } }
    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> AnyCodable? { objectValue?[key] }

    /// The element at `index`, if this is an array that long.
    public subscript(index: Int) -> AnyCodable? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The value as plain Swift values (`String`, `Int`, `Double`, `Bool`, `[Any]`, `[String: Any]`, `NSNull`).
    public var anyValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .array(let value): value.map(\.anyValue)
        case .object(let value): value.mapValues(\.anyValue)
        }
    }
}

extension AnyCodable: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// Creates a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a JSON integer.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a JSON number.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates a JSON array.
    public init(arrayLiteral elements: AnyCodable...) { self = .array(elements) }
    /// Creates a JSON object; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, AnyCodable)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension AnyCodable: CustomStringConvertible {
    /// The value written like JSON, with object members sorted by key and strings unquoted.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): value
        case .array(let value): "[" + value.map(\.description).joined(separator: ", ") + "]"
        case .object(let value):
            "{" + value.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
