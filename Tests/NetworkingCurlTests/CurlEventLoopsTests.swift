#if os(Linux)
    import Foundation
    import FoundationNetworking
    @testable import NetworkingCurl
    import XCTest

    /// How `CurlTransport` spreads requests over its event loops (`Configuration.eventLoopCount`).
    final class CurlEventLoopsTests: CurlIntegrationTestCase {
        private func url(_ string: String) throws -> URL {
            try XCTUnwrap(URL(string: string))
        }

        func testTheLoopCountIsAtLeastOne() throws {
            XCTAssertEqual(try CurlTransport(configuration: .init(eventLoopCount: 0)).loops.count, 1)
            XCTAssertEqual(try CurlTransport(configuration: .init(eventLoopCount: 3)).loops.count, 3)
            XCTAssertEqual(try CurlTransport().loops.count, 1)
        }

        /// With nothing in flight a request goes to the first loop, so sequential requests keep
        /// reusing one warm connection.
        func testAnIdleTransportUsesTheFirstLoop() throws {
            let transport = try CurlTransport(configuration: .init(eventLoopCount: 4))
            for path in ["/get", "/anything/a", "/status/204"] {
                XCTAssertTrue(
                    transport.loop(for: try url("http://127.0.0.1:1\(path)"), isHTTPS: false) === transport.loops[0])
            }
        }

        /// Requests HTTP/2 may multiplex (https with `.http2`, h2c) stay on one loop per origin,
        /// so they share one connection; so do a host's requests under a connection limit smaller
        /// than the loop count.
        func testRequestsThatShareConnectionsStayOnOneLoopPerOrigin() throws {
            let cases: [(CurlTransport.Configuration, String, Bool)] = [
                (.init(httpVersion: .http2, eventLoopCount: 4), "https://example.test", true),
                (.init(httpVersion: .http2PriorKnowledge, eventLoopCount: 4), "http://example.test:8080", false),
                (
                    .init(httpVersion: .http1, maximumConnectionsPerHost: 3, eventLoopCount: 4), "http://example.test",
                    false
                ),
            ]
            for (configuration, origin, isHTTPS) in cases {
                let transport = try CurlTransport(configuration: configuration)
                let first = transport.loop(for: try url(origin + "/a"), isHTTPS: isHTTPS)
                for path in ["/b", "/c?x=1", "/d/e"] {
                    XCTAssertTrue(
                        transport.loop(for: try url(origin + path), isHTTPS: isHTTPS) === first,
                        "\(configuration.httpVersion) \(origin)")
                }
            }
        }

        /// The transport's connection limits are shared between its loops and add up to them; a
        /// per-origin limit smaller than the loop count is every loop's (its origin's requests
        /// all go to one loop).
        func testConnectionLimitsAreSharedBetweenTheLoops() {
            func limits(_ perHost: Int, _ total: Int, loops: Int) -> [Int] {
                let configuration = CurlTransport.Configuration(
                    maximumConnectionsPerHost: perHost, maximumConnections: total, eventLoopCount: loops)
                return (0..<loops).flatMap { index in
                    let limits = configuration.connectionLimits(ofLoop: index, among: loops)
                    return [limits.perHost, limits.total]
                }
            }
            XCTAssertEqual(limits(8, 256, loops: 1), [8, 256])
            XCTAssertEqual(limits(8, 256, loops: 3), [3, 86, 3, 85, 2, 85])
            XCTAssertEqual(limits(2, 0, loops: 4), [2, 0, 2, 0, 2, 0, 2, 0])
            XCTAssertEqual(limits(0, 5, loops: 2), [0, 3, 0, 2])
        }

        /// Concurrent cleartext requests spread over the loops, and all succeed.
        func testConcurrentRequestsUseEveryLoop() async throws {
            let transport = try CurlTransport(configuration: .init(httpVersion: .http1, eventLoopCount: 2))
            let request = URLRequest(url: HTTPBin.url("/delay/1"))
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await transport.send(request).statusCode }
                }
                // Both loops have transfers in flight while the delayed responses are pending.
                var sawBoth = false
                for _ in 0..<100 where !sawBoth {
                    sawBoth = transport.loops.allSatisfy { $0.transfersInFlight > 0 }
                    if !sawBoth { try await Task.sleep(for: .milliseconds(10)) }
                }
                XCTAssertTrue(sawBoth, "in flight per loop: \(transport.loops.map(\.transfersInFlight))")
                for try await status in group { XCTAssertEqual(status, 200) }
            }
            XCTAssertEqual(transport.loops.map(\.transfersInFlight), [0, 0])
        }
    }
#endif
