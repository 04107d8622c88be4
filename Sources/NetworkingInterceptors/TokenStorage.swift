import Foundation

/// Persists one `Token`: in memory, in a file, in the keychain.
///
/// A storage answers `nil` only when no token is stored. Anything else that goes wrong (an
/// unreadable or corrupt file, a keychain error) throws a `TokenStorageError`, so that a damaged
/// store is never mistaken for a signed-out user.
public protocol TokenStorage: Sendable {
    /// The stored token, or `nil` when there is none.
    func loadToken() async throws -> Token?
    /// Replaces the stored token.
    func saveToken(_ token: Token) async throws
    /// Removes the stored token; removing when there is none succeeds.
    func removeToken() async throws
}

/// What went wrong reading or writing a stored token.
public enum TokenStorageError: Error, Sendable, Hashable {
    /// The stored bytes are not a token (truncated, edited, or from an incompatible version).
    /// The token is left where it is, for you to inspect or remove.
    case corrupted(location: String, reason: String)
    /// A file operation failed; `code` is the `errno` value.
    case fileSystem(operation: String, location: String, code: Int32)
    /// A keychain call failed with this `OSStatus`.
    case keychain(operation: String, status: Int32)
    /// The Secret Service (through `secret-tool`) failed; `reason` is what it said.
    case secretService(operation: String, reason: String)
}

extension TokenStorageError: LocalizedError {
    /// A sentence describing the failure, naming the location of the token.
    public var errorDescription: String? {
        switch self {
        case .corrupted(let location, let reason):
            return "The stored token at \(location) is corrupted: \(reason)."
        case .fileSystem(let operation, let location, let code):
            let reason = String(cString: strerror(code))
            return "Could not \(operation) the token file \(location): \(reason) (errno \(code))."
        case .keychain(let operation, let status):
            return "The keychain could not \(operation) the token (OSStatus \(status))."
        case .secretService(let operation, let reason):
            let sentence = reason.last.map { ".!?".contains($0) } == true ? reason : reason + "."
            return "The Secret Service could not \(operation) the token: \(sentence)"
        }
    }
}

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
