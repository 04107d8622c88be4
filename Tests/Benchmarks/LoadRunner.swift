import Foundation

/// A client that runs many requests with a number of them in flight at all times, and reports
/// how long each one took.
struct LoadClient: Sendable {
    let key: String
    /// Runs `requests` requests with `inFlight` outstanding; returns each one's latency in µs.
    let run: @Sendable (_ requests: Int, _ inFlight: Int) async throws -> [Double]

    /// A `Client` driven by a task group that keeps `inFlight` fetches outstanding, starting the
    /// next as each one ends, as an app that fans requests out does. A fetch's latency runs from
    /// its task's start to its end, so it includes any wait for a connection inside the client.
    static func taskGroup(_ client: Client) -> LoadClient {
        LoadClient(key: client.key) { requests, inFlight in
            try await withThrowingTaskGroup(of: Double.self) { group in
                let clock = ContinuousClock()
                let fetch: @Sendable () async throws -> Double = {
                    let start = clock.now
                    try await client.fetch()
                    return Measure.micros(clock.now - start)
                }
                var latencies: [Double] = []
                latencies.reserveCapacity(requests)
                var started = 0
                while started < min(inFlight, requests) {
                    group.addTask(operation: fetch)
                    started += 1
                }
                while let latency = try await group.next() {
                    latencies.append(latency)
                    if started < requests {
                        group.addTask(operation: fetch)
                        started += 1
                    }
                }
                return latencies
            }
        }
    }
}

/// Runs load clients side by side: each one warmed up alone, then measured in rounds whose order
/// rotates, with the server's connection log read around every run (`ConnectionLog`).
enum LoadRunner {
    /// What each client did, by key.
    struct Result {
        var rates: [String: [Double]] = [:]
        var latencies: [String: [Double]] = [:]
        var cpu: [String: Double] = [:]
        var count: [String: Int] = [:]
        /// The server's view of the warm-up, and of the measured rounds together.
        var warmUp: [String: ConnectionLog.Window] = [:]
        var measured: [String: ConnectionLog.Window] = [:]

        /// Requests per second, the median over rounds.
        func rate(_ key: String) -> Double { Stats(rates[key] ?? []).median }
        func stats(_ key: String) -> Stats { Stats(latencies[key] ?? []) }
        func cpuPerRequest(_ key: String) -> Double { cpu[key, default: 0] / Double(max(count[key] ?? 0, 1)) }

        /// Connections opened per 1,000 requests, the cold start (warm-up) included.
        func openedPerThousand(_ key: String) -> Double {
            let warm = warmUp[key] ?? ConnectionLog.Window()
            let steady = measured[key] ?? ConnectionLog.Window()
            return Double(warm.opened + steady.opened) * 1000 / Double(max(warm.requests + steady.requests, 1))
        }
    }

    /// `warmUp` requests per client, then `rounds` rounds of `requests`, all with `inFlight`
    /// outstanding, against the listener on `port`.
    static func run(
        _ clients: [LoadClient], rounds: Int, requests: Int, inFlight: Int, warmUp: Int, log: ConnectionLog,
        port: Int
    ) async throws -> Result {
        var result = Result()
        for client in clients {
            let mark = log.mark()
            _ = try await client.run(warmUp, inFlight)
            result.warmUp[client.key] = await log.window(since: mark, port: port, expected: warmUp)
        }
        for round in 0..<rounds {
            for client in clients.rotated(by: round) {
                let mark = log.mark()
                let cpuStart = Measure.cpuMicros()
                let start = ContinuousClock.now
                let latencies = try await client.run(requests, inFlight)
                let seconds = Measure.micros(ContinuousClock.now - start) / 1e6
                result.cpu[client.key, default: 0] += Measure.cpuMicros() - cpuStart
                guard latencies.count == requests else {
                    throw BenchmarkFailure(description: "\(client.key): \(latencies.count) of \(requests) requests")
                }
                result.count[client.key, default: 0] += requests
                result.rates[client.key, default: []].append(Double(requests) / seconds)
                result.latencies[client.key, default: []] += latencies
                let window = await log.window(since: mark, port: port, expected: requests)
                result.measured[client.key] = (result.measured[client.key] ?? ConnectionLog.Window()) + window
            }
        }
        return result
    }
}
