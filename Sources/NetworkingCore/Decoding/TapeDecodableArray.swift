/// An array that ``TapeDecoder`` builds itself: the same elements, in the same order and with the same
/// errors as the standard library's `Array.init(from:)`, which appends one element at a time through
/// unspecialized code that looks up the array's generic metadata for every element and grows the
/// storage as it goes. Here the array's storage is reserved once for the element count the tape
/// already knows, and the array's own type is at hand for every append.
protocol TapeDecodableArray {
    /// The array at `index` on `decoder`'s tape, with `path` as its coding path.
    static func decode(from decoder: TapeDecoder, at index: Int, path: JSONCodingPath) throws -> Self
}

extension Array: TapeDecodableArray where Element: Decodable {
    static func decode(from decoder: TapeDecoder, at index: Int, path: JSONCodingPath) throws -> Self {
        var container = try TapeUnkeyedContainer(decoder: decoder, array: index, path: path)
        var elements = Self()
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd { elements.append(try container.decode(Element.self)) }
        return elements
    }
}
