import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers at once with the 1 KB fixture: what is left is the library's cost.
struct InMemoryTransport: HTTPTransport {
    func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        TransportResponse(try await answer(try await transportRequest.collectingBody()))
    }

    func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: StubProtocol.headers)
        else { throw .invalidResponse }
        return HTTPExchange(request: request, response: response, body: StubProtocol.body)
    }
}
