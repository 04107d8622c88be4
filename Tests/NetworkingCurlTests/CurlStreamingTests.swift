#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// `CurlTransport.stream(_:)`: returns at the head while the body is still arriving, follows
    /// redirects, returns error statuses as responses, and keeps running after the transport is
    /// released.
    final class CurlStreamingTests: CurlIntegrationTestCase {
        func testTheHeadArrivesBeforeTheBodyEnds() async throws {
            let transport = try CurlTransport()
            let streamed = try await transport.stream(URLRequest(url: HTTPBin.url("/drip?duration=2&numbytes=4")))
            XCTAssertEqual(streamed.statusCode, 200)
            XCTAssertLessThan(streamed.body.byteCount, 4, "stream(_:) waited for the whole body")
            let body = try await streamed.body.collect(upTo: 100)
            XCTAssertEqual(body, Data("****".utf8))
        }

        func testRedirectsAreFollowedAndOnlyTheFinalBodyIsStreamed() async throws {
            let transport = try CurlTransport()
            let streamed = try await transport.stream(
                URLRequest(url: HTTPBin.url("/redirect-to?url=%2Frange%2F3000&status_code=307")))
            XCTAssertEqual(streamed.statusCode, 200)
            XCTAssertEqual(streamed.request.url?.path, "/range/3000")
            let body = try await streamed.body.collect(upTo: 10_000)
            XCTAssertEqual(body, CurlFileDownloadTests.rangeContent(3000))
        }

        func testAnErrorStatusIsAResponseWithItsBody() async throws {
            let transport = try CurlTransport()
            let streamed = try await transport.stream(URLRequest(url: HTTPBin.url("/status/418")))
            XCTAssertEqual(streamed.statusCode, 418)
            let body = try await streamed.body.collect(upTo: 10_000)
            XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("teapot"))
        }

        func testTheBodyOutlivesTheTransport() async throws {
            var transport: CurlTransport? = try CurlTransport()
            let request = URLRequest(url: HTTPBin.url("/drip?duration=1&numbytes=5"))
            let streamed = try await XCTUnwrap(transport).stream(request)
            transport = nil  // its loop must run on until the body has arrived
            let body = try await streamed.body.collect(upTo: 100)
            XCTAssertEqual(body, Data("*****".utf8))
        }
    }
#endif
