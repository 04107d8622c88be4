import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hook around every request: the onion.
///
/// `intercept` receives the request and `next`, the rest of the chain (the innermost being the
/// transport). It may change the request before calling `next`, inspect or replace the exchange
/// after, call `next` again to replay the request, or throw to fail it. Interceptors run
/// outermost first, in the order they were registered.
///
/// An interceptor sees every HTTP response, 4xx and 5xx included (as exchanges, not errors), and
/// may throw any error: a `NetworkingError` passes through as it is, anything else is wrapped
/// (see `NetworkingError.underlyingError`).
///
/// A body of bytes is the request's `httpBody`. A file or a streamed body travels beside the
/// request instead, and is sent as it is unless the interceptor sets `httpBody` (which replaces
/// it); `isBodyReplayable` says whether calling `next` again can send the body again. An
/// interceptor that reads the request's options (whether it needs a credential, its attempt budget,
/// whether it may be logged) is an `OptionsAwareInterceptor`, which receives them with the request.
public protocol HTTPInterceptor: Sendable {
    /// Handles one request.
    func intercept(
        _ request: URLRequest,
        next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange
}

/// Runs a request through interceptors and then a transport.
package struct InterceptorChain: Sendable {
    /// The interceptors, outermost first.
    package let interceptors: [any HTTPInterceptor]
    /// The innermost step: the transport, with the body collected or handed over as it arrives.
    private let step: TransportStep

    /// Creates a chain whose transport's response bodies are collected whole.
    package init(interceptors: [any HTTPInterceptor], transport: any HTTPTransport) {
        self.init(interceptors: interceptors, step: TransportStep(transport: transport))
    }

    /// Creates a chain over `step`.
    package init(interceptors: [any HTTPInterceptor], step: TransportStep) {
        self.interceptors = interceptors
        self.step = step
    }

    /// The transport beneath the interceptors.
    package var transport: any HTTPTransport { step.transport }

    /// Sends `request` (with the body `beside` it, a file or a stream, if it has one; see
    /// `BodyBeside`) through every interceptor and the transport, with `options` handed to the
    /// interceptors that read them.
    package func send(
        _ request: URLRequest, beside: BodyBeside? = nil, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> HTTPExchange {
        if interceptors.isEmpty { return try await step.send(request, beside: beside) }
        do {
            return try await run(request, beside: beside, options: options, from: interceptors.startIndex)
        } catch {
            throw NetworkingError(error)
        }
    }

    private func run(
        _ request: URLRequest, beside: BodyBeside?, options: RequestOptions, from index: Int
    ) async throws -> HTTPExchange {
        guard index < interceptors.endIndex else {
            return try await step.send(request, beside: beside)
        }
        try Task.checkCancellation()
        if let interceptor = interceptors[index] as? any OptionsAwareInterceptor {
            return try await interceptor.intercept(request, options: options) { request, options in
                try await self.run(request, beside: beside, options: options, from: index + 1)
            }
        }
        return try await interceptors[index].intercept(request) { request in
            try await self.run(request, beside: beside, options: options, from: index + 1)
        }
    }
}
