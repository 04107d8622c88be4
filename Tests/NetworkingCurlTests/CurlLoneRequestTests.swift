#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    @testable import NetworkingCurl
    import XCTest

    /// A request alone in flight run by its sending thread (`CurlEventLoop.drive`,
    /// `Configuration.loneRequestInterval`): it ends there, or is handed to the loop thread
    /// intact, and a cancellation or another request interrupts it.
    final class CurlLoneRequestTests: CurlIntegrationTestCase {
        /// How long a driving sender looks without finding anything before it hands over: long
        /// enough for httpbin, which takes about a millisecond to answer.
        private static let patientLooks: TimeInterval = 0.5

        private func makeTransfer(_ transport: CurlTransport, _ path: String) throws -> CurlTransfer {
            try transport.makeTransfer(
                URLRequest(url: HTTPBin.url(path)), deadline: nil, sink: BufferedBodySink(limit: 1 << 20))
        }

        /// Drives `transfer` on this thread as soon as its loop has parked (a new loop parks after
        /// its first pass); `false` if it never did.
        private static func drive(_ transfer: CurlTransfer, until deadline: UInt64 = .max) -> Bool {
            for _ in 0..<5000 {
                if transfer.loop.drive(transfer, until: deadline) { return true }
                usleep(1000)
            }
            return false
        }

        private static func driveOnAThread(_ transfer: CurlTransfer) async -> Bool {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: drive(transfer)) }.start()
            }
        }

        private func waitForEnd(_ transfer: CurlTransfer) async -> CurlTransfer.Outcome {
            let outcome = await withUnsafeContinuation { transfer.wait($0) }
            return transfer.takeOutcome(outcome)
        }

        private func status(_ transfer: CurlTransfer, _ outcome: CurlTransfer.Outcome) throws -> Int {
            try CurlTransport.head(of: transfer, outcome).statusCode
        }

        func testADrivenRequestEndsOnTheSendingThread() throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let transfer = try makeTransfer(transport, "/get")
            XCTAssertTrue(Self.drive(transfer))
            let outcome = try XCTUnwrap(transfer.outcomeIfEnded(), "nothing else in flight: it ran to its end")
            XCTAssertEqual(try status(transfer, outcome), 200)
            transport.recycle(transfer)
            XCTAssertEqual(transport.loops[0].transfersInFlight, 0)
        }

        func testARequestPastItsIntervalIsHandedToTheLoopThread() async throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let transfer = try makeTransfer(transport, "/delay/1")
            XCTAssertTrue(Self.drive(transfer, until: CurlClock.now() + 5_000_000))
            XCTAssertNil(transfer.outcomeIfEnded(), "a one-second response cannot end within 5 ms")
            let outcome = await waitForEnd(transfer)
            XCTAssertEqual(try status(transfer, outcome), 200, "the loop thread finished it intact")
            transport.recycle(transfer)
            // And the loop is usable again afterwards, by its thread and by a driving sender.
            let again = try makeTransfer(transport, "/get")
            XCTAssertTrue(Self.drive(again))
            XCTAssertEqual(try status(again, try XCTUnwrap(again.outcomeIfEnded())), 200)
            transport.recycle(again)
        }

        func testARequestPostedWhileOneIsDrivenIsNotHeldUp() async throws {
            let transport = try CurlTransport(configuration: .init(busyPollInterval: Self.patientLooks))
            let slow = try makeTransfer(transport, "/delay/10")
            async let drove = Self.driveOnAThread(slow)  // looks on that thread until interrupted
            for _ in 0..<5000 where transport.loops[0].transfersInFlight == 0 {
                try await Task.sleep(for: .milliseconds(1))
            }
            XCTAssertEqual(transport.loops[0].transfersInFlight, 1, "the slow request is being driven")
            // The new request interrupts the driving sender, which hands both to the loop thread.
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(exchange.statusCode, 200)
            let didDrive = await drove
            XCTAssertTrue(didDrive)
            XCTAssertNil(slow.outcomeIfEnded(), "the slow request runs on, on the loop thread")
            transport.loops[0].cancel(slow)
            guard case .cancelled = await waitForEnd(slow) else { return XCTFail("expected .cancelled") }
            transport.recycle(slow)
        }

        func testCancellingTheTaskInterruptsItsDrive() async throws {
            let transport = try CurlTransport(
                configuration: .init(busyPollInterval: Self.patientLooks, loneRequestInterval: 1))
            // A first request driven directly leaves the loop parked, so the next lone request
            // (its policy has no figures yet, so it tries driving) is run by its own thread.
            let warm = try makeTransfer(transport, "/get")
            XCTAssertTrue(Self.drive(warm))
            transport.recycle(warm)
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { try await transport.send(URLRequest(url: HTTPBin.url("/delay/5"))) }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            let result = await task.result
            guard case .failure(let error) = result, case .cancelled? = error as? NetworkingError else {
                return XCTFail("expected .cancelled, got \(result)")
            }
            // The drive would otherwise run to its one-second interval before seeing the cancellation.
            XCTAssertLessThan(clock.now - start, .milliseconds(800), "the cancellation waited for the drive to end")
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            XCTAssertEqual(exchange.statusCode, 200)
        }

        func testSequentialAndConcurrentRequestsMixDrivenAndHandedOver() async throws {
            // Sequential lone requests are driven (or handed over, as the policy explores); a burst
            // of concurrent ones arrives while one may be driven. Every one must come back.
            let transport = try CurlTransport(
                configuration: .init(busyPollInterval: Self.patientLooks, loneRequestInterval: 0.05))
            for round in 0..<3 {
                try await sendSequentiallyThenConcurrently(
                    transport, sequential: 20, concurrent: 16, label: "round \(round)")
            }
        }
    }
#endif
