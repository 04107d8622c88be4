#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import XCTest

    @testable import NetworkingCurl

    /// libcurl's receive buffer (`CURLOPT_BUFFERSIZE`) follows the sink of each transfer: 512 KiB
    /// for a stream with the default watermark, libcurl's default 16 KiB for a stream with a small
    /// watermark and for a body collected in memory, also on a handle a bulk transfer used before.
    /// libcurl hands the body over in pieces of at most 16 KiB whatever the buffer.
    final class CurlReceiveBufferTests: CurlIntegrationTestCase {
        func testTheSizeFollowsTheWatermark() {
            func size(_ watermark: Int) -> Int {
                let (_, continuation) = ResponseBodyStream.makeStream(bufferLimit: .max)
                return CurlStreamSink(continuation: continuation, valve: CurlStreamValve(highWatermark: watermark))
                    .receiveBufferSize
            }
            XCTAssertEqual(size(CurlTransport.streamHighWatermark), 512 * 1024)
            XCTAssertEqual(size(256 * 1024), 64 * 1024)
            XCTAssertEqual(size(8 * 1024), 16 * 1024)
            XCTAssertEqual(size(64 * 1024 * 1024), 512 * 1024)
            XCTAssertEqual(BufferedBodySink(limit: .max).receiveBufferSize, 16 * 1024)
        }

        func testAHandleReusedAfterABulkStreamReadsEveryBodyWhole() async throws {
            let transport = try CurlTransport()
            let path = "/bytes/102400?seed=5"
            let expected = try await transport.send(URLRequest(url: HTTPBin.url(path))).body
            XCTAssertEqual(expected.count, 102_400)
            let (bulk, bulkValve) = try await stream(
                transport, path, highWatermark: CurlTransport.streamHighWatermark)
            XCTAssertEqual(bulk, expected)
            XCTAssertLessThanOrEqual(bulkValve.largestChunk.load(ordering: .relaxed), 16 * 1024)
            // The same transport's next transfers reuse the handle: back to the default size.
            let (body, valve) = try await stream(transport, path, highWatermark: 8 * 1024)
            XCTAssertEqual(body, expected)
            XCTAssertLessThanOrEqual(valve.largestChunk.load(ordering: .relaxed), 16 * 1024)
            let collected = try await transport.send(URLRequest(url: HTTPBin.url(path)))
            XCTAssertEqual(collected.body, expected)
        }

        private func stream(
            _ transport: CurlTransport, _ path: String, highWatermark: Int
        ) async throws -> (Data, CurlStreamValve) {
            let valves = Valves()
            let opened = try await transport.openStream(
                URLRequest(url: HTTPBin.url(path)), highWatermark: highWatermark
            ) { valves.append($0) }
            XCTAssertEqual(opened.statusCode, 200)
            let body = try await opened.body.collect(upTo: .max)
            return (body, try XCTUnwrap(valves.last))
        }
    }
#endif
