import Foundation
import Networking

#if os(Linux)
    /// `Benchmarks websocket`, second part: many idle WebSocket connections in one process. Opens
    /// `connections` uncompressed connections to the echo server (500 at a time), then measures
    /// the threads and file descriptors they added, and the echo latency of one connection while
    /// all the others stay open.
    enum WebSocketConcurrencyBench {
        static let connections = 10_000

        struct Figures {
            var connections: Int
            var openSeconds: Double
            /// The process's threads before the connections opened and once they all were: a
            /// difference, not a count of threads the connections made (a pool thread that
            /// exits meanwhile lowers it).
            var threadsBefore: Int
            var threadsAfter: Int
            var descriptorsPerConnection: Double
            var echoP50Micros: Double
        }

        static func run(port: Int) async throws -> Figures {
            var limit = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            let count = min(connections, Int(limit.rlim_max) - 1024)
            limit.rlim_cur = max(limit.rlim_cur, rlim_t(count + 1024))
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            let networking = Networking(baseURL: "http://127.0.0.1:\(port)")
            let options = WebSocketOptions(compression: nil)
            try await networking.webSocket("/echo", options: options).close()  // the loops are started
            let threadsBefore = try entries("/proc/self/task")
            let descriptorsBefore = try entries("/proc/self/fd")
            let start = ContinuousClock.now
            var sockets: [WebSocket] = []
            for batch in stride(from: 0, to: count, by: 500) {
                sockets += try await withThrowingTaskGroup(of: WebSocket.self) { group in
                    for _ in batch..<min(batch + 500, count) {
                        group.addTask { try await networking.webSocket("/echo", options: options) }
                    }
                    return try await group.reduce(into: [WebSocket]()) { $0.append($1) }
                }
            }
            let openSeconds = Measure.micros(ContinuousClock.now - start) / 1e6
            let threadsAfter = try entries("/proc/self/task")
            let descriptors = try entries("/proc/self/fd") - descriptorsBefore
            guard let probe = sockets.first else { throw BenchmarkFailure(description: "no connection opened") }
            var messages = probe.messages.makeAsyncIterator()
            var latencies: [Double] = []
            for _ in 0..<1000 {
                let sent = ContinuousClock.now
                try await probe.send(.binary(Data(count: 64)))
                guard try await messages.next() != nil else { throw BenchmarkFailure(description: "echo ended") }
                latencies.append(Measure.micros(ContinuousClock.now - sent))
            }
            await withTaskGroup(of: Void.self) { group in
                for socket in sockets { group.addTask { await socket.close() } }
            }
            return Figures(
                connections: count, openSeconds: openSeconds, threadsBefore: threadsBefore, threadsAfter: threadsAfter,
                descriptorsPerConnection: Double(descriptors) / Double(count),
                echoP50Micros: Stats(latencies).median)
        }

        private static func entries(_ directory: String) throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: directory).count
        }
    }
#endif
