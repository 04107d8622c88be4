import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// The key under which the `URLError` of a `.transport` error keeps the ``HookFailure`` of
    /// your code that failed the request (read it with ``hookFailure``).
    public static let hookFailureUserInfoKey = "NetworkingHookFailure"

    /// The failure of your own code that ended the request, with the code's type, the stage it ran
    /// at and the error it threw; `nil` when the request failed for another reason.
    ///
    /// `NetworkingError`'s cases are closed (a `switch` over them needs no `default`), so such a
    /// failure rides inside one of them, chosen by where the code ran:
    /// - an interceptor or a response validation closure: `.transport(URLError(.unknown))`;
    /// - a token provider, a refresh closure or an `authenticate()` hook: nothing was sent, so
    ///   `.transport(URLError(.userAuthenticationRequired))`, and `isAuthenticationFailure` is `true`;
    /// - a response mapper or a decoding initializer: `.decoding` with the response's metadata,
    ///   whose `DecodingError.dataCorrupted` has the `HookFailure` as its `underlyingError`.
    ///
    /// In the `URLError`'s `userInfo` it is under ``hookFailureUserInfoKey``, and the error your
    /// code threw under `NSUnderlyingErrorKey`. Either way the message is the failure's sentence
    /// ("The interceptor MyApp.SigningInterceptor failed: …"), ``underlyingError`` is the error
    /// your code threw, and ``isRetryable`` is `false`: no network failed. A `NetworkingError`
    /// your code throws is not wrapped (that is how a hook fails a request on purpose), nor is
    /// cancellation (`.cancelled`) or, from an interceptor, a `URLError` (a network failure the
    /// interceptor met or reports).
    public var hookFailure: HookFailure? {
        switch self {
        case .transport(let error):
            return (error as NSError).userInfo[Self.hookFailureUserInfoKey] as? HookFailure
        case .decoding(.dataCorrupted(let context), _):
            return context.underlyingError as? HookFailure
        case .invalidRequest, .http, .decoding, .validation, .invalidResponse, .cancelled:
            return nil
        }
    }

    /// The error for `failure` at a stage before a response is decoded: an authentication failure
    /// for the stages that get a credential, else `.transport(URLError(.unknown))` (see
    /// `hookFailure`).
    package static func hookFailed(_ failure: HookFailure) -> NetworkingError {
        let info: [String: Any] = [
            NSLocalizedDescriptionKey: failure.description, NSUnderlyingErrorKey: failure.error,
            hookFailureUserInfoKey: failure,
        ]
        let code: URLError.Code = failure.stage.isAuthentication ? .userAuthenticationRequired : .unknown
        return .transport(URLError(code, userInfo: info))
    }

    /// The error for `failure` while the 2xx response described by `metadata` was turned into the
    /// type asked for (mapping, decoding): `.decoding`, carrying the failure (see `hookFailure`).
    package static func hookFailed(_ failure: HookFailure, response metadata: ResponseMetadata) -> NetworkingError {
        let context = DecodingError.Context(
            codingPath: [], debugDescription: failure.description, underlyingError: failure)
        return .decoding(.dataCorrupted(context), metadata)
    }

    /// `error`, thrown by the code of `hookType` at `stage` before a response is decoded, as a
    /// `NetworkingError`: a `NetworkingError` as it is, cancellation as `.cancelled`, a `URLError`
    /// as `.transport` (a network failure the code met or reports), anything else as a
    /// `HookFailure` (see `hookFailure`).
    package init(_ error: any Error, thrownBy hookType: Any.Type, at stage: HookFailure.Stage) {
        switch error {
        case let error as NetworkingError: self = error
        case is CancellationError, is URLError: self = NetworkingError(error)
        default: self = .hookFailed(HookFailure(stage: stage, hookType: hookType, error: error))
        }
    }

    /// `error`, thrown by the code of `hookType` at `stage` while the response described by
    /// `metadata` was turned into the type asked for, as a `NetworkingError`: a `NetworkingError`
    /// as it is, cancellation as `.cancelled`, anything else as a `HookFailure` riding in
    /// `.decoding`.
    package init(
        _ error: any Error, thrownBy hookType: Any.Type, at stage: HookFailure.Stage,
        response metadata: ResponseMetadata
    ) {
        switch error {
        case let error as NetworkingError: self = error
        case is CancellationError: self = .cancelled
        default: self = .hookFailed(HookFailure(stage: stage, hookType: hookType, error: error), response: metadata)
        }
    }
}
