import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSessionTransport` answers an authentication challenge that is not about server trust
/// (server trust is decided by `ServerTrustEvaluation` on Apple platforms).
///
/// Credentials are the library's business (headers, interceptors, `NetworkPath`), so an HTTP
/// authentication challenge (a `401` with `WWW-Authenticate`, a `407` with `Proxy-Authenticate`)
/// must end as the server's response, body included, for the interceptors and the error decoding
/// to read (`{"error":"invalid_token"}`, problem details). How to get there depends on the
/// Foundation, so the platform is a parameter and the tests on Linux cover every answer.
package enum AuthenticationChallengeAnswer: Sendable, Hashable {
    /// The system's own handling, as if the delegate had no challenge method
    /// (`URLSession.AuthChallengeDisposition.performDefaultHandling`).
    case performDefaultHandling
    /// End the task at once with the response and the body received so far, then cancel the
    /// challenge (`.cancelAuthenticationChallenge`).
    case endWithResponseSoFar

    /// The methods of HTTP authentication, whose challenges come from a `401` or a `407`.
    package static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    /// The answer to a challenge of `method` (a protection space's `authenticationMethod`) on
    /// `platform`:
    /// - any challenge that is not HTTP authentication (a client certificate, server trust left to
    ///   the system): the system's handling;
    /// - HTTP authentication on Apple platforms: the system's handling too. It is "as though this
    ///   delegate method were not implemented" (`AuthChallengeDisposition.performDefaultHandling`),
    ///   and with no credential to offer URLSession then delivers the `401` or `407` as the
    ///   response and goes on to read its body ("Handling an authentication challenge", Apple's
    ///   Foundation documentation). The challenge arrives there before the body, so ending the task
    ///   at the challenge would lose the body. A credential the app keeps for that protection space
    ///   in the configuration's `urlCredentialStorage` is the system's to send, as it would be
    ///   without a delegate;
    /// - HTTP authentication on swift-corelibs-foundation: end the task with what arrived. Any
    ///   other answer makes it retry with empty Basic credentials, and the default handling never
    ///   completes (the timeout does not fire either).
    static func answer(toMethod method: String, on platform: URLSessionPlatform) -> AuthenticationChallengeAnswer {
        guard httpAuthenticationMethods.contains(method) else { return .performDefaultHandling }
        return platform.isApple ? .performDefaultHandling : .endWithResponseSoFar
    }
}
