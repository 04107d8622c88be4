import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if os(Linux)
    import NetworkingCurl
#endif

/// The transport a `Networking` or `HTTPClient` uses when it is created with neither a transport
/// nor a `URLSessionConfiguration`.
///
/// - On Linux: one process-wide `CurlTransport.preferred()` (libcurl's multi interface on one
///   event-loop thread, with one connection pool shared by every such client) for everything:
///   requests, streamed responses (`stream`, `bytes`, `lines`, Server-Sent Events, with
///   back-pressure), downloads to a file and requests that report progress, all with bounded
///   memory. When `libcurl.so.4` cannot be loaded, a `URLSessionTransport` does all of it instead.
///   A client with a `NetworkPath` or `ServerTrust` of its own gets a transport made with them,
///   shared by every client created with the same ones. The environment's proxies are read each
///   time a client is created: when they changed since the shared transport read them, the
///   client gets a transport with the new ones.
/// - Elsewhere: a new `URLSessionTransport` with the `.default` session configuration, the path
///   and the trust.
///
/// Either way the documented behaviour is the same: response bodies are capped at 128 MiB (the
/// default `maxResponseBodySize` of both transports), redirects follow `RedirectPolicy.default`,
/// and no cookie jar or `URLCache` is consulted.
enum DefaultTransport {
    #if os(Linux)
        /// Created on first use; never released, like `URLSession.shared`.
        private static let shared: any HTTPTransport = CurlTransport.preferred()

        /// The transports of other paths and trust settings (resolved), made on first use and
        /// never released: one per distinct setting in the process.
        private static let others = Mutex<[Settings: any HTTPTransport]>([:])

        /// What a transport is made with.
        private struct Settings: Hashable {
            let path: NetworkPath
            let trust: ServerTrust
        }
    #endif

    /// The transport for a client created without one.
    static func make() -> any HTTPTransport { make(networkPath: .default, trust: .system) }

    /// The transport for a client with `networkPath` and `trust` and no transport of its own.
    static func make(networkPath: NetworkPath, trust: ServerTrust) -> any HTTPTransport {
        #if os(Linux)
            // A path that cannot be used makes a transport whose requests fail saying why; it is
            // not kept, so that a client created once the environment is fixed gets a good one.
            guard let resolved = try? networkPath.resolved() else {
                return CurlTransport.preferred(configuration: .init(networkPath: networkPath, trust: trust))
            }
            // The environment is read once: for the default path, `resolved` is the default resolved.
            let defaultResolved = networkPath == .default ? resolved : try? NetworkPath.default.resolved()
            if trust.isDefault, resolved.hostOverrides.isEmpty, resolved == defaultResolved {
                guard let curl = shared as? CurlTransport else { return shared }
                if curl.configuration.networkPath == resolved { return shared }
            }
            return others.withLock { others in
                let settings = Settings(path: resolved, trust: trust)
                if let transport = others[settings] { return transport }
                let transport = CurlTransport.preferred(configuration: .init(networkPath: resolved, trust: trust))
                others[settings] = transport
                return transport
            }
        #else
            URLSessionTransport(configuration: .default, networkPath: networkPath, trust: trust)
        #endif
    }

    /// `URLSessionTransport` for an explicit session configuration (it may carry protocol
    /// classes, a cache, cookies…), the default transport otherwise.
    static func make(configuration: URLSessionConfiguration?) -> any HTTPTransport {
        configuration.map { URLSessionTransport(configuration: $0) } ?? make()
    }
}

extension Networking {
    /// The transport a client created without one sends through, for `networkPath` and `trust`:
    /// on Linux libcurl's (`CurlTransport`, shared by the clients that use the same settings; a
    /// `URLSessionTransport` when `libcurl.so.4` cannot be loaded), elsewhere a
    /// `URLSessionTransport` with the `.default` session configuration.
    ///
    /// Wrap it to count, log or delay what a client sends, and give the wrapper to the client;
    /// requests then go out as they would without it, the wrapped transport's limits and TLS
    /// settings included (`maxResponseBodySize`, which cannot see through a wrapper, reads `nil`):
    ///
    /// ```swift
    /// final class CountingTransport: HTTPTransport {
    ///     let wrapped: any HTTPTransport
    ///     let sent = Mutex(0)
    ///
    ///     init(wrapping wrapped: any HTTPTransport) { self.wrapped = wrapped }
    ///
    ///     func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
    ///         sent.withLock { $0 += 1 }
    ///         return try await wrapped.send(request)
    ///     }
    /// }
    ///
    /// let counting = CountingTransport(wrapping: Networking.defaultTransport())
    /// let networking = Networking(baseURL: "https://api.example.com", transport: counting)
    /// let client = HTTPClient(transport: CountingTransport(wrapping: Networking.defaultTransport()))
    /// ```
    ///
    /// A client made with `init(baseURL:networkPath:trust:)` or an `HTTPClient.Configuration`
    /// with a path or trust of its own sends through `defaultTransport(networkPath:trust:)` with
    /// them; pass the same ones when wrapping it.
    public static func defaultTransport(
        networkPath: NetworkPath = .default, trust: ServerTrust = .system
    ) -> any HTTPTransport {
        DefaultTransport.make(networkPath: networkPath, trust: trust)
    }
}
