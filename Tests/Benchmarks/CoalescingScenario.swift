import Foundation
import Networking

// Request coalescing: N identical GETs in flight at once, from a client that coalesces them
// (`setCoalescesRequests(true)`) and from one that does not, against nginx's connection-logging
// HTTP listener on a path that answers in about 20 ms (`Fixtures.slowPath`), so that every caller
// of a batch starts while the first is still in flight. The server's log counts the requests that
// reached it.

extension Scenarios {
    /// How many identical requests a batch sends at once.
    static let coalescingBatches = [1, 10, 100]

    static func coalescing(_ context: Context, _ report: Report) async throws {
        let servers = try BenchServers.fromEnvironment()
        let log = ConnectionLog(path: servers.connectionLog)
        let baseURL = servers.baseURL(.http)
        let port = BenchServers.port(of: baseURL)
        let coalesced = Networking(baseURL: baseURL)
        await coalesced.setCoalescesRequests(true)
        let clients = [
            CoalescingClient(key: "separate", networking: Networking(baseURL: baseURL)),
            CoalescingClient(key: "coalesced", networking: coalesced),
        ]
        // Connections up and lazy state made: one batch of the largest size each.
        for client in clients { try await client.batch(coalescingBatches.max() ?? 1) }
        var runs: [String: [Int: [CoalescingRun]]] = [:]
        for round in 0..<context.rounds {
            for count in coalescingBatches {
                for client in clients.rotated(by: round) {
                    let mark = log.mark()
                    let cpuStart = Measure.cpuMicros()
                    let start = ContinuousClock.now
                    try await client.batch(count)
                    let wall = Measure.micros(ContinuousClock.now - start)
                    let cpu = Measure.cpuMicros() - cpuStart
                    // At least one request reached the server; the log is read until as many as
                    // were sent without coalescing are there, or for up to two seconds.
                    let expected = client.key == "coalesced" ? 1 : count
                    let window = await log.window(since: mark, port: port, expected: expected)
                    runs[client.key, default: [:]][count, default: []].append(
                        CoalescingRun(serverRequests: window.requests, wallMicros: wall, cpuMicros: cpu))
                }
            }
        }
        report.begin(
            "coalescing",
            "\(coalescingBatches.map(String.init).joined(separator: ", ")) identical GETs at once of 32 KB answered "
                + "in ~20 ms (nginx, HTTP/1.1; \(context.rounds) rounds), with and without coalescing",
            clients: [("separate", "not coalesced"), ("coalesced", "coalesced")], baseline: "separate",
            subject: "coalesced")
        let keys = clients.map(\.key)
        func values(_ count: Int, _ value: ([CoalescingRun]) -> Double) -> [String: Double] {
            var result: [String: Double] = [:]
            for key in keys { result[key] = value(runs[key]?[count] ?? []) }
            return result
        }
        for count in coalescingBatches {
            report.add(
                "N=\(count): server requests", key: "server_requests_\(count)",
                values(count) { Stats($0.map { Double($0.serverRequests) }).median })
            report.add(
                "N=\(count): wall ms (p50)", key: "wall_ms_\(count)",
                values(count) { Stats($0.map { $0.wallMicros }).median / 1000 })
            report.add(
                "N=\(count): CPU µs (p50)", key: "cpu_us_\(count)",
                values(count) { Stats($0.map { $0.cpuMicros }).median })
        }
        report.note("server requests = lines in nginx's log for the batch (median of rounds); wall and CPU per batch")
        report.note("both on the default transport (16 connections per host), each caller decoding the body as Data")
        let most = runs["coalesced"]?[coalescingBatches.max() ?? 1]?.map { $0.serverRequests }.max() ?? -1
        report.target(
            "coalesced: server requests for \(coalescingBatches.max() ?? 1) identical GETs (most of rounds)",
            value: Double(most), atMost: 1, unit: "")
    }
}

/// What one batch cost.
struct CoalescingRun {
    let serverRequests: Int
    let wallMicros: Double
    let cpuMicros: Double
}

/// A client of the coalescing scenario: sends a batch of identical GETs of `Fixtures.slowPath` at
/// once and waits for all of them, failing on any failure or short body.
struct CoalescingClient: Sendable {
    let key: String
    let networking: Networking

    func batch(_ count: Int) async throws {
        let networking = networking
        let key = key
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let result: Result<Data, NetworkingError> = await networking.get(Fixtures.slowPath)
                    let body = try result.mapError { BenchmarkFailure(description: "\(key): \($0)") }.get()
                    guard body.count == Fixtures.slowSize else {
                        throw BenchmarkFailure(description: "\(key): \(body.count) bytes, not \(Fixtures.slowSize)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
