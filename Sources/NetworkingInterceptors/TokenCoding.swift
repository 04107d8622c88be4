import Foundation

/// A token as the JSON every token storage keeps, and the typed error for bytes that are not one.
enum TokenCoding {
    static func encode(_ token: Token) throws -> Data {
        try JSONCoding.makeEncoder().encode(token)
    }

    static func decode(_ data: Data, location: String) throws(TokenStorageError) -> Token {
        do {
            return try JSONCoding.makeDecoder().decode(Token.self, from: data)
        } catch let error as DecodingError {
            throw .corrupted(location: location, reason: describe(error))
        } catch {
            throw .corrupted(location: location, reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): return context.debugDescription
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context): return "expected \(type) at '\(path(context))'"
        case .valueNotFound(let type, let context): return "missing \(type) at '\(path(context))'"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}
