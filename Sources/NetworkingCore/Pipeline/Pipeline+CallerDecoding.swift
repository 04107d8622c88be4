import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The half of a request that runs off the caller, for front doors that decode in their caller's
// isolation: a model whose `Decodable` conformance is isolated to the caller's actor (a model
// declared plainly in a target whose default isolation is `MainActor`) can only be decoded there.
// Building, interceptors, transport and the status check run here, on the global executor; the
// caller decodes the `SentRequest` it gets back, which then tells the observers how it ended.

extension Pipeline {
    /// Builds `request` and sends it through `transport`, off the
    /// caller; the response is left for the caller to decode. A request that cannot be built is
    /// the failure (the observers have been told).
    @concurrent
    package func sendUndecoded(
        _ request: HTTPRequest, kind: RequestContext.Kind, options: RequestOptions,
        transport: any HTTPTransport, uploadProgress: ProgressReporter? = nil,
        downloadProgress: ProgressReporter? = nil
    ) async -> Result<SentRequest, NetworkingError> {
        let urlRequest: URLRequest
        let beside: BodyBeside?
        do throws(NetworkingError) {
            (urlRequest, beside) = try build(request, kind: kind, options: options)
        } catch {
            return .failure(error)
        }
        return .success(
            await send(
                urlRequest, beside: beside, kind: kind, options: options, transport: transport,
                uploadProgress: uploadProgress, downloadProgress: downloadProgress))
    }

    /// Sends an already-built request (with the body `beside` it, if it has one) through
    /// `transport`, off the caller; the response is left for the caller to decode.
    @concurrent
    package func sendUndecoded(
        _ urlRequest: URLRequest, beside: BodyBeside? = nil, kind: RequestContext.Kind = .request,
        options: RequestOptions, transport: any HTTPTransport
    ) async -> SentRequest {
        await send(urlRequest, beside: beside, kind: kind, options: options, transport: transport)
    }
}
