#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import XCTest

    /// The streaming server (`Tests/Harness/stream_server.py`): the one `with-httpbin.sh` started
    /// (`STREAM_SERVER_BASE_URL`), or else one this test process starts on first use, which exits
    /// with the process (its standard input closes).
    enum StreamServer {
        static let baseURL: String? = {
            if let value = ProcessInfo.processInfo.environment["STREAM_SERVER_BASE_URL"], !value.isEmpty {
                return value.hasSuffix("/") ? String(value.dropLast()) : value
            }
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Harness/stream_server.py")
            guard let server = try? FixtureServer(executable: "/usr/bin/env", arguments: ["python3", script.path]),
                let port = server.ports.first
            else { return nil }
            started = server
            return "http://127.0.0.1:\(port)"
        }()

        /// The server this process started, kept for the life of the process.
        nonisolated(unsafe) private static var started: FixtureServer?

        /// The URL of `path` on the server; throws when no server could be started.
        static func url(_ path: String) throws -> URL {
            guard let baseURL, let url = URL(string: baseURL + path) else {
                throw FixtureServer.DidNotStart(server: "stream server (stream_server.py)", output: "python3 on PATH?")
            }
            return url
        }

        /// What the server counted under `id`: requests and body bytes.
        static func count(_ id: String) async throws -> (requests: Int, bytes: Int) {
            struct Count: Decodable {
                let requests: Int
                let bytes: Int
            }
            let exchange = try await URLSessionTransport().send(URLRequest(url: try url("/control/count?id=\(id)")))
            let count = try JSONDecoder().decode(Count.self, from: exchange.body)
            return (count.requests, count.bytes)
        }
    }

    /// The body `chunks` as a one-shot `HTTPBody` of unknown length, with `trailers` if given.
    func producedBody(
        _ chunks: some AsyncSequence<Data, Never> & Sendable, trailers: HTTPHeaders? = nil
    ) -> HTTPBody {
        var body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
        if let trailers { body.trailers = { trailers } }
        return body
    }

    /// A POST to `url`.
    func post(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        return request
    }

    /// A test that took longer than its limit (a transfer that hangs fails the test instead).
    struct TimedOut: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "the test did not finish within \(seconds) s" }
    }

    /// Runs `operation`, cancelling it and throwing `TimedOut` after `seconds`.
    func withTimeout<T: Sendable>(
        _ seconds: Double, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw TimedOut(seconds: seconds)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TimedOut(seconds: seconds) }
            return first
        }
    }
#endif
