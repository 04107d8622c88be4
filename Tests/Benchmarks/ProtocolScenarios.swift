import Foundation

/// The scenarios over each protocol a user's requests travel by (plain HTTP/1.1, HTTPS/1.1,
/// HTTP/2 over TLS), raw URLSession, `Networking.get` on `CurlTransport` and libcurl alone side
/// by side: the keys `--only` takes, in the order they run. `connection-limits` runs only when
/// named.
@MainActor
enum ProtocolScenarios {
    #if os(Linux)
        static let all: [Scenarios.Scenario] = [
            ("sequential-protocols", sequential),
            ("new-connection", newConnection),
            ("in-flight-64", { try await ConcurrencyScenarios.inFlight(64, $0, $1) }),
            ("in-flight-1000", { try await ConcurrencyScenarios.inFlight(1000, $0, $1) }),
        ]

        static let optIn: [Scenarios.Scenario] = [("connection-limits", ConnectionLimitSweep.run)]

        /// One request at a time over each protocol: p50, p99 and CPU per request.
        static func sequential(_ context: Context, _ report: Report) async throws {
            let servers = try BenchServers.fromEnvironment()
            let trusted = await servers.urlSessionTrustsCA()
            let perRound = 100
            for wire in BenchServers.Wire.allCases {
                let target = try ProtocolClients.Target(servers, wire)
                let clients = try ProtocolClients.sequential(target, withRaw: trusted || !wire.isTLS)
                try await Runner.warmUp(clients, count: 50)
                let result = try await Runner.sequential(clients, rounds: context.rounds, perRound: perRound)
                report.begin(
                    "sequential_\(wire.rawValue)",
                    "Sequential GET over \(wire.title), 1 KB JSON (\(context.rounds)×\(perRound) per client)",
                    clients: ProtocolClients.titles(clients.map(\.key)), baseline: "raw", subject: "networking",
                    floor: "libcurl")
                Scenarios.addLatencyRows(result, clients, report)
                report.note("libcurl easy = one easy handle, curl_easy_perform, keep-alive; it does not decode")
            }
        }

        /// One request at a time to listeners that close the connection after every response, so
        /// each request pays for a new connection, and over HTTPS a TLS handshake, before its GET.
        static func newConnection(_ context: Context, _ report: Report) async throws {
            let servers = try BenchServers.fromEnvironment()
            let log = ConnectionLog(path: servers.connectionLog)
            let trusted = await servers.urlSessionTrustsCA()
            let listeners: [(key: String, title: String, target: ProtocolClients.Target)] = [
                ("http", "HTTP/1.1", try ProtocolClients.Target(baseURL: servers.closeHTTP, tls: nil)),
                (
                    "https", "HTTPS/1.1",
                    try ProtocolClients.Target(
                        baseURL: servers.closeHTTPS, tls: CurlBaseline.TLS(caFile: servers.caFile, http2: false))
                ),
            ]
            let perRound = 40
            let rounds = max(context.rounds / 2, 3)
            for listener in listeners {
                let clients = try ProtocolClients.sequential(
                    listener.target, withRaw: trusted || listener.target.tls == nil)
                try await Runner.warmUp(clients, count: 10)
                let result = try await Runner.sequential(clients, rounds: rounds, perRound: perRound)
                // Apart from the timed rounds, which interleave the clients: what each one made the
                // server do, alone.
                var windows: [String: ConnectionLog.Window] = [:]
                let counted = 50
                for client in clients {
                    let mark = log.mark()
                    for _ in 0..<counted { try await client.fetch() }
                    windows[client.key] = await log.window(
                        since: mark, port: listener.target.port, expected: counted)
                }
                report.begin(
                    "new_connection_\(listener.key)",
                    "New connection + \(listener.key == "https" ? "TLS handshake + " : "")GET over \(listener.title) "
                        + "(the server closes after every response; \(rounds)×\(perRound) per client)",
                    clients: ProtocolClients.titles(clients.map(\.key)), baseline: "raw", subject: "networking",
                    floor: "libcurl")
                Scenarios.addLatencyRows(result, clients, report)
                report.add(
                    "connections opened / request", key: "opened_per_request",
                    windows.mapValues { Double($0.opened) / Double(max($0.requests, 1)) }, showsRatio: false)
                if listener.target.tls != nil {
                    report.add(
                        "TLS sessions resumed %", key: "tls_resumed_percent",
                        windows.mapValues { Double($0.resumed) * 100 / Double(max($0.opened, 1)) },
                        showsRatio: false)
                    report.note(
                        "nginx's session defaults: no session cache (ssl_session_cache none), TLS 1.3 tickets on; "
                            + "libcurl easy clears CAPATH so that its CA store is loaded once")
                }
            }
        }
    #else
        static let all: [Scenarios.Scenario] = []
        static let optIn: [Scenarios.Scenario] = []
    #endif
}
