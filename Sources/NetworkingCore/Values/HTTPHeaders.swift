/// An ordered list of HTTP header fields whose names compare case-insensitively (RFC 9110 §5.1).
///
/// Lookups (`headers["content-type"]`) ignore case; iteration yields the fields in the order they
/// were added, with their names as written.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as written.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field] = []

    /// Creates an empty list.
    public init() {}

    /// Creates a list from a dictionary (its order is the dictionary's, sorted by name for stability).
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Creates a list from the `allHeaderFields` of a response, whose keys may be of any type.
    package init(_ dictionary: [AnyHashable: Any]) {
        for (key, value) in dictionary {
            guard let name = key.base as? String else { continue }
            fields.append(Field(name: name, value: value as? String ?? String(describing: value)))
        }
        fields.sort { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// Creates headers from a dictionary literal, keeping the fields in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { fields.append(Field(name: name, value: value)) }
    }

    /// The value of the first field with this name, compared case-insensitively; setting replaces
    /// every field of that name (or removes them all when set to `nil`).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            let index = fields.firstIndex { $0.name.caseInsensitiveEquals(name) }
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
        }
    }

    /// Appends a field without removing existing ones of the same name.
    public mutating func add(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// Whether a field with this name exists.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields as a dictionary; later duplicates are joined with `", "` (RFC 9110 §5.3).
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        var canonical: [String: String] = [:]
        for field in fields {
            let lowercased = field.name.lowercased()
            let key = canonical[lowercased] ?? field.name
            canonical[lowercased] = key
            result[key] = result[key].map { "\($0), \(field.value)" } ?? field.value
        }
        return result
    }

    /// Returns an iterator over the fields, in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields, one `Name: value` line each.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }
}

extension String {
    /// ASCII case-insensitive comparison, as header names require (for this package's modules).
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        let a = self.utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        // Native strings are compared over their bytes in place (header lookups run on every
        // request); a bridged string, byte by byte through its view.
        let compared = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in
                for index in x.indices where x[index] != y[index] {
                    if Self.asciiLowercased(x[index]) != Self.asciiLowercased(y[index]) { return false }
                }
                return true
            }
        }
        if let compared, let equal = compared { return equal }
        return zip(a, b).allSatisfy { Self.asciiLowercased($0) == Self.asciiLowercased($1) }
    }

    /// `byte` with A–Z folded to a–z, and every other byte as it is (`byte | 0x20` alone would
    /// also fold CR into `-`, control bytes into digits and DEL into `_`).
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
