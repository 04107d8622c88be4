import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    package nonisolated(nonsending) func send(
        _ request: URLRequest, beside: BodyBeside? = nil, options: RequestOptions = RequestOptions()
    ) async throws(NetworkingError) -> HTTPExchange {
        try await run(request, beside: beside, options: options, from: interceptors.startIndex)
    }

    /// Runs the interceptor at `index`, whose `next` runs the ones after it, and the transport
    /// after the last. An error an interceptor throws becomes a `NetworkingError` naming it (see
    /// `NetworkingError.hookFailure`); the errors of the inner stages, already `NetworkingError`s,
    /// pass through it as they are.
    private nonisolated(nonsending) func run(
        _ request: URLRequest, beside: BodyBeside?, options: RequestOptions, from index: Int
    ) async throws(NetworkingError) -> HTTPExchange {
        guard index < interceptors.endIndex else {
            return try await step.send(request, beside: beside)
        }
        if Task.isCancelled { throw .cancelled }
        let interceptor = interceptors[index]
        do {
            if let interceptor = interceptor as? any OptionsAwareInterceptor {
                return try await interceptor.intercept(request, options: options) { request, options in
                    try await self.run(request, beside: beside, options: options, from: index + 1)
                }
            }
            return try await interceptor.intercept(request) { request in
                try await self.run(request, beside: beside, options: options, from: index + 1)
            }
        } catch {
            throw NetworkingError(error, thrownBy: type(of: interceptor), at: .interceptor)
        }
    }
}
