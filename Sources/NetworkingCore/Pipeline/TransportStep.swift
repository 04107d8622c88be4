import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The innermost step of every interceptor chain: the edge between the interceptors' `URLRequest`
/// and `HTTPExchange` and the transport's `TransportRequest` and `TransportResponse`.
///
/// It takes the body off the request as an `HTTPBody` (refusing to send a one-shot body twice),
/// sends it, and hands the interceptors an exchange: the whole body when the caller collects it;
/// for a caller that reads a 2xx body as it arrives (a stream, a download, progress), an empty
/// body with the stream beside it (`HTTPExchange.arrivingBody`), where the pipeline takes it from.
package struct TransportStep: Sendable {
    /// The bytes of a non-2xx body kept for the error when the caller meant to stream a 2xx one.
    package static let maxErrorBody = 16 * 1024 * 1024

    let transport: any HTTPTransport
    var reading: TransportRequest.BodyReading = .whole
    var uploadProgress: ProgressReporter? = nil
    /// The `responseBodyLimit` of the requests sent, when not the default (a download to a file
    /// holds none of its body in memory: `Int.max`).
    var responseBodyLimit = TransportRequest.defaultResponseBodyLimit

    package init(
        transport: any HTTPTransport, reading: TransportRequest.BodyReading = .whole,
        uploadProgress: ProgressReporter? = nil, responseBodyLimit: Int = TransportRequest.defaultResponseBodyLimit
    ) {
        self.transport = transport
        self.reading = reading
        self.uploadProgress = uploadProgress
        self.responseBodyLimit = responseBodyLimit
    }

    /// Sends `request` through the transport.
    package func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        var sent = try TransportRequest(sending: request, reading: reading)
        sent.responseBodyLimit = responseBodyLimit
        if let uploadProgress, let body = sent.body { sent.body = body.reportingProgress(to: uploadProgress) }
        let response = try await transport.send(sent)
        guard reading == .streamed else { return try await response.collect(upTo: responseBodyLimit) }
        guard (200..<300).contains(response.statusCode), response.completeBody == nil else {
            return try await response.collect(upTo: Self.maxErrorBody)
        }
        return HTTPExchange(
            request: response.request, head: response.head, arriving: response.body, metrics: response.metrics)
    }
}

extension TransportRequest {
    /// The request a chain hands its transport: `request` with its body taken off as an
    /// `HTTPBody`. A one-shot body already sent once fails with `HTTPBody.alreadySentError`.
    package init(sending request: URLRequest, reading: BodyReading) throws(NetworkingError) {
        var body: HTTPBody?
        if let data = request.httpBody {
            body = HTTPBody(data)
        } else if let stream = request.httpBodyStream {
            body = HTTPBody(stream)
        }
        if let body, !body.claim() { throw HTTPBody.alreadySentError }
        self.init(head: request, body: body, reading: reading)
    }
}
