#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    import XCTest

    @testable import NetworkingCurl

    /// `Fixtures/pool_server.py`, which counts the connections it accepts: the server-side measure
    /// of how many connections a transport opens, and of which requests reached it.
    ///
    /// `@unchecked Sendable`: every property is set once in `init`; the child process is only
    /// stopped in `deinit`.
    final class PoolServer: @unchecked Sendable {
        /// What the server saw (its control port's `/stats`).
        struct Stats: Decodable {
            /// Connections accepted so far.
            let accepted: Int
            /// Connections open now.
            let open: Int
            /// The most connections open at once.
            let maxOpen: Int
            /// Every request path, in order.
            let paths: [String]
            /// The headers of each request (names in lower case), in order.
            let headers: [[String: String]]
        }

        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        /// The CA that signed the serving ports' certificate.
        static let caFile = fixtures.appendingPathComponent("ca.pem").path

        private let server: FixtureServer
        private let control: Int
        /// The serving ports.
        let ports: [Int]
        let isTLS: Bool
        private let statsTransport: CurlTransport

        /// Starts a server with `ports` serving ports, over TLS when `tls`.
        init(ports: Int = 1, tls: Bool = false) throws {
            var arguments = [
                "python3", Self.fixtures.appendingPathComponent("pool_server.py").path, Self.fixtures.path,
            ]
            arguments.append(String(ports))
            if tls { arguments.append("tls") }
            server = try FixtureServer(executable: "/usr/bin/env", arguments: arguments)
            let all = server.ports
            guard all.count == ports + 1 else {
                throw FixtureServer.DidNotStart(
                    server: "pool server (Fixtures/pool_server.py)", output: server.firstLine)
            }
            control = all[0]
            self.ports = Array(all.dropFirst())
            isTLS = tls
            statsTransport = try CurlTransport()
        }

        deinit { server.stop() }

        /// The URL of `path` on serving port `index`.
        func url(_ path: String, port index: Int = 0) throws -> URL {
            try XCTUnwrap(URL(string: "\(isTLS ? "https" : "http")://127.0.0.1:\(ports[index])\(path)"))
        }

        func request(_ path: String, port index: Int = 0, timeout: TimeInterval? = nil) throws -> URLRequest {
            var request = URLRequest(url: try url(path, port: index))
            if let timeout { request.timeoutInterval = timeout }
            return request
        }

        /// What the server has seen so far.
        func stats() async throws -> Stats {
            let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(control)/stats"))
            let exchange = try await statsTransport.send(URLRequest(url: url))
            return try JSONDecoder().decode(Stats.self, from: exchange.body)
        }
    }

    /// The outcome of sending `request` over `transport`.
    func outcome(of request: URLRequest, over transport: CurlTransport) async -> Result<HTTPExchange, NetworkingError> {
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    /// Sends `count` requests to `path` over `transport`, keeping `inFlight` of them outstanding;
    /// returns their metrics (failing the test for any status but 200).
    func sendKeeping(
        _ inFlight: Int, count: Int, over transport: any HTTPTransport,
        _ request: @escaping @Sendable (Int) throws -> URLRequest
    ) async throws -> [TransactionMetrics] {
        try await withThrowingTaskGroup(of: TransactionMetrics?.self) { group in
            var sent = 0
            var metrics: [TransactionMetrics] = []
            func sendNext() throws {
                let next = try request(sent)
                group.addTask {
                    let exchange = try await transport.send(next)
                    XCTAssertEqual(exchange.statusCode, 200)
                    return exchange.metrics
                }
                sent += 1
            }
            while sent < min(inFlight, count) { try sendNext() }
            for try await result in group {
                if let result { metrics.append(result) }
                if sent < count { try sendNext() }
            }
            return metrics
        }
    }
#endif
#if os(Linux)
    import Synchronization

    /// How many more sockets this process had open at most while `body` ran than before it,
    /// sampled from `/proc/self/fd` every few milliseconds: the client's side of a connection
    /// count, exact where a server learns only late that a connection closed. (A socket closed
    /// and another opened between two looks reuse the same descriptor number, so a look never
    /// counts both; `/proc/net/tcp`, read while it changes, can.)
    func peakOpenSockets<T>(during body: () async throws -> T) async throws -> (result: T, peak: Int) {
        let baseline = openSockets()
        let peak = Atomic<Int>(0)
        let sampler = Task.detached {
            while !Task.isCancelled {
                peak.max(openSockets(), ordering: .relaxed)
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
        let result = try await body()
        sampler.cancel()
        _ = await sampler.value
        return (result, peak.load(ordering: .relaxed) - baseline)
    }

    /// The sockets among this process's open descriptors.
    func openSockets() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var target = [CChar](repeating: 0, count: 64)
        return names.reduce(0) { count, name in
            let length = readlink("/proc/self/fd/" + name, &target, target.count - 1)
            guard length > 7 else { return count }
            return String(decoding: target[0..<7].map { UInt8(bitPattern: $0) }, as: UTF8.self) == "socket:"
                ? count + 1 : count
        }
    }
#endif
