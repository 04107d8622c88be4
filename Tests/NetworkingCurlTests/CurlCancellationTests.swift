#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Task cancellation aborts the transfer and ends the request with `.cancelled`.
    final class CurlCancellationTests: CurlIntegrationTestCase {
        func testCancellingTheTaskAbortsTheTransfer() async throws {
            let networking = try makeNetworking()
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
            try await Task.sleep(for: .milliseconds(200))
            task.cancel()
            let result = await task.value
            guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
            XCTAssertLessThan(clock.now - start, .seconds(4), "the transfer ran on instead of being aborted")
        }

        func testCancelAllRequestsEndsEveryRequestInFlight() async throws {
            let networking = try makeNetworking()
            let tasks = (0..<5).map { _ in
                Task { () -> Result<Void, NetworkingError> in await networking.get("/delay/5") }
            }
            try await Task.sleep(for: .milliseconds(300))
            await networking.cancelAllRequests()
            for task in tasks {
                let result = await task.value
                guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
            }
        }

        func testAlreadyCancelledTaskNeverSends() async throws {
            let transport = try CurlTransport()
            let task = Task { () -> NetworkingError? in
                withUnsafeCurrentTask { $0?.cancel() }
                do throws(NetworkingError) {
                    _ = try await transport.send(URLRequest(url: HTTPBin.url("/delay/3")))
                    return nil
                } catch {
                    return error
                }
            }
            let error = await task.value
            guard case .cancelled = error else {
                return XCTFail("expected .cancelled, got \(String(describing: error))")
            }
        }

        func testTransportKeepsWorkingAfterCancellations() async throws {
            let transport = try CurlTransport()
            for _ in 0..<10 {
                let task = Task { try await transport.send(URLRequest(url: HTTPBin.url("/delay/2"))) }
                try await Task.sleep(for: .milliseconds(20))
                task.cancel()
                _ = try? await task.value
            }
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(exchange.statusCode, 200)
        }
    }
#endif
