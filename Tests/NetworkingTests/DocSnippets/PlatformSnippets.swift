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
    func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        TransportResponse(try await answer(try await transportRequest.collectingBody()))
    }

    func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"])
        else { throw .invalidResponse }
        return HTTPExchange(request: request, response: response, body: Data(#"{"id":1,"name":"Ada"}"#.utf8))
    }
}

// Writing a transport, "Follow redirects the way the library does".
private struct RedirectFollowingTransport: HTTPTransport {
    let sendOne: @Sendable (URLRequest) async throws(NetworkingError) -> HTTPExchange
    let policy = RedirectPolicy.default
    func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        TransportResponse(try await answer(try await transportRequest.collectingBody()))
    }

    func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        var hops = RedirectHops(request, policy: policy)
        while true {
            let exchange = try await sendOne(hops.current)
            if try hops.follow(after: exchange.response) { continue }  // hops.current is the next request
            return exchange
        }
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
        let logging = ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
            let exchange = try await inner.send(request)
            print(request.httpMethod ?? "GET", request.url?.absoluteString ?? "", exchange.statusCode)
            return exchange
        })
        let client = Networking(baseURL: "https://api.example.com", transport: logging)
        _ = client
    }
}
