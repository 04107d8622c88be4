#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    @testable import NetworkingCurl
    import XCTest

    /// A request alone in flight started by its sending thread (`CurlEventLoop.drive`): one pass
    /// of libcurl, then the loop thread runs it to its end while the sender suspends, so that no
    /// thread of Swift's cooperative pool ever waits for a response.
    final class CurlLoneRequestTests: CurlIntegrationTestCase {
        /// A busy-poll interval long enough for httpbin, which takes about a millisecond to answer.
        private static let patientLooks: TimeInterval = 0.5

        private func makeTransfer(_ transport: CurlTransport, _ path: String) throws -> CurlTransfer {
            try transport.makeTransfer(
                URLRequest(url: HTTPBin.url(path)), deadline: nil, sink: BufferedBodySink(limit: 1 << 20))
        }

        /// Drives `transfer` on this thread as soon as its loop has parked (a new loop parks after
        /// its first pass); `false` if it never did.
        private static func drive(_ transfer: CurlTransfer) -> Bool {
            for _ in 0..<5000 {
                if transfer.loop.drive(transfer) { return true }
                usleep(1000)
            }
            return false
        }

        private func waitForEnd(_ transfer: CurlTransfer) async -> CurlTransfer.Outcome {
            let outcome = await withUnsafeContinuation { transfer.wait($0) }
            return transfer.takeOutcome(outcome)
        }

        private func status(_ transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome) throws -> Int {
            try CurlTransport.head(of: transfer, outcome).statusCode
        }

        func testADrivenRequestIsHandedToTheLoopThreadAtOnce() async throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let transfer = try makeTransfer(transport, "/delay/1")
            let clock = ContinuousClock()
            let start = clock.now
            XCTAssertTrue(Self.drive(transfer))
            // One pass, not a wait: the sending thread is back long before the response.
            XCTAssertLessThan(clock.now - start, .milliseconds(500), "the sending thread waited for the response")
            XCTAssertNil(transfer.outcomeIfEnded(), "a one-second response cannot end within one pass")
            let outcome = await waitForEnd(transfer)
            XCTAssertEqual(try status(transfer, outcome), 200, "the loop thread finished it intact")
            transport.recycle(transfer)
            XCTAssertEqual(transport.loops[0].transfersInFlight, 0)
            // And the loop is usable again afterwards, by a driving sender and by its thread.
            let again = try makeTransfer(transport, "/get")
            XCTAssertTrue(Self.drive(again))
            let ended = await waitForEnd(again)
            XCTAssertEqual(try status(again, ended), 200)
            transport.recycle(again)
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(exchange.statusCode, 200)
        }

        func testTheLoopParksAsSoonAsItHasHandedAResponseBack() async throws {
            // However long it may busy-poll, the loop polls only for transfers in flight: once it
            // has resumed a sender it parks, so that sender's next request, alone, drives itself
            // instead of waiting for the loop thread to catch it.
            let transport = try CurlTransport(configuration: .init(busyPollInterval: 2))
            let loop = transport.loops[0]
            let clock = ContinuousClock()
            for round in 0..<3 {
                let first = try makeTransfer(transport, "/get")
                loop.submit(first)  // the loop thread runs it and resumes this task
                let outcome = await waitForEnd(first)
                XCTAssertEqual(try status(first, outcome), 200)
                transport.recycle(first)
                let next = try makeTransfer(transport, "/get")
                let start = clock.now
                var drove = loop.drive(next)
                while !drove, clock.now - start < .milliseconds(250) {
                    usleep(500)
                    drove = loop.drive(next)
                }
                XCTAssertTrue(drove, "round \(round): the loop thread was still polling for the next request")
                if !drove { loop.submit(next) }
                let ended = await waitForEnd(next)
                XCTAssertEqual(try status(next, ended), 200, "round \(round)")
                transport.recycle(next)
            }
        }

        func testABusyLoopIsNotDriven() async throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let slow = try makeTransfer(transport, "/delay/10")
            transport.loops[0].submit(slow)
            let other = try makeTransfer(transport, "/get")
            XCTAssertFalse(transport.loops[0].drive(other), "the loop thread drives while a transfer is in flight")
            transport.loops[0].submit(other)
            let ended = await waitForEnd(other)
            XCTAssertEqual(try status(other, ended), 200)
            transport.recycle(other)
            transport.loops[0].cancel(slow)
            guard case .cancelled = await waitForEnd(slow) else { return XCTFail("expected .cancelled") }
            transport.recycle(slow)
        }

        func testCancellingTheTaskInterruptsItsDrive() async throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let warm = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(warm.statusCode, 200)
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { try await transport.send(URLRequest(url: HTTPBin.url("/delay/5"))) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result, case .cancelled? = error as? NetworkingError else {
                return XCTFail("expected .cancelled, got \(result)")
            }
            XCTAssertLessThan(clock.now - start, .milliseconds(800), "the cancellation waited for the drive to end")
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(exchange.statusCode, 200)
        }

        func testSequentialAndConcurrentRequestsMixDrivenAndHandedOver() async throws {
            // Sequential lone requests are driven; a burst of concurrent ones arrives while the
            // loop thread may be busy-polling for the next. Every one must come back.
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            for round in 0..<3 {
                try await sendSequentiallyThenConcurrently(
                    transport, sequential: 20, concurrent: 16, label: "round \(round)")
            }
        }
    }
#endif
