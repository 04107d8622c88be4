#if os(Linux)
    import Foundation
    import NetworkingCurl

    /// `--only connection-limits` (not part of the default run): `Networking.get` on `CurlTransport`
    /// with each candidate `maximumConnectionsPerHost`, at 64 and 1,000 in flight over plain HTTP
    /// and HTTPS/1.1 (HTTP/2 multiplexes on one connection whatever the limit), beside raw URLSession
    /// and libcurl's multi loop: throughput, latency, CPU and the connections the server saw
    /// opened. What a default for the limit is chosen from.
    @MainActor
    enum ConnectionLimitSweep {
        /// `0` is no per-host limit.
        static let limits = [0, 4, 6, 8, 16, 32]
        static let levels = [64, 1000]
        static let wires: [BenchServers.Wire] = [.http, .https1]

        static func run(_ context: Context, _ report: Report) async throws {
            let servers = try BenchServers.fromEnvironment()
            let log = ConnectionLog(path: servers.connectionLog)
            let trusted = await servers.urlSessionTrustsCA()
            let rounds = ConcurrencyScenarios.rounds(context)
            var lines = [
                pad("", 30)
                    + ["req/s", "÷ raw", "CPU µs", "p50 µs", "p99 µs", "opened", "after", "in use"]
                    .map { pad($0, 9, right: true) }.joined()
            ]
            var json: [[String: Any]] = []
            for wire in wires {
                for inFlight in levels {
                    let target = try ProtocolClients.Target(servers, wire)
                    var clients = try limits.map {
                        LoadClient.taskGroup(try ProtocolClients.networking(target, key: "limit\($0)", perHost: $0))
                    }
                    let references = try ProtocolClients.load(target, withRaw: trusted || !wire.isTLS)
                    clients += references.filter { $0.key != "networking" }
                    let warmUp = ConcurrencyScenarios.warmUp(inFlight: inFlight)
                    let requests = ConcurrencyScenarios.requestsPerRound(rounds: rounds, inFlight: inFlight)
                    print("… connection limits: \(inFlight) in flight over \(wire.title)")
                    let result = try await LoadRunner.run(
                        clients, rounds: rounds, requests: requests, inFlight: inFlight, warmUp: warmUp, log: log,
                        port: target.port)
                    lines.append("\(inFlight) in flight over \(wire.title)")
                    let raw = result.rate("raw")
                    for client in clients {
                        let key = client.key
                        let title = key.hasPrefix("limit") ? "Networking, limit \(key.dropFirst(5))" : key
                        let figures = [
                            result.rate(key), raw > 0 ? result.rate(key) / raw : .nan, result.cpuPerRequest(key),
                            result.stats(key).median, result.stats(key).percentile(99),
                            Double(result.warmUp[key]?.opened ?? 0), Double(result.measured[key]?.opened ?? 0),
                            Double(result.measured[key]?.used ?? 0),
                        ]
                        lines.append(
                            pad("  " + (ProtocolClients.titles[key] ?? title), 30)
                                + figures.map { pad(format($0), 9, right: true) }.joined())
                        json.append([
                            "wire": wire.rawValue, "inFlight": inFlight, "client": key,
                            "limit": key.hasPrefix("limit") ? Int(key.dropFirst(5)) ?? -1 : -1,
                            "rps": figures[0], "cpuMicros": figures[2], "p50Micros": figures[3],
                            "p99Micros": figures[4], "openedInWarmUp": figures[5], "openedAfterWarmUp": figures[6],
                            "connectionsInUse": figures[7],
                        ])
                    }
                }
            }
            lines.append(
                "  opened: connections opened in the warm-up (\(ConcurrencyScenarios.warmUp(inFlight: 64)) or "
                    + "\(ConcurrencyScenarios.warmUp(inFlight: 1000)) requests); after: in the \(rounds) measured "
                    + "rounds; in use: most connections serving one round. Limit 0 = no per-host limit.")
            report.addTable(
                "maximumConnectionsPerHost sweep (Networking.get on CurlTransport; medians of \(rounds) rounds)",
                lines: lines)
            report.set("connectionLimits", json)
        }

        private static func format(_ value: Double) -> String {
            if value.isNaN { return "—" }
            if value >= 1000 { return String(format: "%.0f", value) }
            if value >= 10 { return String(format: "%.1f", value) }
            return String(format: "%.2f", value)
        }

        private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            guard text.count < width else { return " " + text }
            let space = String(repeating: " ", count: width - text.count)
            return right ? space + text : text + space
        }
    }
#endif
