import Foundation

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
