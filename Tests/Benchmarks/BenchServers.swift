import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The nginx listeners of the protocol scenarios, as bench.sh passes them in the environment
/// (see the top of bench.sh and nginx.conf.in).
struct BenchServers: Sendable {
    /// How a keep-alive listener speaks.
    enum Wire: String, CaseIterable, Sendable {
        /// Plain HTTP/1.1.
        case http
        /// HTTPS, HTTP/1.1 only (the listener offers no h2 in ALPN).
        case https1
        /// HTTPS with HTTP/2 (ALPN h2).
        case h2

        var title: String {
            switch self {
            case .http: "HTTP/1.1"
            case .https1: "HTTPS/1.1"
            case .h2: "HTTP/2 over TLS"
            }
        }

        var isTLS: Bool { self != .http }
    }

    /// The keep-alive listeners' base URLs, by wire.
    let keepAlive: [Wire: String]
    /// The listeners that close the connection after every response: plain and HTTPS.
    let closeHTTP: String
    let closeHTTPS: String
    /// The PEM file of the CA the HTTPS listeners chain to.
    let caFile: String
    /// nginx's log of which connection served each request (`ConnectionLog`).
    let connectionLog: String

    /// Reads the listeners from the environment; fails, naming what is missing, when the
    /// Benchmarks executable was started without bench.sh.
    static func fromEnvironment() throws -> BenchServers {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) throws -> String {
            guard let value = environment[name], !value.isEmpty else {
                throw BenchmarkFailure(description: "\(name) is not set: run the protocol scenarios through bench.sh")
            }
            return value
        }
        return BenchServers(
            keepAlive: [
                .http: try value("BENCH_HTTP_URL"), .https1: try value("BENCH_HTTPS1_URL"),
                .h2: try value("BENCH_H2_URL"),
            ], closeHTTP: try value("BENCH_CLOSE_HTTP_URL"), closeHTTPS: try value("BENCH_CLOSE_HTTPS_URL"),
            caFile: try value("BENCH_CA_FILE"), connectionLog: try value("BENCH_CONNECTION_LOG"))
    }

    func baseURL(_ wire: Wire) -> String { keepAlive[wire] ?? "" }

    /// The port of a base URL: the connection log tells listeners apart by it.
    static func port(of baseURL: String) -> Int { URL(string: baseURL)?.port ?? 0 }

    /// Whether raw URLSession trusts the bench CA in this process.
    ///
    /// On Linux it cannot be told to: swift-corelibs-foundation reads
    /// `URLSessionCertificateAuthorityInfoFile` on Android only, and otherwise uses libcurl's
    /// default bundle, which bench.sh replaces with one that holds the CA in a private mount
    /// namespace. Where that was not allowed, one request fails here and the scenarios leave raw
    /// URLSession out over TLS.
    @MainActor
    func urlSessionTrustsCA() async -> Bool {
        if let known = Self.trustProbe { return known }
        let session = URLSession(configuration: Clients.noCacheConfiguration())
        defer { session.finishTasksAndInvalidate() }
        var trusted = false
        if let url = URL(string: baseURL(.https1) + Fixtures.smallPath),
            let (_, response) = try? await session.data(for: URLRequest(url: url))
        {
            trusted = (response as? HTTPURLResponse)?.statusCode == 200
        }
        if !trusted {
            print("  raw URLSession does not trust the bench CA here (see bench.sh): left out over TLS")
        }
        Self.trustProbe = trusted
        return trusted
    }

    @MainActor private static var trustProbe: Bool?
}
