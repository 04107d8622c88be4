import Foundation
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

/// Which transport a client gets (see `DefaultTransport`): the platform's default without a
/// transport or a session configuration, `URLSessionTransport` with an explicit configuration.
final class DefaultTransportTests: XCTestCase {
    #if os(Linux)
        func testLinuxClientsWithoutAConfigurationShareOneCurlTransport() throws {
            XCTAssertTrue(CurlTransport.isAvailable, "libcurl.so.4 must load on Linux")
            let curl = try XCTUnwrap(Self.curl(in: Networking(baseURL: "http://example.test").transport))
            let withTTL = Networking(baseURL: "http://example.test", cacheTTL: 60).transport
            XCTAssertTrue(Self.curl(in: withTTL) === curl, "init(baseURL:cacheTTL:)")
            XCTAssertTrue(Self.curl(in: HTTPClient().transport) === curl, "HTTPClient()")
            let live = HTTPClient(environment: .live).transport
            XCTAssertTrue(Self.curl(in: live) === curl, "HTTPClient(environment:)")
        }

        func testTheLinuxDefaultKeepsTheDocumentedLimits() throws {
            let curl = try XCTUnwrap(Self.curl(in: Networking(baseURL: "http://example.test").transport))
            XCTAssertEqual(curl.configuration.maxResponseBodySize, URLSessionTransport.defaultMaxResponseBodySize)
            XCTAssertEqual(curl.configuration.redirectPolicy.maxRedirects, RedirectPolicy.default.maxRedirects)
            let policy = curl.configuration.redirectPolicy
            XCTAssertEqual(policy.allowsInsecureDowngrade, RedirectPolicy.default.allowsInsecureDowngrade)
            XCTAssertEqual(curl.configuration.redirectPolicy.sensitiveHeaders, RedirectPolicy.default.sensitiveHeaders)
            XCTAssertNil(curl.configuration.caCertificateFile)
            XCTAssertNil(curl.configuration.pinnedPublicKey)
        }

        /// `CurlTransport.Configuration.init`'s defaults are the ones its properties' comments state.
        func testTheCurlConfigurationDefaultsAreTheDocumentedOnes() {
            let configuration = CurlTransport.Configuration()
            XCTAssertEqual(configuration.maxResponseBodySize, 128 * 1024 * 1024)
            XCTAssertEqual(configuration.maxResponseBodySize, URLSessionTransport.defaultMaxResponseBodySize)
            XCTAssertEqual(configuration.maximumConnectionsPerHost, 16)
            XCTAssertEqual(configuration.maximumConnections, 256)
            XCTAssertEqual(configuration.idleConnectionTimeout, 55)
            XCTAssertEqual(configuration.busyPollInterval, 0.000_150)
            XCTAssertEqual(configuration.eventLoopCount, 1)
            XCTAssertEqual(configuration.userAgent, CurlTransport.Configuration.defaultUserAgent)
        }

        /// The Linux default streams (through CurlTransport): the first chunk of a body that drips
        /// one byte at a time arrives before the rest exists.
        func testTheLinuxDefaultStreamsBodiesAsTheyArrive() async throws {
            try await HTTPBin.requireServer()
            let networking = Networking(baseURL: HTTPBin.baseURL)
            let streamed = try await networking.stream("/drip?duration=2&numbytes=4&delay=0").get()
            var first: Data?
            for try await chunk in streamed.body {
                first = chunk
                break
            }
            let firstChunk = try XCTUnwrap(first)
            XCTAssertLessThan(firstChunk.count, 4, "the whole body arrived at once: the default did not stream")
        }

        private static func curl(in transport: any HTTPTransport) -> CurlTransport? {
            transport as? CurlTransport
        }
    #else
        func testOtherPlatformsDefaultToURLSession() {
            XCTAssertTrue(Networking(baseURL: "http://example.test").transport is URLSessionTransport)
            XCTAssertTrue(HTTPClient().transport is URLSessionTransport)
        }
    #endif

    func testAnExplicitSessionConfigurationKeepsURLSession() throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-Kept": "yes"]
        let networking = Networking(baseURL: "http://example.test", configuration: configuration)
        let transport = try XCTUnwrap(networking.transport as? URLSessionTransport)
        XCTAssertEqual(transport.session.configuration.httpAdditionalHeaders?["X-Kept"] as? String, "yes")
        let withTTL = Networking(baseURL: "http://example.test", configuration: .ephemeral, cacheTTL: 60)
        XCTAssertTrue(withTTL.transport is URLSessionTransport)
    }

    func testTheIntegrationSuitesRunOverTheRequestedTransport() {
        for transport in [TestTransport.make(), TestTransport.make(maxResponseBodySize: 4096)] {
            switch TestTransport.name {
            case "urlsession": XCTAssertTrue(transport is URLSessionTransport, "\(type(of: transport))")
            case "default": XCTAssertTrue(type(of: transport) == type(of: DefaultTransport.make()))
            #if os(Linux)
                case "curl": XCTAssertTrue(transport is CurlTransport, "\(type(of: transport))")
            #endif
            default: XCTFail("unknown NETWORKING_TEST_TRANSPORT=\(TestTransport.name)")
            }
        }
        let limited = Networking(
            baseURL: "http://example.test", transport: TestTransport.make(maxResponseBodySize: 4096))
        XCTAssertEqual(limited.maxResponseBodySize, 4096)
    }
}
