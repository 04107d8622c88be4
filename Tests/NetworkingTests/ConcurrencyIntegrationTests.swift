import Foundation
import Networking
import Synchronization
import XCTest

/// One actor, many requests: they run side by side, and encoding and decoding happen off the actor.
final class ConcurrencyIntegrationTests: XCTestCase {
    private struct Echo: Decodable, Sendable {
        let args: [String: String]
    }

    /// Blocks the thread that encodes or decodes until the test opens it (or 10 s pass).
    private final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        private let state = Mutex((entered: false, opened: false))

        var entered: Bool { state.withLock { $0.entered } }

        func wait() -> Bool {
            state.withLock { $0.entered = true }
            let opened = semaphore.wait(timeout: .now() + 10) == .success
            state.withLock { $0.opened = opened }
            return opened
        }

        func open() { semaphore.signal() }

        func waitUntilEntered() async throws {
            var polls = 0
            while !entered, polls < 2000 {
                polls += 1
                try await Task.sleep(for: .milliseconds(5))
            }
            XCTAssertTrue(entered, "encoding or decoding started")
        }
    }

    private struct BlockingBody: Encodable, Sendable {
        let gate: Gate
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(["openedByTheTest": gate.wait()])
        }
    }

    private struct BlockingModel: Decodable, Sendable {
        static let gate = Mutex<Gate?>(nil)
        let opened: Bool
        init(from decoder: any Decoder) throws {
            opened = Self.gate.withLock { $0 }?.wait() ?? false
        }
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    func testFiftyConcurrentRequestsThroughOneActorAllSucceed() async throws {
        let networking = HTTPBin.client()
        let results = await withTaskGroup(of: (Int, Result<Echo, NetworkingError>).self) { group in
            for index in 0..<50 {
                group.addTask {
                    (index, await networking.get("/get", query: [URLQueryItem(name: "i", value: "\(index)")]))
                }
            }
            var results: [Int: Result<Echo, NetworkingError>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        XCTAssertEqual(results.count, 50)
        for (index, result) in results {
            XCTAssertEqual(try unwrapSuccess(result).args, ["i": "\(index)"])
        }
    }

    func testASlowRequestDoesNotHoldUpAFastOne() async throws {
        let networking = HTTPBin.client()
        let order = Mutex<[String]>([])
        let slow = Task {
            let _: Result<Void, NetworkingError> = await networking.get("/delay/1")
            order.withLock { $0.append("slow") }
        }
        try await Task.sleep(for: .milliseconds(100))
        let fast: Result<Void, NetworkingError> = await networking.get("/get")
        try unwrapSuccess(fast)
        order.withLock { $0.append("fast") }
        await slow.value
        XCTAssertEqual(order.withLock { $0 }, ["fast", "slow"])
    }

    func testEncodingRunsOffTheActor() async throws {
        let networking = HTTPBin.client()
        let gate = Gate()
        let blocked = Task { () -> Result<[String: AnyCodable], NetworkingError> in
            await networking.post("/post", body: BlockingBody(gate: gate))
        }
        try await gate.waitUntilEntered()
        // The body's encoding is blocked; if it held the actor, this request could not start.
        let other: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        XCTAssertEqual(try unwrapSuccess(other).statusCode, 200)
        gate.open()
        let posted = await blocked.value
        let echo = try unwrapSuccess(posted)
        XCTAssertEqual(echo["json"], ["openedByTheTest": true])
    }

    func testDecodingRunsOffTheActor() async throws {
        let networking = HTTPBin.client()
        let gate = Gate()
        BlockingModel.gate.withLock { $0 = gate }
        defer { BlockingModel.gate.withLock { $0 = nil } }
        let blocked = Task { () -> Result<BlockingModel, NetworkingError> in await networking.get("/get") }
        try await gate.waitUntilEntered()
        // The response's decoding is blocked; if it held the actor, this request could not start.
        let other: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        XCTAssertEqual(try unwrapSuccess(other).statusCode, 200)
        gate.open()
        let decoded = await blocked.value
        XCTAssertTrue(try unwrapSuccess(decoded).opened, "decoding waited for the other request")
    }
}
