// The code blocks of the DocC articles "Linux" and "Writing a transport"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl

    private enum LinuxSnippets {
        // Linux, "Configure the libcurl transport".
        static func configure() async throws {
            let transport = try CurlTransport(
                configuration: .init(
                    connectTimeout: 2.5,
                    totalTimeout: 10,
                    caCertificateFile: "/etc/myapp/private-ca.pem",
                    pinnedPublicKey: "sha256//ENSehQbl1gu0i2aPP4e1eS5SUFHIqWTnfCNIxwHbLGQ=",
                    maximumConnectionsPerHost: 8))
            let networking = Networking(baseURL: "https://api.example.com", transport: transport)

            var request = URLRequest(url: URL(string: "https://api.example.com/big.json")!)
            request.timeoutInterval = 0.75  // idle: fails if nothing moves for 750 ms
            let exchange = try await transport.send(request)
            if let metrics = exchange.metrics {
                print(metrics.networkProtocol ?? "?", metrics.timeToFirstByte ?? 0, metrics.isReusedConnection ?? false)
            }
            _ = (networking, CurlTransport.isAvailable, CurlTransport.curlCodeKey)
        }

        // Linux, "Configure the libcurl transport": choosing a transport.
        static func choose() {
            let viaCurl = Networking(baseURL: "https://api.example.com", transport: CurlTransport.preferred())
            let viaURLSession = Networking(baseURL: "https://api.example.com", transport: URLSessionTransport())
            _ = (viaCurl, viaURLSession)
        }

        // Transfers, "Bounded buffering": another cap with libcurl.
        static func cap() throws {
            _ = try CurlTransport(configuration: .init(maxResponseBodySize: 16 * 1024 * 1024))
        }
    }
#endif

// Writing a transport, "Overview".
private struct HelloTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        guard let url = request.url,
            let head = ResponseHead(url: url, statusCode: 200, headerFields: ["Content-Type": "application/json"])
        else { throw .invalidResponse }
        return TransportResponse(request: request.head, head: head, body: Data(#"{"id":1,"name":"Ada"}"#.utf8))
    }
}

// Writing a transport, "What a transport returns".
private struct CountdownTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        guard let url = request.url, let head = ResponseHead(url: url, statusCode: 200, headerFields: [:])
        else { throw .invalidResponse }
        let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: request.responseBodyLimit)
        Task {
            for count in (1...3).reversed() { continuation.yield(Data("\(count)\n".utf8)) }
            continuation.finish(trailers: ["Checksum": "none"])
        }
        return TransportResponse(request: request.head, head: head, stream: stream)
    }
}

// The Swift HTTP API proposal, "The response handler, over any transport".
private struct PerformingClient: Sendable {
    let transport: any HTTPTransport

    func perform<Return>(
        request: URLRequest, body: HTTPBody? = nil,
        responseHandler: (ResponseHead, ResponseBodyStream) async throws -> Return
    ) async throws -> Return {
        let response = try await transport.send(TransportRequest(head: request, body: body, reading: .streamed))
        let stream = response.body
        defer { stream.cancel() }  // whatever the handler did not read is not transferred
        return try await responseHandler(response.head, stream)
    }
}

private enum WritingATransportSnippets {
    // Writing a transport, "Overview".
    static func hello() {
        let networking = Networking(baseURL: "https://api.example.com", transport: HelloTransport())
        _ = networking
    }

    // Writing a transport, "Wrap another transport".
    static func wrap() {
        let inner = URLSessionTransport()
        let logging = ClosureTransport { (request) throws(NetworkingError) -> TransportResponse in
            let exchange = try await inner.exchange(for: request)
            print(request.method, request.url?.absoluteString ?? "", exchange.statusCode)
            return TransportResponse(exchange)
        }
        let client = Networking(baseURL: "https://api.example.com", transport: logging)
        _ = client
    }

    // Writing a transport, "Wrap another transport": the default transport, wrapped.
    static func wrapTheDefault() {
        let standard = Networking.defaultTransport()
        let traced = ClosureTransport { (request) throws(NetworkingError) -> TransportResponse in
            let started = ContinuousClock.now
            defer { print(request.method, request.url?.absoluteString ?? "", ContinuousClock.now - started) }
            return try await standard.send(request)
        }
        let timed = Networking(baseURL: "https://api.example.com", transport: traced)
        _ = timed
    }
}
