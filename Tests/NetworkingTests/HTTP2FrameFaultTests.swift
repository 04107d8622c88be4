#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Frame-level HTTP/2 faults from the misbehaving server (`Tests/Harness/h2_fault_frames.py`)
    /// over the default transport, `CurlTransport`, over TLS with ALPN h2: flow control, header
    /// bombs, a SETTINGS flood, and responses on streams the client never opened or had closed.
    ///
    /// Each scenario ends before its watchdog; a stall is given a short request timeout, and what
    /// the client spends meanwhile (CPU, resident memory) is measured and bounded.
    final class HTTP2FrameFaultTests: H2FaultTestCase {
        /// The largest share of one core the client may use while a fault stalls or floods it.
        private static let cpuShareLimit = 0.3
        /// The most resident memory a header bomb may leave the process holding.
        private static let residentGrowthLimit = 64 << 20

        // MARK: Flow control

        func testAnUploadTheServerGivesNoWindowForEndsByItsDeadlineWithoutSpinning() async throws {
            var request = try request("/window-stall?id=\(run)", timeout: 2)
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x61, count: 256 * 1024)
            let before = ProcessUsage.now()
            let result = await send(request)
            let used = ProcessUsage.now().since(before)
            let error = try XCTUnwrap(failure(result, "an upload the server never gave a window for"))
            XCTAssertTrue(error.isTimeout, "\(error)")
            XCTAssertTrue(error.description.contains("flow-control window"), error.description)
            XCTAssertLessThan(used.wallSeconds, 5, "the stall outlived its 2 s timeout: \(used)")
            XCTAssertLessThan(used.cpuShare, Self.cpuShareLimit, "the client spun while the upload stalled: \(used)")
            let counted = try await server.count(id: run)
            XCTAssertEqual(counted.received, 1, "\(counted)")
        }

        func testAnUploadWhoseWindowOpensLateResumesWithoutSpinningMeanwhile() async throws {
            var request = try request("/window-late/1000?id=\(run)", timeout: 5)
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x62, count: 256 * 1024)
            let before = ProcessUsage.now()
            let exchange = try await send(request).get()
            let used = ProcessUsage.now().since(before)
            struct Received: Decodable { let id: String, bytes: Int }
            let received = try JSONDecoder().decode(Received.self, from: exchange.body)
            XCTAssertEqual(received.id, run)
            XCTAssertEqual(received.bytes, 256 * 1024, "the server received part of the body")
            XCTAssertGreaterThan(used.wallSeconds, 1, "the window opened before the server said: \(used)")
            XCTAssertLessThan(used.cpuShare, Self.cpuShareLimit, "the client spun while the window was shut: \(used)")
        }

        func testAWindowUpdatePastTheLargestWindowIsAFlowControlError() async throws {
            for target in ["stream", "connection"] {
                let result = await send(try request("/window-overflow/\(target)?id=\(run)-\(target)"))
                guard let error = failure(result, "a \(target) window past 2^31-1") else { continue }
                XCTAssertTrue(
                    error.description.contains("FLOW_CONTROL_ERROR") || error.description.contains("window"),
                    "\(target): \(error.description)")
                XCTAssertFalse(error.description.contains("Empty reply"), "\(target): \(error.description)")
            }
        }

        // MARK: Header bombs

        func testAContinuationFloodFailsSayingSoWithMemoryBounded() async throws {
            let before = ProcessUsage.now()
            let result = await send(try request("/continuation-flood/10000?id=\(run)"))
            let used = ProcessUsage.now().since(before)
            let error = try XCTUnwrap(failure(result, "a header block in 10,000 CONTINUATION frames"))
            XCTAssertTrue(error.description.contains("CONTINUATION"), error.description)
            XCTAssertTrue(
                error.description.hasPrefix("The response from 127.0.0.1 could not be read"), error.description)
            XCTAssertLessThan(used.residentGrowth, Self.residentGrowthLimit, "\(used)")
            try await assertTheNextRequestIsAnswered()
        }

        func testAnHPACKTableSizeOverTheClientsSettingFailsSayingSo() async throws {
            let result = await send(try request("/hpack-table-size/1048576?id=\(run)"))
            let error = try XCTUnwrap(failure(result, "a dynamic table size update of 1 MiB"))
            XCTAssertTrue(error.description.contains("sent frames the client refused"), error.description)
            XCTAssertFalse(error.description.contains("Empty reply"), error.description)
            try await assertTheNextRequestIsAnswered()
        }

        func testTenThousandHPACKSizeUpdatesEndClearlyWithMemoryBounded() async throws {
            let before = ProcessUsage.now()
            let result = await send(try request("/hpack-size-updates/10000?id=\(run)"))
            let used = ProcessUsage.now().since(before)
            let error = try XCTUnwrap(failure(result, "a header block opening with 10,000 table size updates"))
            XCTAssertTrue(error.description.contains("sent frames the client refused"), error.description)
            XCTAssertLessThan(used.residentGrowth, Self.residentGrowthLimit, "\(used)")
            try await assertTheNextRequestIsAnswered()
        }

        func testAHeaderFieldOver64KiBFailsNamingTheHeadTooLarge() async throws {
            // nghttp2 refuses a field over 64 KiB and closes the connection; libcurl 7.88 reports
            // that as an empty reply, and keeps nothing that tells it from the other such faults,
            // so the sentence names each (`CurlTransfer.unansweredProtocolError`).
            let result = await send(try request("/huge-header-line/100?id=\(run)"))
            let error = try XCTUnwrap(failure(result, "a header field of 100 KiB"))
            XCTAssertTrue(error.description.contains("a header field over 64 KiB"), error.description)
            XCTAssertTrue(error.description.contains("the response head too large"), error.description)
            XCTAssertFalse(error.description.contains("Empty reply"), error.description)
            try await assertTheNextRequestIsAnswered()
        }

        func testAHeaderFieldUnder64KiBIsRead() async throws {
            let exchange = try await send(try request("/huge-header-line/40?id=\(run)")).get()
            XCTAssertEqual(exchange.header("x-filler")?.count, 40 * 1024)
        }

        // MARK: SETTINGS flood

        func testASettingsFloodEndsWithCPUBoundedAndLeavesAnotherConnectionAlone() async throws {
            let other = try makeTransport()
            let flooded = try request("/settings-flood/20000?id=\(run)-flood")
            let before = ProcessUsage.now()
            let transport = self.transport!
            async let flood = Self.send(flooded, over: transport)
            var others: [Result<HTTPExchange, NetworkingError>] = []
            for index in 0..<5 {
                others.append(await send(try request("/hello?id=\(run)-\(index)"), over: other))
                try await Task.sleep(for: .milliseconds(50))
            }
            let result = await flood
            let used = ProcessUsage.now().since(before)
            for (index, other) in others.enumerated() {
                XCTAssertEqual(
                    (try? other.get()).flatMap(Self.answeredID), "\(run)-\(index)", "request \(index): \(other)")
            }
            switch result {
            case .success(let exchange): XCTAssertEqual(Self.answeredID(exchange), "\(run)-flood")
            case .failure(let error): XCTAssertFalse(error.description.contains("Empty reply"), error.description)
            }
            XCTAssertLessThan(used.cpuShare, Self.cpuShareLimit * 2, "answering 20,000 SETTINGS frames: \(used)")
        }

        // MARK: Streams the client never opened, or closed

        func testAResponseOnAStreamTheClientNeverOpenedAnswersNoRequest() async throws {
            try await assertEachRequestGetsItsOwnAnswer("/stray-stream/1")
        }

        func testAStreamTheServerReusesAnswersNoOtherRequest() async throws {
            try await assertEachRequestGetsItsOwnAnswer("/reuse-stream/1")
        }

        // MARK: Helpers

        /// Sends two requests on `path` at once, with distinct IDs: each gets its own answer or a
        /// clear error, never the intruding response or the other's.
        private func assertEachRequestGetsItsOwnAnswer(_ path: String) async throws {
            // One connection first, so that both requests share it (multiplexed).
            _ = try await send(try request("/hello?id=\(run)-warm")).get()
            let requests = try (0..<2).map { try request("\(path)?group=\(run)&id=\(run)-\($0)") }
            let transport = self.transport!
            async let first = Self.send(requests[0], over: transport)
            async let second = Self.send(requests[1], over: transport)
            for (index, result) in await [first, second].enumerated() {
                switch result {
                case .success(let exchange):
                    XCTAssertEqual(Self.answeredID(exchange), "\(run)-\(index)", "request \(index) got another answer")
                case .failure(let error):
                    XCTAssertTrue(error.description.contains("HTTP/2"), "request \(index): \(error.description)")
                }
            }
            let counted = try await server.count(prefix: "\(run)-")
            XCTAssertGreaterThanOrEqual(counted.processed, 2, "the fault never happened: \(counted)")
        }

        /// A request after a fault gets its own answer: the process and its transport survived.
        private func assertTheNextRequestIsAnswered(file: StaticString = #filePath, line: UInt = #line) async throws {
            let result = await send(try request("/hello?id=\(run)-next"))
            XCTAssertEqual(
                (try? result.get()).flatMap(Self.answeredID), "\(run)-next", "\(result)", file: file, line: line)
        }
    }
#endif
