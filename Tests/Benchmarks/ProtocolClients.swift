#if os(Linux)
    import Foundation
    import Networking
    import NetworkingCurl

    /// The clients the protocol scenarios compare on one listener: raw URLSession and
    /// `Networking.get` on `CurlTransport`, both decoding the 1 KB JSON fixture into `Profile`, and
    /// libcurl alone (an easy handle one request at a time, or the multi loop with many in
    /// flight), which collects the body without decoding it: the floor.
    enum ProtocolClients {
        static let titles: [String: String] = [
            "raw": "raw URLSession", "networking": "Networking.get", "libcurl": "libcurl easy, no decode",
            "libcurlMulti": "libcurl multi, no decode", "curlTransport": "CurlTransport.send, no decode",
        ]

        static func titles(_ keys: [String]) -> [(String, String)] { keys.map { ($0, title($0)) } }

        /// What a listener needs of a client: its base URL, and over TLS the bench CA and whether
        /// HTTP/2 is on offer.
        struct Target: Sendable {
            let baseURL: String
            let tls: CurlBaseline.TLS?
            /// The fixture's URL on this listener.
            let url: URL

            var port: Int { BenchServers.port(of: baseURL) }

            init(baseURL: String, tls: CurlBaseline.TLS?) throws {
                guard let url = URL(string: baseURL + Fixtures.smallPath) else {
                    throw BenchmarkFailure(description: "bad base URL \(baseURL)")
                }
                self.baseURL = baseURL
                self.tls = tls
                self.url = url
            }

            init(_ servers: BenchServers, _ wire: BenchServers.Wire) throws {
                try self.init(
                    baseURL: servers.baseURL(wire),
                    tls: wire.isTLS ? CurlBaseline.TLS(caFile: servers.caFile, http2: wire == .h2) : nil)
            }
        }

        /// `CurlTransport` as a user configures it for `target`: the defaults, plus the CA over TLS
        /// and HTTP/1.1 only where the listener offers nothing else; `perHost` overrides
        /// `maximumConnectionsPerHost`.
        static func curlConfiguration(_ target: Target, perHost: Int? = nil) -> CurlTransport.Configuration {
            var configuration = CurlTransport.Configuration()
            configuration.httpVersion = target.tls?.http2 == true ? .http2 : .http1
            configuration.caCertificateFile = target.tls?.caFile
            if let perHost { configuration.maximumConnectionsPerHost = perHost }
            return configuration
        }

        /// `Networking.get` decoding `Profile`, on a `CurlTransport` of its own.
        static func networking(_ target: Target, key: String = "networking", perHost: Int? = nil) throws -> Client {
            let transport = try CurlTransport(configuration: curlConfiguration(target, perHost: perHost))
            let networking = Networking(baseURL: target.baseURL, transport: transport)
            return Clients.networking(key, networking, path: Fixtures.smallPath, as: Profile.self)
        }

        /// Raw URLSession with `URLSessionConfiguration.default`, decoding `Profile`.
        static func raw(_ target: Target) -> Client {
            Clients.raw("raw", configuration: Clients.rawConfiguration(), url: target.url, as: Profile.self)
        }

        /// One request at a time: raw URLSession (where it trusts the CA), Networking, libcurl's
        /// easy loop.
        static func sequential(_ target: Target, withRaw: Bool) throws -> [Client] {
            (withRaw ? [raw(target)] : [])
                + [try networking(target)] + (try busyPollAlternative(target)) + (try transportAlone(target))
                + [try CurlBaseline.libcurl("libcurl", url: target.url, tls: target.tls)]
        }

        /// With `BENCH_DIAG` set, `CurlTransport.send` alone (no pipeline, no decoding) on the same
        /// configuration as `networking`: what the transport adds to libcurl on this listener.
        static func transportAlone(_ target: Target) throws -> [Client] {
            guard ProcessInfo.processInfo.environment["BENCH_DIAG"] != nil else { return [] }
            let transport = try CurlTransport(configuration: curlConfiguration(target))
            return [CurlBaseline.transport("curlTransport", transport, url: target.url)]
        }

        /// With `BENCH_ALT_BUSY_POLL_US` set (microseconds, or several separated by commas),
        /// `Networking.get` once more per value, on a transport whose loop busy-polls for that long,
        /// beside the default one in the same rounds (an A/B of the setting): keyed `busyPoll<N>us`.
        static func busyPollAlternative(_ target: Target) throws -> [Client] {
            guard let list = ProcessInfo.processInfo.environment["BENCH_ALT_BUSY_POLL_US"] else { return [] }
            return try list.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                .map { micros in
                    var configuration = curlConfiguration(target)
                    configuration.busyPollInterval = micros / 1_000_000
                    let networking = Networking(
                        baseURL: target.baseURL, transport: try CurlTransport(configuration: configuration))
                    return Clients.networking(
                        busyPollKey(micros), networking, path: Fixtures.smallPath, as: Profile.self)
                }
        }

        /// The key of the `busyPollAlternative` client that polls for `micros` µs.
        static func busyPollKey(_ micros: Double) -> String { "busyPoll\(Int(micros))us" }

        /// A client's title: the known ones', a busy-poll alternative's from its key, or the key.
        static func title(_ key: String) -> String {
            if let title = titles[key] { return title }
            if key.hasPrefix("busyPoll"), key.hasSuffix("us") {
                return "Networking.get, busy-poll \(key.dropFirst(8).dropLast(2)) µs"
            }
            return key
        }

        /// Many in flight: raw URLSession (where it trusts the CA) and Networking in a task
        /// group, and libcurl's multi loop.
        static func load(_ target: Target, withRaw: Bool) throws -> [LoadClient] {
            (withRaw ? [LoadClient.taskGroup(raw(target))] : [])
                + ([try networking(target)] + (try busyPollAlternative(target)) + (try transportAlone(target)))
                .map(LoadClient.taskGroup)
                + [try CurlMultiLoop("libcurlMulti", url: target.url, tls: target.tls).loadClient]
        }
    }
#endif
