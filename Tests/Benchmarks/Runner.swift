import Foundation

/// Runs clients side by side: the same amount of work for each, in rounds, with the order of the
/// clients rotated every round so that drift in machine load falls on all of them alike.
enum Runner {
    /// Per-request latencies (µs) and CPU time per request (µs) of each client.
    struct Sequential {
        var latencies: [String: [Double]] = [:]
        var cpu: [String: Double] = [:]
        var count: [String: Int] = [:]
        /// Each round's p50, by client: rounds are close in time, so differences within a round
        /// are the steadiest comparison on a busy machine.
        var roundMedians: [String: [Double]] = [:]

        /// The median over rounds of `key`'s p50 minus `baseline`'s p50 in the same round.
        func medianDifference(_ key: String, over baseline: String) -> Double {
            let pairs = zip(roundMedians[key] ?? [], roundMedians[baseline] ?? [])
            return Stats(pairs.map { $0 - $1 }).median
        }

        func stats(_ key: String) -> Stats { Stats(latencies[key] ?? []) }
        func cpuPerRequest(_ key: String) -> Double { cpu[key, default: 0] / Double(max(count[key] ?? 0, 1)) }
    }

    /// Warms every client up with `count` requests (connections, caches, lazy initialisation).
    static func warmUp(_ clients: [Client], count: Int) async throws {
        for client in clients {
            for _ in 0..<count { try await client.fetch() }
        }
    }

    /// One request at a time: `rounds` rounds of `perRound` requests per client.
    static func sequential(_ clients: [Client], rounds: Int, perRound: Int) async throws -> Sequential {
        var result = Sequential()
        let clock = ContinuousClock()
        for round in 0..<rounds {
            for client in rotated(clients, by: round) {
                var samples: [Double] = []
                samples.reserveCapacity(perRound)
                let cpuStart = Measure.cpuMicros()
                for _ in 0..<perRound {
                    client.prepare?()
                    let start = clock.now
                    try await client.fetch()
                    samples.append(Measure.micros(clock.now - start))
                }
                result.cpu[client.key, default: 0] += Measure.cpuMicros() - cpuStart
                result.count[client.key, default: 0] += perRound
                result.latencies[client.key, default: []] += samples
                result.roundMedians[client.key, default: []].append(Stats(samples).median)
            }
        }
        return result
    }

    /// Requests per second (one figure per round) and CPU time per request of each client.
    struct Throughput {
        var rates: [String: [Double]] = [:]
        var cpu: [String: Double] = [:]
        var count: [String: Int] = [:]

        /// The median rate over the rounds.
        func rate(_ key: String) -> Double { Stats(rates[key] ?? []).median }
        /// The slowest round.
        func worst(_ key: String) -> Double { Stats(rates[key] ?? []).percentile(0) }
        func cpuPerRequest(_ key: String) -> Double { cpu[key, default: 0] / Double(max(count[key] ?? 0, 1)) }
    }

    /// `requests` requests per client per round with `inFlight` outstanding at all times.
    static func throughput(
        _ clients: [Client], rounds: Int, requests: Int, inFlight: Int
    ) async throws -> Throughput {
        try await throughput(clients, rounds: rounds, requests: { _ in requests }, inFlight: inFlight)
    }

    /// `requests(key)` requests per round for each client, with `inFlight` outstanding at all times.
    static func throughput(
        _ clients: [Client], rounds: Int, requests: @Sendable (String) -> Int, inFlight: Int
    ) async throws -> Throughput {
        var result = Throughput()
        for round in 0..<rounds {
            for client in rotated(clients, by: round) {
                let requests = requests(client.key)
                let cpuStart = Measure.cpuMicros()
                let start = ContinuousClock.now
                try await run(client, requests: requests, inFlight: inFlight)
                let seconds = Measure.micros(ContinuousClock.now - start) / 1e6
                result.cpu[client.key, default: 0] += Measure.cpuMicros() - cpuStart
                result.count[client.key, default: 0] += requests
                result.rates[client.key, default: []].append(Double(requests) / seconds)
            }
        }
        return result
    }

    /// Wall time (ms) of one request per client per round.
    static func single(_ clients: [Client], rounds: Int) async throws -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for round in 0..<rounds {
            for client in rotated(clients, by: round) {
                let start = ContinuousClock.now
                try await client.fetch()
                result[client.key, default: []].append(Measure.micros(ContinuousClock.now - start) / 1000)
            }
        }
        return result
    }

    private static func run(_ client: Client, requests: Int, inFlight: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var started = 0
            while started < min(inFlight, requests) {
                group.addTask { try await client.fetch() }
                started += 1
            }
            while try await group.next() != nil {
                if started < requests {
                    group.addTask { try await client.fetch() }
                    started += 1
                }
            }
        }
    }

    private static func rotated(_ clients: [Client], by round: Int) -> [Client] {
        guard !clients.isEmpty else { return clients }
        let shift = round % clients.count
        return Array(clients[shift...] + clients[..<shift])
    }
}
