/// Where a value sits in a document, as ``TapeDecoder`` walks it: built one link per container
/// entered, and turned into `[CodingKey]` only when someone asks (an error, or a type reading
/// `codingPath`).
indirect enum JSONCodingPath {
    case root
    case key(any CodingKey, JSONCodingPath)
    case index(Int, JSONCodingPath)

    /// The path as `Decoder.codingPath` gives it, outermost key first.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link = self
        while true {
            switch link {
            case .root:
                return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                link = parent
            case .index(let index, let parent):
                keys.append(JSONIndexKey(index))
                link = parent
            }
        }
    }

    /// The path with `key` appended, or the path itself for `nil`.
    func appending(_ key: (any CodingKey)?) -> JSONCodingPath {
        guard let key else { return self }
        return .key(key, self)
    }

    /// The path with `key` appended.
    func appending(_ key: any CodingKey) -> JSONCodingPath { .key(key, self) }
}

/// The coding key of an array element, named as `JSONDecoder` names it ("Index 3").
struct JSONIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }

    var stringValue: String { "Index \(index)" }

    var intValue: Int? { index }

    init?(stringValue: String) { nil }

    init?(intValue: Int) { self.init(intValue) }
}
