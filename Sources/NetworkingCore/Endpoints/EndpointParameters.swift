import Foundation

/// Turns the `[String: any Sendable]` dictionaries of `HTTPTask` into JSON and query items.
package enum EndpointParameters {
    /// The JSON value of a raw body. Keys are kept as written; `Encodable` values that are not
    /// plain scalars are encoded with `encoder` (so its date strategy applies).
    package static func json(
        _ parameters: [String: any Sendable], encoder: JSONEncoder
    ) throws(NetworkingError) -> AnyCodable {
        var object: [String: AnyCodable] = [:]
        for (key, value) in parameters {
            object[key] = try json(value, at: key, encoder: encoder)
        }
        return .object(object)
    }

    /// Query items for `parameters`, sorted by name; `nil` values are left out and arrays repeat
    /// the name.
    package static func queryItems(_ parameters: [String: any Sendable]) throws(NetworkingError) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        for key in parameters.keys.sorted() {
            guard let value = parameters[key] else { continue }
            if isNil(value) { continue }
            if let array = value as? [any Sendable], !(value is AnyCodable) {
                for element in array where !isNil(element) {
                    items.append(URLQueryItem(name: key, value: try queryValue(element, name: key)))
                }
            } else {
                items.append(URLQueryItem(name: key, value: try queryValue(value, name: key)))
            }
        }
        return items
    }

    private static func json(_ value: any Sendable, at path: String, encoder: JSONEncoder) throws(NetworkingError)
        -> AnyCodable
    {
        switch value {
        case let value as AnyCodable: return value
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .int(value)
        case let value as Double: return .double(value)
        case let value as any BinaryInteger:
            guard let int = Int(exactly: value) else { return .double(Double(value)) }
            return .int(int)
        case let value as any BinaryFloatingPoint: return .double(Double(value))
        case let value as [String: any Sendable]:
            var object: [String: AnyCodable] = [:]
            for (key, element) in value { object[key] = try json(element, at: "\(path).\(key)", encoder: encoder) }
            return .object(object)
        case let value as [any Sendable]:
            var array: [AnyCodable] = []
            for (index, element) in value.enumerated() {
                array.append(try json(element, at: "\(path)[\(index)]", encoder: encoder))
            }
            return .array(array)
        case let value as any Encodable:
            do {
                let data = try encoder.encode(value)
                return try JSONDecoder().decode(AnyCodable.self, from: data)
            } catch {
                throw .invalidRequest("body value '\(path)' could not be encoded as JSON: \(error)")
            }
        default:
            if isNil(value) { return .null }
            throw .invalidRequest(
                "body value '\(path)' has type \(type(of: value)), which is neither JSON nor Encodable")
        }
    }

    private static func queryValue(_ value: any Sendable, name: String) throws(NetworkingError) -> String {
        switch value {
        case let value as String: return value
        case let value as Bool: return value ? "true" : "false"
        case let value as Date: return value.ISO8601Format()
        case let value as UUID: return value.uuidString
        case let value as URL: return value.absoluteString
        case let value as AnyCodable:
            switch value {
            case .string(let text): return text
            case .bool(let flag): return flag ? "true" : "false"
            case .int(let number): return String(number)
            case .double(let number): return String(number)
            case .null, .array, .object:
                throw .invalidRequest("query parameter '\(name)' is \(value), which is not a scalar")
            }
        case let value as any LosslessStringConvertible: return value.description
        default:
            throw .invalidRequest(
                "query parameter '\(name)' has type \(type(of: value)), which cannot be written in a query")
        }
    }

    /// Whether `value` is an `Optional` holding nothing.
    private static func isNil(_ value: any Sendable) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
