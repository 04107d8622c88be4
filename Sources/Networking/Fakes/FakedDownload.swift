import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response of a faked download: a transport that answers every request with it.
struct FakedDownload: HTTPTransport {
    let data: Data
    let contentType: String

    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        guard let url = request.url,
            let head = ResponseHead(
                url: url, statusCode: 200,
                headerFields: ["Content-Type": contentType, "Content-Length": String(data.count)])
        else { throw .invalidResponse }
        return TransportResponse(request: request.head, head: head, body: data)
    }
}
