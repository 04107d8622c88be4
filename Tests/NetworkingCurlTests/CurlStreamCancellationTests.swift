#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import XCTest

    @testable import NetworkingCurl

    /// Cancelling a stream, however the reader does it, aborts the curl transfer (the body below
    /// drips for a minute: only an abort ends the transfer within the wait).
    final class CurlStreamCancellationTests: CurlIntegrationTestCase {
        private static let dripPath = "/drip?duration=60&numbytes=60&delay=0"

        func testCancellingTheStreamAbortsTheTransfer() async throws {
            let (streamed, valve) = try await startDrip()
            var chunks = streamed.body.makeAsyncIterator()
            let first = try await chunks.next()
            XCTAssertNotNil(first)
            streamed.body.cancel()
            do {
                _ = try await chunks.next()
                XCTFail("expected .cancelled")
            } catch {
                guard case .cancelled = error else { return XCTFail("expected .cancelled, got \(error)") }
            }
            try await waitForEnd(of: valve)
        }

        func testCancellingTheReadingTaskAbortsTheTransfer() async throws {
            let (streamed, valve) = try await startDrip()
            let reader = Task { () -> NetworkingError? in
                do throws(NetworkingError) {
                    var chunks = streamed.body.makeAsyncIterator()
                    while try await chunks.next() != nil {}
                    return nil
                } catch {
                    return error
                }
            }
            try await waitUntil { streamed.body.byteCount > 0 }
            reader.cancel()
            let error = await reader.value
            guard case .cancelled = error else {
                return XCTFail("expected .cancelled, got \(String(describing: error))")
            }
            try await waitForEnd(of: valve)
        }

        func testDroppingTheStreamAbortsTheTransfer() async throws {
            var valve: CurlStreamValve?
            do {
                let (streamed, started) = try await startDrip()
                valve = started
                XCTAssertEqual(streamed.statusCode, 200)
            }
            try await waitForEnd(of: XCTUnwrap(valve))
        }

        func testCancellingBeforeTheHeadEndsTheCallWithCancelled() async throws {
            let transport = try CurlTransport()
            let task = Task { () -> NetworkingError? in
                do throws(NetworkingError) {
                    _ = try await transport.stream(URLRequest(url: HTTPBin.url("/delay/10")))
                    return nil
                } catch {
                    return error
                }
            }
            try await Task.sleep(for: .milliseconds(200))  // not an assertion: the request is in flight
            task.cancel()
            let error = await task.value
            guard case .cancelled = error else {
                return XCTFail("expected .cancelled, got \(String(describing: error))")
            }
        }

        // MARK: - Helpers

        private func startDrip() async throws -> (TransportResponse, CurlStreamValve) {
            let transport = try CurlTransport()
            let valves = Valves()
            let opened = try await transport.openStream(
                URLRequest(url: HTTPBin.url(Self.dripPath)), highWatermark: CurlTransport.streamHighWatermark
            ) { valves.append($0) }
            let streamed = TransportResponse(request: opened.request, head: opened.head, stream: opened.body)
            return (streamed, try XCTUnwrap(valves.last))
        }

        /// Waits until the loop has ended the transfer; a transfer that keeps running fails.
        private func waitForEnd(of valve: CurlStreamValve) async throws {
            try await waitUntil { valve.ended.load(ordering: .sequentiallyConsistent) }
        }
    }
#endif
