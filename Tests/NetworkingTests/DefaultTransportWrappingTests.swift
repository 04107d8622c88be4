import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

/// `Networking.defaultTransport(networkPath:trust:)`: the transport a client made without one
/// sends through, in public API, so that a user can wrap it (to count, log or delay requests).
final class DefaultTransportWrappingTests: XCTestCase {
    /// The counting transport of `defaultTransport`'s documentation.
    final class CountingTransport: HTTPTransport {
        let wrapped: any HTTPTransport
        let sent = Mutex(0)

        init(wrapping wrapped: any HTTPTransport) { self.wrapped = wrapped }

        func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            sent.withLock { $0 += 1 }
            return try await wrapped.send(request)
        }
    }

    func testAWrappedDefaultTransportSendsEveryRequestThroughTheWrapper() async throws {
        try await HTTPBin.requireServer()
        let counting = CountingTransport(wrapping: Networking.defaultTransport())
        let networking = Networking(baseURL: HTTPBin.baseURL, transport: counting)
        let first: Result<JSONResponse, NetworkingError> = await networking.get(
            "/get", query: [URLQueryItem(name: "n", value: "1")])
        let second: Result<JSONResponse, NetworkingError> = await networking.post("/post", body: ["n": 2])
        XCTAssertEqual(try first.get().body["args"]?.objectValue?["n"]?.stringValue, "1")
        XCTAssertEqual(try second.get().body["json"]?.objectValue?["n"]?.intValue, 2)
        // A redirect is two hops through the transport: the pipeline follows it, as for the default.
        let redirected: Result<JSONResponse, NetworkingError> = await networking.get("/redirect-to?url=/get")
        XCTAssertEqual(try redirected.get().statusCode, 200)
        XCTAssertEqual(counting.sent.withLock { $0 }, 4)
    }

    func testItIsTheTransportAClientWithoutOneGets() throws {
        let plain = Networking(baseURL: "http://example.test").transport
        let path = NetworkPath(proxy: .proxy(try Proxy(url: "http://proxy.test:3128")))
        let proxied = Networking(baseURL: "http://example.test", networkPath: path, trust: .system).transport
        #if os(Linux)
            let shared = try XCTUnwrap(Networking.defaultTransport() as? CurlTransport)
            XCTAssertTrue(shared === plain as? CurlTransport, "the shared libcurl transport")
            let withPath = try XCTUnwrap(Networking.defaultTransport(networkPath: path) as? CurlTransport)
            XCTAssertTrue(withPath === proxied as? CurlTransport, "the transport of that path, shared")
            XCTAssertFalse(withPath === shared)
        #else
            XCTAssertTrue(Networking.defaultTransport() is URLSessionTransport)
            XCTAssertTrue(type(of: Networking.defaultTransport(networkPath: path)) == type(of: proxied))
            XCTAssertTrue(plain is URLSessionTransport)
        #endif
    }
}
