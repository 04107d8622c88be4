#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import XCTest

    @testable import NetworkingCurl

    /// A stream whose reader falls behind pauses its transfer (`CURL_WRITEFUNC_PAUSE`) instead of
    /// buffering, and resumes it (`curl_easy_pause` on the loop thread) once the reader catches up.
    final class CurlBackPressureTests: CurlIntegrationTestCase {
        private static let highWatermark = 8 * 1024

        func testSlowReaderGetsEveryByteWhileTheBufferStaysUnderTheWatermark() async throws {
            let transport = try CurlTransport()
            let path = "/stream-bytes/102400?chunk_size=1024&seed=11"
            let expected = try await transport.send(URLRequest(url: HTTPBin.url(path))).body
            XCTAssertEqual(expected.count, 102_400)
            let (streamed, valve) = try await stream(transport, path)
            var chunks = streamed.body.makeAsyncIterator()
            var body = try await chunks.next() ?? Data()
            try await waitUntil { valve.paused.load(ordering: .sequentiallyConsistent) }
            while let chunk = try await chunks.next() {
                body.append(chunk)
                if valve.pauseCount.load(ordering: .relaxed) < 2 {  // stop once more so it pauses again
                    try await waitUntil {
                        valve.paused.load(ordering: .sequentiallyConsistent) || valve.ended.load(ordering: .relaxed)
                    }
                }
            }
            XCTAssertEqual(body, expected, "every byte, in order, exactly once")
            XCTAssertGreaterThanOrEqual(valve.pauseCount.load(ordering: .relaxed), 2)
            let peak = valve.peakBufferedBytes.load(ordering: .relaxed)
            let chunk = valve.largestChunk.load(ordering: .relaxed)
            XCTAssertGreaterThan(peak, 0)
            XCTAssertLessThanOrEqual(peak, Self.highWatermark + chunk, "buffered past the high watermark")
            XCTAssertLessThanOrEqual(chunk, 64 * 1024)
        }

        func testAPausedTransferIsNotEndedByTheIdleTimeout() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/stream-bytes/102400?chunk_size=1024&seed=12"))
            request.timeoutInterval = 0.3
            let (streamed, valve) = try await stream(transport, request)
            var chunks = streamed.body.makeAsyncIterator()
            var count = try await chunks.next()?.count ?? 0
            try await waitUntil { valve.paused.load(ordering: .sequentiallyConsistent) }
            try await Task.sleep(for: .seconds(1))  // more than the idle timeout while paused by us
            while let chunk = try await chunks.next() { count += chunk.count }
            XCTAssertEqual(count, 102_400)
        }

        func testTheDefaultWatermarkStaysFarBelowTheBufferLimit() async throws {
            let transport = try CurlTransport(configuration: .init(maxResponseBodySize: 1024 * 1024))
            let valves = Valves()
            let opened = try await transport.openStream(
                URLRequest(url: HTTPBin.url("/bytes/10")), highWatermark: CurlTransport.streamHighWatermark
            ) { valves.append($0) }
            let body = try await opened.body.collect(upTo: 100)
            XCTAssertEqual(body.count, 10)
            XCTAssertEqual(valves.last?.highWatermark, 512 * 1024, "at most half the buffer limit")
            XCTAssertEqual(valves.last?.lowWatermark, 128 * 1024)
        }

        // MARK: - Helpers

        private func stream(
            _ transport: CurlTransport, _ path: String
        ) async throws -> (TransportResponse, CurlStreamValve) {
            try await stream(transport, URLRequest(url: HTTPBin.url(path)))
        }

        private func stream(
            _ transport: CurlTransport, _ request: URLRequest
        ) async throws -> (TransportResponse, CurlStreamValve) {
            let valves = Valves()
            let opened = try await transport.openStream(request, highWatermark: Self.highWatermark) {
                valves.append($0)
            }
            let streamed = TransportResponse(request: opened.request, head: opened.head, stream: opened.body)
            XCTAssertEqual(streamed.statusCode, 200)
            let valve = try XCTUnwrap(valves.last)
            XCTAssertEqual(valve.highWatermark, Self.highWatermark)
            return (streamed, valve)
        }
    }
#endif
