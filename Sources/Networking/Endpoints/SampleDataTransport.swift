import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of `HTTPClient`'s test and preview environments: answers the request with the
/// endpoint's `sampleData` (status 200), after `delay`, without touching the network.
///
/// It stands where the real transport stands, so interceptors, status validation, observers,
/// events and logs see a sample answer exactly as they see a real one.
struct SampleDataTransport: HTTPTransport {
    /// The body of every answer.
    let data: Data
    /// How long an answer takes (the preview environment's `previewDelay`; zero for tests).
    let delay: Duration

    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if delay > .zero {
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        guard let url = request.url,
            let head = ResponseHead(url: url, statusCode: 200, headerFields: ["Content-Length": "\(data.count)"])
        else { throw .invalidResponse }
        return TransportResponse(request: request.head, head: head, body: data)
    }
}
