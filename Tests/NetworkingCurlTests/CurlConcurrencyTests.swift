#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Many requests in flight at once on one transport.
    final class CurlConcurrencyTests: CurlIntegrationTestCase {
        func testTwoHundredConcurrentRequestsAllSucceed() async throws {
            let networking = try makeNetworking()
            let results = await withTaskGroup(of: (Int, String?).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let result: Result<JSONResponse, NetworkingError> = await networking.get(
                            "/anything/\(index)", query: [URLQueryItem(name: "i", value: "\(index)")])
                        return (index, try? result.get().body["args"]?["i"]?.stringValue)
                    }
                }
                var collected: [Int: String?] = [:]
                for await (index, echoed) in group { collected[index] = echoed }
                return collected
            }
            XCTAssertEqual(results.count, 200)
            for index in 0..<200 { XCTAssertEqual(results[index] ?? nil, "\(index)", "request \(index)") }
        }

        func testEveryBusyPollSettingCompletesSequentialAndConcurrentRequests() async throws {
            // 0 never busy-polls; a long interval keeps polling through whole exchanges. The loop
            // must hand every request over and back either way (no lost wake-up, no stall).
            for interval in [0, 0.000_150, 0.05] {
                let transport = try CurlTransport(configuration: .init(busyPollInterval: interval))
                try await sendSequentiallyThenConcurrently(
                    transport, sequential: 20, concurrent: 32, label: "busyPollInterval \(interval)")
            }
        }

        func testReleasedTransportsEndTheirThreads() async throws {
            func threadCount() throws -> Int {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count
            }
            let before = try threadCount()
            for _ in 0..<20 {
                let transport = try CurlTransport()
                _ = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            }
            // Each loop thread exits once its transport is gone; allow them a moment to do so.
            var after = try threadCount()
            for _ in 0..<50 where after > before + 5 {
                try await Task.sleep(for: .milliseconds(20))
                after = try threadCount()
            }
            XCTAssertLessThanOrEqual(after, before + 5, "20 released transports left their threads running")
        }

        func testConcurrentTransportsAreIndependent() async throws {
            let first = try CurlTransport()
            let second = try CurlTransport()
            async let a = first.send(URLRequest(url: HTTPBin.url("/bytes/100")))
            async let b = second.send(URLRequest(url: HTTPBin.url("/bytes/200")))
            let (exchangeA, exchangeB) = try await (a, b)
            XCTAssertEqual(exchangeA.body.count, 100)
            XCTAssertEqual(exchangeB.body.count, 200)
        }
    }
#endif
