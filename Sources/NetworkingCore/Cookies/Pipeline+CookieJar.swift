import Foundation

extension Pipeline {
    /// Runs `operation` with this pipeline's cookie jar bound as `RedirectHops.cookieJar`, where
    /// the transports' redirect loops take it from. A pipeline without a jar binds `nil` over an
    /// outer one (a client whose jar is off never uses another client's), and binds nothing
    /// when there is nothing to hide.
    func bindingCookieJar<T: Sendable>(
        _ operation: () async throws(NetworkingError) -> T
    ) async throws(NetworkingError) -> T {
        if cookieJar == nil, RedirectHops.cookieJar == nil { return try await operation() }
        let result: Result<T, NetworkingError> = await RedirectHops.$cookieJar.withValue(cookieJar) {
            do throws(NetworkingError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
