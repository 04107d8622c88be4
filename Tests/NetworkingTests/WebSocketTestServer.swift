#if os(Linux)
    import Foundation
    import Synchronization

    /// The WebSocket servers of `Tests/Harness/websocket_server.py` (the `websockets` package on a
    /// ws and a wss port, and a hand-written misbehaving server), run as a child process with the
    /// harness venv's python. It prints its ports when ready and exits when its standard input
    /// closes, so no server outlives the tests.
    // @unchecked: `process` and `input` are created in `init` and never replaced; after `init`
    // they are only used to stop the child, which `Process` and `Pipe` allow from any thread.
    final class WebSocketTestServer: @unchecked Sendable {
        private let process = Process()
        private let input = Pipe()
        /// The ws port of the `websockets` server.
        let echoPort: Int
        /// Its wss port (the TLS fixture's certificate for 127.0.0.1).
        let tlsPort: Int
        /// The misbehaving server's port.
        let rawPort: Int

        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        static let fixtures = root.appendingPathComponent("Tests/NetworkingCurlTests/Fixtures")

        struct DidNotStart: Error, CustomStringConvertible {
            let description: String
        }

        init() throws {
            let python = Self.root.appendingPathComponent(".build/harness-venv/bin/python")
            guard FileManager.default.isExecutableFile(atPath: python.path) else {
                throw DidNotStart(
                    description: "\(python.path) is missing: run Tests/Harness/httpbin.sh start once to create the venv"
                )
            }
            process.executableURL = python
            process.arguments = [
                Self.root.appendingPathComponent("Tests/Harness/websocket_server.py").path, Self.fixtures.path,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = ""
            while !line.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += String(decoding: chunk, as: UTF8.self)
            }
            let ports = line.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard ports.count == 3 else {
                try? input.fileHandleForWriting.close()
                process.terminate()
                throw DidNotStart(description: "the WebSocket test server did not start: '\(line)'")
            }
            (echoPort, tlsPort, rawPort) = (ports[0], ports[1], ports[2])
        }

        /// `http://127.0.0.1:<echo port>`, a base URL as a `Networking` client takes it.
        var echoBaseURL: String { "http://127.0.0.1:\(echoPort)" }
        var tlsBaseURL: String { "https://127.0.0.1:\(tlsPort)" }
        var rawBaseURL: String { "http://127.0.0.1:\(rawPort)" }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A count shared between tasks.
    final class WebSocketTestCounter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }
#endif
