import Foundation
import Networking

#if os(Linux)
    /// `Benchmarks profile ws:sequential COUNT` and `ws:pipelined COUNT`: COUNT 64-byte binary echoes
    /// over one connection to the benchmark's echo server, one at a time or with a sender and a
    /// reader at once, for callgrind, `perf stat` and `strace -c` (run with two counts and
    /// subtract, to leave out the start-up and the handshake). Prints this process's CPU time and
    /// context switches at the end.
    enum WebSocketProfile {
        static func run(_ mode: String, count: Int) async throws {
            guard mode == "sequential" || mode == "pipelined" else {
                throw BenchmarkFailure(description: "profile ws:sequential|pipelined, got ws:\(mode)")
            }
            // Under valgrind, which keeps descriptors of its own that `Process` trips over, start
            // the server beforehand and give its port in BENCH_WS_PORT.
            let given = ProcessInfo.processInfo.environment["BENCH_WS_PORT"].flatMap { Int($0) }
            let server = try given == nil ? WebSocketBench.EchoServer() : nil
            defer { server?.stop() }
            guard let port = given ?? server?.port else { throw BenchmarkFailure(description: "no echo server") }
            let socket = try await Networking(baseURL: "http://127.0.0.1:\(port)").webSocket(
                "/echo", options: WebSocketOptions(compression: nil))
            let payload = Data(count: 64)
            if mode == "sequential" {
                var messages = socket.messages.makeAsyncIterator()
                for _ in 0..<count {
                    try await socket.send(.binary(payload))
                    guard try await messages.next() != nil else { throw BenchmarkFailure(description: "echo ended") }
                }
            } else {
                async let received: Int = {
                    var received = 0
                    var reader = socket.messages.makeAsyncIterator()
                    while received < count, try await reader.next() != nil { received += 1 }
                    return received
                }()
                for _ in 0..<count { try await socket.send(.binary(payload)) }
                guard try await received == count else { throw BenchmarkFailure(description: "echoes were lost") }
            }
            await socket.close()
            // This process alone (every thread, not the server): what `perf stat` would mix with the server's.
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let cpu =
                Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "ws:%@ %d echoes: %.0f µs CPU, %d context switches (%d voluntary)\n", mode, count, cpu,
                        usage.ru_nvcsw + usage.ru_nivcsw, usage.ru_nvcsw
                    ).utf8))
        }
    }
#endif
