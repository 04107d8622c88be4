#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// The transport's connection pool, counted by the server (`Fixtures/pool_server.py`): it
    /// stays warm under a steady load and between bursts, it opens at most its limits (per origin
    /// and in all), and a request queued behind a full pool honours its timeouts and cancellation
    /// and says how long it waited.
    final class CurlConnectionPoolTests: XCTestCase {
        func testASteadyLoadOpensNoConnectionAfterWarmUpAndTheLimitCapsThem() async throws {
            let server = try PoolServer(tls: true)
            let transport = try CurlTransport(configuration: .init(caCertificateFile: PoolServer.caFile))
            let perHost = CurlTransport.Configuration.defaultMaximumConnectionsPerHost
            _ = try await sendKeeping(64, count: 256, over: transport) { try server.request("/warm/\($0)") }
            let warm = try await server.stats()
            XCTAssertLessThanOrEqual(warm.accepted, perHost, "64 in flight to one origin open at most the limit")
            XCTAssertEqual(warm.maxOpen, warm.accepted)
            // A second burst after the first has wound down, then a steady load: no new connection.
            try await Task.sleep(for: .milliseconds(200))
            let metrics = try await sendKeeping(64, count: 1000, over: transport) {
                try server.request("/steady/\($0)")
            }
            let steady = try await server.stats()
            XCTAssertEqual(steady.accepted, warm.accepted, "connections opened after warm-up")
            XCTAssertEqual(metrics.count, 1000)
            XCTAssertTrue(metrics.allSatisfy { $0.isReusedConnection == true }, "every request reused a connection")
        }

        func testWithNoLimitABurstOpensAConnectionPerRequest() async throws {
            let server = try PoolServer()
            let transport = try CurlTransport(configuration: .init(maximumConnectionsPerHost: 0))
            _ = try await sendKeeping(20, count: 20, over: transport) { try server.request("/delay/300/\($0)") }
            let stats = try await server.stats()
            XCTAssertEqual(stats.maxOpen, 20, "0 means no limit")
        }

        func testAFanOutOverManyOriginsStaysUnderTheTransportsBound() async throws {
            let server = try PoolServer(ports: 50)
            let transport = try CurlTransport(configuration: .init(maximumConnections: 10, eventLoopCount: 2))
            let (metrics, peak) = try await peakOpenSockets {
                try await sendKeeping(100, count: 100, over: transport) { index in
                    try server.request("/delay/100/\(index)", port: index % 50)
                }
            }
            XCTAssertEqual(metrics.count, 100)
            let stats = try await server.stats()
            XCTAssertEqual(stats.paths.count, 100)
            XCTAssertGreaterThan(peak, 0, "the sampler saw the connections")
            XCTAssertLessThanOrEqual(peak, 10, "connections open at once over 50 origins")
        }

        func testAQueuedRequestWaitsInOrderAndSaysHowLong() async throws {
            let server = try PoolServer()
            let transport = try CurlTransport(configuration: .init(maximumConnectionsPerHost: 1))
            async let first = transport.send(try server.request("/delay/800/first"))
            try await Task.sleep(for: .milliseconds(100))
            async let second = transport.send(try server.request("/second"))
            let (a, b) = try await (first, second)
            XCTAssertEqual(a.statusCode, 200)
            XCTAssertEqual(b.statusCode, 200)
            XCTAssertEqual(a.metrics?.queueTime, 0, "the first request found a connection free")
            let waited = try XCTUnwrap(b.metrics?.queueTime)
            XCTAssertGreaterThan(waited, 0.4, "the second waited for the first's connection")
            XCTAssertLessThan(waited, 5)
            XCTAssertEqual(b.metrics?.isReusedConnection, true, "and then reused it")
            let stats = try await server.stats()
            XCTAssertEqual(stats.accepted, 1)
            XCTAssertEqual(stats.paths, ["/delay/800/first", "/second"])
        }

        func testAQueuedRequestHonoursItsTimeoutsAndNeverReachesTheServer() async throws {
            let server = try PoolServer()
            let transport = try CurlTransport(configuration: .init(maximumConnectionsPerHost: 1))
            async let busy = transport.send(try server.request("/delay/2000/busy"))
            try await Task.sleep(for: .milliseconds(100))
            let clock = ContinuousClock()
            let start = clock.now
            // A total deadline (the transport's `totalTimeout`, here for one request alone) and an
            // idle timeout (`timeoutInterval`), each shorter than the wait for the connection.
            let deadlined = try transport.makeTransfer(
                try server.request("/queued-total"), deadline: clock.now + .milliseconds(300),
                sink: BufferedBodySink(limit: 1 << 20))
            async let totalOutcome = transport.run(deadlined)
            let idleRequest = try server.request("/queued-idle", timeout: 0.4)
            async let idleResult = outcome(of: idleRequest, over: transport)
            let ended = await totalOutcome
            let totalError: NetworkingError?
            do {
                _ = try CurlTransport.head(of: deadlined, ended)
                totalError = nil
            } catch {
                totalError = error
            }
            transport.recycle(deadlined)
            let idleError: NetworkingError?
            if case .failure(let error) = await idleResult { idleError = error } else { idleError = nil }
            XCTAssertLessThan(clock.now - start, .milliseconds(1500), "the queued requests waited past their timeouts")
            for error in [totalError, idleError] {
                guard case .transport(let urlError)? = error else {
                    return XCTFail("expected a timeout, got \(String(describing: error))")
                }
                XCTAssertEqual(urlError.code, URLError.Code.timedOut)
            }
            let busyStatus = try await busy.statusCode
            XCTAssertEqual(busyStatus, 200)
            let stats = try await server.stats()
            XCTAssertFalse(stats.paths.contains { $0.hasPrefix("/queued") }, "a timed-out queued request was sent")
        }

        func testCancellingAQueuedRequestRemovesItAtOnce() async throws {
            let server = try PoolServer()
            let transport = try CurlTransport(configuration: .init(maximumConnectionsPerHost: 1))
            async let busy = transport.send(try server.request("/delay/1000/busy"))
            try await Task.sleep(for: .milliseconds(100))
            let queued = Task { try await transport.send(try server.request("/queued")) }
            try await Task.sleep(for: .milliseconds(100))
            let clock = ContinuousClock()
            let start = clock.now
            queued.cancel()
            let result = await queued.result
            XCTAssertLessThan(clock.now - start, .milliseconds(500), "the cancellation waited for a connection")
            guard case .failure(let error) = result, case .cancelled? = error as? NetworkingError else {
                return XCTFail("expected .cancelled, got \(result)")
            }
            let busyStatus = try await busy.statusCode
            XCTAssertEqual(busyStatus, 200)
            let after = try await transport.send(try server.request("/after"))
            XCTAssertEqual(after.statusCode, 200)
            let stats = try await server.stats()
            XCTAssertEqual(stats.paths, ["/delay/1000/busy", "/after"], "the cancelled request reached the server")
        }
    }
#endif
