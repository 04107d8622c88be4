import Foundation

extension HTTPClient {
    /// Hands the failure of an endpoint request to the error hook of every `Interceptor` among the
    /// client's interceptors (wrapped in a `LegacyInterceptorAdapter`, as `NetworkingController`
    /// does): `intercept(_ error: any DecodableError)`, once per request, after its retries and
    /// before the error reaches the caller. The hook receives the `NetworkingError` itself.
    func reportFailure(_ error: NetworkingError) {
        for case let adapter as LegacyInterceptorAdapter in configuration.interceptors {
            adapter.interceptor.intercept(error as any DecodableError)
        }
    }
}
