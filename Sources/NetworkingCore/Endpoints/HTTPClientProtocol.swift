import Foundation

/// What sends endpoints: implemented by `HTTPClient`, and by `MockHTTPClient` in
/// `NetworkingTesting` so code under test can take either.
///
/// It has one requirement; every other way of sending (`Result`, completion handler, Combine,
/// `Void`, your own error type) is an extension built on it, so it works for every conformer.
/// Extend it for your API's conventions, such as unwrapping a response envelope:
///
/// ```swift
/// extension HTTPClientProtocol {
///     func sendUnwrapped<T: Decodable, R: Endpoint>(_ request: R) async throws -> T {
///         let envelope: APIResponse<T> = try await send(request)
///         guard envelope.status == "success" else { throw APIError.businessFailure(envelope.message) }
///         return envelope.result
///     }
/// }
/// ```
///
/// `DataTransferProtocol` is another name for this protocol.
public protocol HTTPClientProtocol: Sendable {
    /// Sends `request` and decodes a 2xx response as `T` (`Data`, `String`, `JSONResponse` and
    /// `EmptyResponse` work too). Any other status is `.http`, with the response in the error.
    ///
    /// It runs in the caller's isolation, where `T` is decoded: `T` may be a model whose
    /// conformance is isolated to the caller's actor (in a target whose default isolation is
    /// `MainActor`, a model declared plainly). A conformer sends the request off the caller.
    nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(_ request: R) async throws(NetworkingError) -> T
}

extension HTTPClientProtocol {
    /// Sends `request` and decodes the response, as a `Result`.
    public nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(_ request: R) async -> Result<
        T, NetworkingError
    > {
        do {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }

    /// Sends `request` and decodes the response as `type`.
    public nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(_ request: R, as type: T.Type)
        async throws(NetworkingError) -> T
    {
        try await send(request)
    }

    /// Sends `request` and ignores the response body (only its status matters).
    public nonisolated(nonsending) func send<R: Endpoint>(_ request: R) async throws(NetworkingError) {
        let _: EmptyResponse = try await send(request)
    }

    /// Sends `request` in a task of its own and calls `completion` with the result (on that task,
    /// not on the main actor). Cancel the returned handle to cancel the request; `completion` is
    /// then called with `.failure(.cancelled)`.
    @discardableResult
    public func send<T: Decodable & Sendable, R: Endpoint>(
        _ request: R, completion: @escaping @Sendable (Result<T, NetworkingError>) -> Void
    ) -> RequestHandle {
        RequestHandle(
            Task {
                let result: Result<T, NetworkingError> = await send(request)
                completion(result)
            })
    }
}

extension HTTPClientProtocol {
    /// Sends `request` in a task of its own that runs in the caller's isolation, which decodes
    /// the response and calls `completion` there. Swift picks it when `T` is not a `Sendable` type
    /// argument (a model whose conformance is isolated to the caller's actor); cancel the returned
    /// handle to cancel the request.
    @discardableResult
    public func send<T: Decodable, R: Endpoint>(
        _ request: R, isolation: isolated (any Actor)? = #isolation,
        completion: @escaping (Result<T, NetworkingError>) -> Void
    ) -> RequestHandle {
        RequestHandle(
            Task {
                _ = isolation
                let result: Result<T, NetworkingError> = await send(request)
                completion(result)
            })
    }
}
