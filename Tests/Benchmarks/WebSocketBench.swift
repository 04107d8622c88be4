import Foundation
import Networking

/// `Benchmarks websocket`: 64-byte binary echoes against the `websockets` server of
/// Tests/Harness/websocket_server.py and against `NativeEchoServer` (which answers in
/// microseconds, so that the clients rather than the server set the pace), by this library's
/// client and by the `websockets` package's own synchronous client
/// (Tests/Harness/websocket_bench_client.py) as the reference, one after the other in each round: the latency of one echo at a time, and messages per second both one
/// at a time and pipelined (a sender and a reader at once). Both clients leave compression off.
/// Then ten thousand idle connections of this library's (`WebSocketConcurrencyBench`).
enum WebSocketBench {
    static let sequential = 5000
    static let pipelined = 20000

    struct Round {
        var latencies: [Double]
        var sequentialSeconds: Double
        var pipelinedSeconds: Double
    }

    static func run(rounds: Int, output: String?) async throws {
        #if os(Linux)
            let server = try EchoServer()
            defer { server.stop() }
            let native = try NativeEchoServer.Process()
            defer { native.stop() }
            let (root, python) = (server.root, server.python)
            let servers = [("websockets", server.port), ("native", native.port)]
            var ours: [String: [Round]] = [:]
            var reference: [String: [Round]] = [:]
            for round in 1...rounds {
                FileHandle.standardError.write(Data("websocket round \(round) of \(rounds)\n".utf8))
                for (name, port) in servers.rotated(by: round) {
                    ours[name, default: []].append(try await networkingRound(port: port))
                    reference[name, default: []].append(try referenceRound(python: python, root: root, port: port))
                }
            }
            var json: [[String: Any]] = []
            for (name, _) in servers {
                let title =
                    name == "native"
                    ? "the native echo server (Benchmarks ws-echo-server)" : "the websockets server (Python)"
                print("\nWebSocket echo against \(title), 64-byte binary messages, \(rounds) rounds (median of rounds)")
                print("client                 p50 µs   p99 µs   sequential msg/s   pipelined msg/s")
                let table = [("Networking", ours[name] ?? []), ("websockets (Python)", reference[name] ?? [])]
                    .map { client, rounds in summary(client, rounds) }
                for row in table {
                    let client = row.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                    print(
                        client
                            + String(
                                format: " %8.1f %8.1f %18.0f %17.0f", row.p50, row.p99, row.sequentialRate,
                                row.pipelinedRate))
                    json.append([
                        "server": name, "client": row.name, "p50Micros": row.p50, "p99Micros": row.p99,
                        "sequentialMessagesPerSecond": row.sequentialRate,
                        "pipelinedMessagesPerSecond": row.pipelinedRate,
                    ])
                }
                if table.count == 2 {
                    print(
                        String(
                            format: "Networking / Python client: sequential %.2f×, pipelined %.2f× (target ≥ 1.5×)",
                            table[0].sequentialRate / table[1].sequentialRate,
                            table[0].pipelinedRate / table[1].pipelinedRate))
                }
            }
            let scale = try await WebSocketConcurrencyBench.run(port: server.port)
            print(
                String(
                    format:
                        "\n%d idle connections (Networking): opened in %.2f s, threads %d before and %d after, "
                        + "%.2f descriptors each, echo p50 %.1f µs beside them",
                    scale.connections, scale.openSeconds, scale.threadsBefore, scale.threadsAfter,
                    scale.descriptorsPerConnection,
                    scale.echoP50Micros))
            if let output {
                let data = try JSONSerialization.data(
                    withJSONObject: [
                        "websocketEcho": json, "rounds": rounds,
                        "websocketConcurrency": [
                            "connections": scale.connections, "openSeconds": scale.openSeconds,
                            "threadsBefore": scale.threadsBefore, "threadsAfter": scale.threadsAfter,
                            "descriptorsPerConnection": scale.descriptorsPerConnection,
                            "echoP50Micros": scale.echoP50Micros,
                        ] as [String: Any],
                    ], options: [.prettyPrinted, .sortedKeys])
                try data.write(to: URL(fileURLWithPath: output))
                print("Wrote \(output)")
            }
        #else
            print("The WebSocket benchmark runs on Linux only.")
        #endif
    }

    #if os(Linux)
        /// The `websockets` echo server of Tests/Harness/websocket_server.py, in the package's
        /// virtual environment; it exits when `stop` closes its standard input.
        struct EchoServer {
            let root: URL
            let python: String
            let port: Int
            private let input: Pipe

            init() throws {
                root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent()
                python = root.appendingPathComponent(".build/harness-venv/bin/python").path
                guard FileManager.default.isExecutableFile(atPath: python) else {
                    throw BenchmarkFailure(description: "\(python) is missing: run Tests/Harness/httpbin.sh start once")
                }
                let server = Process()
                let output = Pipe()
                server.executableURL = URL(fileURLWithPath: python)
                server.arguments = [
                    root.appendingPathComponent("Tests/Harness/websocket_server.py").path,
                    root.appendingPathComponent("Tests/NetworkingCurlTests/Fixtures").path,
                ]
                input = Pipe()
                server.standardOutput = output
                server.standardInput = input  // the server exits when this closes
                try server.run()
                let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
                guard let port = line.split(separator: " ").first.flatMap({ Int($0) }) else {
                    try? input.fileHandleForWriting.close()
                    throw BenchmarkFailure(description: "websocket_server.py did not start: \(line)")
                }
                self.port = port
            }

            func stop() { try? input.fileHandleForWriting.close() }
        }

        private static func networkingRound(port: Int) async throws -> Round {
            // Uncompressed, as the reference client runs (`compression=None`).
            let socket = try await Networking(baseURL: "http://127.0.0.1:\(port)").webSocket(
                "/echo", options: WebSocketOptions(compression: nil))
            let payload = Data(count: 64)
            var messages = socket.messages.makeAsyncIterator()
            for _ in 0..<200 {  // warm-up
                try await socket.send(.binary(payload))
                _ = try await messages.next()
            }
            var latencies: [Double] = []
            latencies.reserveCapacity(sequential)
            let start = ContinuousClock.now
            for _ in 0..<sequential {
                let sent = ContinuousClock.now
                try await socket.send(.binary(payload))
                guard try await messages.next() != nil else { throw BenchmarkFailure(description: "echo ended") }
                latencies.append(Measure.micros(ContinuousClock.now - sent))
            }
            let sequentialSeconds = Measure.micros(ContinuousClock.now - start) / 1e6
            let pipelinedStart = ContinuousClock.now
            async let received: Int = {
                var count = 0
                var reader = socket.messages.makeAsyncIterator()
                while count < pipelined, try await reader.next() != nil { count += 1 }
                return count
            }()
            for _ in 0..<pipelined { try await socket.send(.binary(payload)) }
            guard try await received == pipelined else { throw BenchmarkFailure(description: "echoes were lost") }
            let pipelinedSeconds = Measure.micros(ContinuousClock.now - pipelinedStart) / 1e6
            await socket.close()
            return Round(latencies: latencies, sequentialSeconds: sequentialSeconds, pipelinedSeconds: pipelinedSeconds)
        }

        private static func referenceRound(python: String, root: URL, port: Int) throws -> Round {
            let client = Process()
            let output = Pipe()
            client.executableURL = URL(fileURLWithPath: python)
            client.arguments = [
                root.appendingPathComponent("Tests/Harness/websocket_bench_client.py").path,
                "ws://127.0.0.1:\(port)/echo", "\(sequential)", "\(pipelined)",
            ]
            client.standardOutput = output
            try client.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            client.waitUntilExit()
            struct Result: Decodable {
                let latencies: [Double]
                let sequentialSeconds: Double
                let pipelinedSeconds: Double

                enum CodingKeys: String, CodingKey {
                    case latencies = "latencies_us"
                    case sequentialSeconds = "sequential_seconds"
                    case pipelinedSeconds = "pipelined_seconds"
                }
            }
            let result = try JSONDecoder().decode(Result.self, from: data)
            return Round(
                latencies: result.latencies, sequentialSeconds: result.sequentialSeconds,
                pipelinedSeconds: result.pipelinedSeconds)
        }

        private static func summary(_ name: String, _ rounds: [Round]) -> (
            name: String, p50: Double, p99: Double, sequentialRate: Double, pipelinedRate: Double
        ) {
            func median(_ values: [Double]) -> Double { Stats(values).median }
            return (
                name, median(rounds.map { Stats($0.latencies).median }),
                median(rounds.map { Stats($0.latencies).percentile(99) }),
                median(rounds.map { Double(sequential) / $0.sequentialSeconds }),
                median(rounds.map { Double(pipelined) / $0.pipelinedSeconds })
            )
        }
    #endif
}
