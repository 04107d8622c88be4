import Foundation

/// An error that your own code threw while a request ran, with the code that threw it and the stage
/// of the request it ran in: an interceptor, a token provider, a refresh closure, a response
/// validator, a response mapper, a model's decoding initializer.
///
/// ``NetworkingError``'s cases are closed, so the failure rides inside one of them and
/// ``NetworkingError/hookFailure`` reads it back. Its message names the code and the stage,
/// "The interceptor MyApp.SigningInterceptor failed: the signing key is missing.", and never
/// calls it a network failure; it is not retryable.
///
/// ```swift
/// if let failure = error.hookFailure {
///     print(failure.stage, failure.hookType)  // "interceptor", "MyApp.SigningInterceptor"
///     if let signing = failure.error as? SigningError { show(signing) }
/// }
/// ```
public struct HookFailure: Error, Sendable, CustomStringConvertible {
    /// The stage of a request at which your code runs.
    ///
    /// A structure with static members rather than an enum, so that stages can be added without
    /// breaking a `switch`: compare with `==`, or match the members in a `switch` with a `default`.
    public struct Stage: Sendable, Hashable, CustomStringConvertible {
        /// The stage in words, such as "interceptor" or "token refresh".
        public let name: String

        /// The stage called `name`.
        package init(_ name: String) { self.name = name }

        /// An `HTTPInterceptor` (or `OptionsAwareInterceptor`) threw; `hookType` is its type.
        public static let interceptor = Stage("interceptor")
        /// A `TokenProvider` threw while the credential was read or stored; `hookType` is its type.
        public static let tokenProvider = Stage("token provider")
        /// The refresh closure of an `AuthRefreshInterceptor` threw; `hookType` is the interceptor's type.
        public static let tokenRefresh = Stage("token refresh")
        /// The `authenticate()` of an `Interceptor` (run by a `LegacyInterceptorAdapter`) threw;
        /// `hookType` is the `Interceptor`'s type.
        public static let authentication = Stage("authentication")
        /// The check of a `ResponseValidatorInterceptor` threw; `hookType` is the interceptor's type.
        public static let responseValidation = Stage("response validation")
        /// The `JSONMapper.map(_:)` of the type asked for threw; `hookType` is that type.
        public static let responseMapping = Stage("response mapping")
        /// A `Decodable` initializer threw an error that is not a `DecodingError`; `hookType` is
        /// the type asked for (the initializer that threw may be that of a type inside it).
        public static let decoding = Stage("decoding")

        /// The stage's `name`.
        public var description: String { name }

        /// Whether a failure at this stage means the request could not be authenticated (and was
        /// not sent): see `NetworkingError.isAuthenticationFailure`.
        package var isAuthentication: Bool {
            self == .tokenProvider || self == .tokenRefresh || self == .authentication
        }
    }

    /// Where the error was thrown.
    public let stage: Stage
    /// The fully qualified name of the type whose code threw, as `String(reflecting:)` writes it
    /// (`MyApp.SigningInterceptor`) without the "(unknown context at $…)" it writes for a private
    /// type; for a closure, the type that runs it (see `Stage`).
    public let hookType: String
    /// The error your code threw, as it threw it.
    public let error: any Error

    /// The failure of the code of `hookType`, which threw `error` at `stage`.
    package init(stage: Stage, hookType: String, error: any Error) {
        self.stage = stage
        self.hookType = hookType
        self.error = error
    }

    /// The failure of the code of `hookType` (named by `name(of:)`), which threw `error` at `stage`.
    package init(stage: Stage, hookType: Any.Type, error: any Error) {
        self.init(stage: stage, hookType: Self.name(of: hookType), error: error)
    }

    /// The fully qualified name of `type` as `String(reflecting:)` writes it, without the
    /// "(unknown context at $55d0c2a1)." it writes in place of the scope of a private or local
    /// type: `MyApp.SigningInterceptor`, not `MyApp.(unknown context at $55d0c2a1).SigningInterceptor`.
    package static func name(of type: Any.Type) -> String {
        var name = Substring(String(reflecting: type))
        var cleaned = ""
        let marker = "(unknown context at "
        while let start = name.range(of: marker) {
            cleaned += name[..<start.lowerBound]
            let rest = name[start.upperBound...]
            guard let end = rest.range(of: ").") else {
                name = name[start.lowerBound...]
                break
            }
            name = rest[end.upperBound...]
        }
        return cleaned + name
    }

    /// A sentence naming the code, the stage and the error:
    /// "The interceptor MyApp.SigningInterceptor failed: the signing key is missing."
    public var description: String { "\(subject) failed\(Self.explanation(of: error))" }

    /// The code that failed, as the subject of a sentence.
    private var subject: String {
        switch stage {
        case .interceptor: return "The interceptor \(hookType)"
        case .tokenProvider: return "The token provider \(hookType)"
        case .tokenRefresh: return "The refresh closure of \(hookType)"
        case .authentication: return "The authenticate() hook of \(hookType)"
        case .responseValidation: return "The validation closure of \(hookType)"
        case .responseMapping: return "The response mapper \(hookType).map(_:)"
        case .decoding: return "Decoding \(hookType)"
        default: return "The \(stage.name) hook \(hookType)"
        }
    }

    /// The end of the sentence: the error's own description when it has one (": the key is
    /// missing."), else its type and value (" with SigningError: SigningError(code: 3)."), never
    /// Foundation's "The operation could not be completed".
    static func explanation(of error: any Error) -> String {
        if let description = (error as? any LocalizedError)?.errorDescription, !description.isEmpty {
            return ": " + NetworkingError.sentence(description)
        }
        return " with \(type(of: error)): \(NetworkingError.sentence(String(describing: error)))"
    }
}

extension HookFailure: LocalizedError {
    /// The same sentence as `description`.
    public var errorDescription: String? { description }
}
