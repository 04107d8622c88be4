import Foundation

extension Networking {
    /// Sends `Authorization: Basic …` with every request (RFC 7617), from a user name and password.
    public func setAuthorizationHeader(username: String, password: String) {
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        setAuthorizationHeader(headerKey: "Authorization", headerValue: "Basic \(credentials)")
    }

    /// Sends `Authorization: Bearer <token>` with every request (RFC 6750).
    public func setAuthorizationHeader(token: String) {
        setAuthorizationHeader(headerKey: "Authorization", headerValue: "Bearer \(token)")
    }

    /// Sends `headerKey: headerValue` with every request, such as
    /// `Authorization: Token token=…` or `Anonymous-Token: …`. The key joins the redaction set.
    public func setAuthorizationHeader(headerKey: String = "Authorization", headerValue: String) {
        authorizationHeaderKey = headerKey
        authorizationHeaderValue = headerValue
        invalidate()
    }

    /// Stops sending the authorization header.
    public func clearAuthorizationHeader() {
        authorizationHeaderValue = nil
        invalidate()
    }

    /// The header the credential is sent in (`Authorization` unless set otherwise).
    package var authorizationHeaderName: String { authorizationHeaderKey }

    /// Cancels every request, forgets the credentials and the headers set with `setHeaderFields`,
    /// empties the caches (as `clearCache()` does) and removes every cookie from the cookie jar.
    public func reset() {
        registry.cancelAll()
        clearCache()
        cookieJar?.removeAll()
        authorizationHeaderKey = "Authorization"
        authorizationHeaderValue = nil
        headerFields = [:]
        invalidate()
    }
}
