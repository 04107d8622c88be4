import Foundation

/// The type to ask for when a response has no body worth decoding (`204 No Content`, or a body
/// you ignore): it decodes from anything, an empty body included.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the value.
    public init() {}

    /// Decodes the value, whatever the body holds.
    public init(from decoder: any Decoder) throws {}
}
