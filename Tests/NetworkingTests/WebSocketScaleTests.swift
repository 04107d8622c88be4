#if os(Linux)
    import Foundation
    import NetworkingCurl
    import XCTest

    @testable import Networking

    @testable import NetworkingWebSockets

    /// Ten thousand WebSocket connections in one process: they run on the few shared connection
    /// loops (no thread per connection) with one descriptor each, stay usable, and close.
    final class WebSocketScaleTests: XCTestCase {
        static let connections = 10_000

        func testTenThousandIdleConnectionsShareAFewThreadsAndADescriptorEach() async throws {
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            let needed = rlim_t(Self.connections + 1024)
            // The harness machines allow 20,000; a machine that allows fewer cannot hold the test.
            guard limit.rlim_max >= needed else {
                return XCTFail("the hard descriptor limit (\(limit.rlim_max)) is under \(needed): raise it")
            }
            let originalSoftLimit = limit.rlim_cur
            limit.rlim_cur = max(limit.rlim_cur, needed)
            XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit), 0)
            defer {
                limit.rlim_cur = originalSoftLimit
                setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            }
            let server = try WebSocketTestServer()
            defer { server.stop() }
            let networking = Networking(baseURL: server.echoBaseURL)
            // Uncompressed: each side would otherwise keep two zlib streams per connection.
            let options = WebSocketOptions(compression: nil)
            try await networking.webSocket("/echo", options: options).close()  // the loops are started

            let threadsBefore = try Self.count("/proc/self/task")
            let descriptorsBefore = try Self.count("/proc/self/fd")
            let connectionsBefore = CurlConnectionLoop.liveConnections.load(ordering: .relaxed)
            var sockets: [WebSocket] = []
            sockets.reserveCapacity(Self.connections)
            // Opened 500 at a time, a burst the server's accept queue takes.
            for batch in stride(from: 0, to: Self.connections, by: 500) {
                let opened = try await withThrowingTaskGroup(of: WebSocket.self) { group in
                    for _ in batch..<min(batch + 500, Self.connections) {
                        group.addTask { try await networking.webSocket("/echo", options: options) }
                    }
                    return try await group.reduce(into: [WebSocket]()) { $0.append($1) }
                }
                sockets += opened
            }
            XCTAssertEqual(
                CurlConnectionLoop.liveConnections.load(ordering: .relaxed) - connectionsBefore, Self.connections)
            let threads = try Self.count("/proc/self/task") - threadsBefore
            let descriptors = try Self.count("/proc/self/fd") - descriptorsBefore
            XCTAssertLessThanOrEqual(threads, 8, "threads started for \(Self.connections) connections")
            XCTAssertLessThanOrEqual(
                descriptors, Self.connections + 256, "descriptors for \(Self.connections) connections")

            // Every hundredth connection still echoes, the others idle beside it.
            for (index, socket) in sockets.enumerated() where index % 100 == 0 {
                try await socket.send(.text("ping \(index)"))
                var messages = socket.messages.makeAsyncIterator()
                let echoed = try await messages.next()
                XCTAssertEqual(echoed, .text("ping \(index)"))
            }
            await withTaskGroup(of: Void.self) { group in
                for socket in sockets { group.addTask { await socket.close() } }
            }
            XCTAssertTrue(sockets.allSatisfy { $0.closeCode == .normalClosure }, "every connection closed cleanly")
            sockets = []
            XCTAssertEqual(CurlConnectionLoop.liveConnections.load(ordering: .relaxed), connectionsBefore)
            print(
                "WebSocketScaleTests: \(Self.connections) connections, \(threads) threads, \(descriptors) descriptors")
        }

        private static func count(_ directory: String) throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: directory).count
        }
    }
#endif
