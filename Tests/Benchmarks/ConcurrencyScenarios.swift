#if os(Linux)
    import Foundation
    import NetworkingCurl

    /// Many requests in flight over each protocol: raw URLSession and `Networking.get` in a task
    /// group that keeps `inFlight` requests outstanding, and libcurl's multi loop with as many easy
    /// handles, the floor. Each client is warmed up alone, from a cold pool, then measured in
    /// rounds of `requestsPerRound`; the server's connection log says how many connections each
    /// one opened.
    @MainActor
    enum ConcurrencyScenarios {
        /// Requests measured per client, over all rounds, after the warm-up.
        static let requests = 5000

        /// Rounds per client: at most three, fewer with `--rounds`.
        static func rounds(_ context: Context) -> Int { min(context.rounds, 3) }

        /// Requests per round: a share of `requests`, but at least twice the requests in flight,
        /// so that the ramp up and down at a round's ends weighs little.
        static func requestsPerRound(rounds: Int, inFlight: Int) -> Int {
            max(requests / rounds, inFlight * 2)
        }

        /// Requests each client sends alone, from a cold pool, before it is measured: enough for
        /// every request slot to have been used several times.
        static func warmUp(inFlight: Int) -> Int { max(1000, inFlight * 2) }

        static func inFlight(_ inFlight: Int, _ context: Context, _ report: Report) async throws {
            let servers = try BenchServers.fromEnvironment()
            let log = ConnectionLog(path: servers.connectionLog)
            let trusted = await servers.urlSessionTrustsCA()
            let rounds = rounds(context)
            let warmUp = warmUp(inFlight: inFlight)
            let requestsPerRound = requestsPerRound(rounds: rounds, inFlight: inFlight)
            for wire in BenchServers.Wire.allCases {
                let target = try ProtocolClients.Target(servers, wire)
                let clients = try ProtocolClients.load(target, withRaw: trusted || !wire.isTLS)
                let result = try await LoadRunner.run(
                    clients, rounds: rounds, requests: requestsPerRound, inFlight: inFlight, warmUp: warmUp,
                    log: log, port: target.port)
                report.begin(
                    "in_flight_\(inFlight)_\(wire.rawValue)",
                    "\(inFlight) in flight over \(wire.title), 1 KB JSON (warm-up \(warmUp), then \(rounds)×"
                        + "\(requestsPerRound) per client)",
                    clients: ProtocolClients.titles(clients.map(\.key)), baseline: "raw", subject: "networking",
                    floor: "libcurlMulti")
                addRows(result, keys: clients.map(\.key), report)
                let perHost = ProtocolClients.curlConfiguration(target).maximumConnectionsPerHost
                report.note(
                    "Networking on CurlTransport's defaults (maximumConnectionsPerHost \(perHost)); "
                        + "libcurl multi: one multi handle on one thread, no connection limit, no decoding")
                report.note("the server saw: " + protocols(result, keys: clients.map(\.key)))
                if inFlight == 64 {
                    report.target(
                        "connections opened after warm-up, 64 in flight, \(wire.title)",
                        value: Double(result.measured["networking"]?.opened ?? -1), atMost: 0, unit: "")
                }
            }
        }

        /// The rows every load section shows.
        static func addRows(_ result: LoadRunner.Result, keys: [String], _ report: Report) {
            func values(_ value: (String) -> Double) -> [String: Double] {
                Dictionary(uniqueKeysWithValues: keys.map { ($0, value($0)) })
            }
            report.add("req/s (median of rounds)", key: "rps_median", values(result.rate))
            report.add("CPU µs / request", key: "cpu_us", values(result.cpuPerRequest))
            report.add("p50 µs", key: "p50_us", values { result.stats($0).median })
            report.add("p99 µs", key: "p99_us", values { result.stats($0).percentile(99) })
            report.add("conns opened / 1,000 req", key: "opened_per_1000", values(result.openedPerThousand))
            report.add(
                "conns opened in warm-up", key: "opened_warm_up", values { Double(result.warmUp[$0]?.opened ?? 0) },
                showsRatio: false)
            report.add(
                "conns opened after warm-up", key: "opened_after_warm_up",
                values { Double(result.measured[$0]?.opened ?? 0) }, showsRatio: false)
            report.add(
                "conns serving a round (most)", key: "connections_used",
                values { Double(result.measured[$0]?.used ?? 0) }, showsRatio: false)
        }

        /// Which protocol each client's requests arrived by, as nginx logged them.
        static func protocols(_ result: LoadRunner.Result, keys: [String]) -> String {
            keys.map { key in
                let seen = (result.measured[key]?.protocols ?? []).sorted().joined(separator: "+")
                return "\(ProtocolClients.title(key)) \(seen.isEmpty ? "nothing" : seen)"
            }.joined(separator: ", ")
        }
    }
#endif
