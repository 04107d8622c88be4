#if os(Linux)
    import CCurlShim
    import Foundation
    import NetworkingCore

    extension CurlTransport {
        /// How a `CurlTransport` connects and what it accepts.
        public struct Configuration: Sendable {
            /// How the redirects of requests through this transport are followed: by the pipeline
            /// of the client over it, or of `send(_:)` with a `URLRequest` (the transport sends
            /// one hop, and libcurl never follows a redirect itself).
            public var redirectPolicy: RedirectPolicy
            /// The largest response body collected in memory, in bytes (128 MiB by default, as for
            /// `URLSessionTransport`); a larger body fails with
            /// `.transport(URLError(.dataLengthExceedsMaximum))`.
            public var maxResponseBodySize: Int
            /// The longest a connection may take to establish (TCP and TLS), in seconds, with
            /// millisecond precision.
            public var connectTimeout: TimeInterval
            /// The longest a whole request may take, redirects included, in seconds, with
            /// millisecond precision; `nil` for no limit. A request over it fails with
            /// `.transport(URLError(.timedOut))`.
            ///
            /// Independently, each request's `URLRequest.timeoutInterval` is an idle timeout: the
            /// request fails with `.timedOut` when no byte has moved in either direction for that
            /// long (fractions of a second are honoured). Time the transfer spends paused for the
            /// caller does not count: while a streamed response's reader catches up, or while a
            /// request body produced as it is sent has no next chunk yet.
            public var totalTimeout: TimeInterval?
            /// Which HTTP version to ask for.
            public var httpVersion: HTTPVersion
            /// How requests reach their servers: proxies, name overrides, a Unix socket, the local
            /// address, the Happy Eyeballs delay (see `NetworkPath`).
            ///
            /// `.environment` proxies are read when the transport is created: a transport's
            /// `configuration` shows the proxies it found then (`.direct` when none).
            public var networkPath: NetworkPath
            /// Whom TLS connections trust: the CA store and the keys pinned per host (see
            /// `ServerTrust`). A CA file here takes precedence over `caCertificateFile`; a host
            /// pinned here uses its pins instead of `pinnedPublicKey`.
            ///
            /// Under `.reportOnly`, a request to a host whose key matches none of its pins is sent
            /// again without the pins, once, on a new connection (the mismatch is found during
            /// the TLS handshake, before any byte of the request leaves), and its
            /// `TransactionMetrics.pinMismatch` names the host. A WebSocket connection under
            /// `.reportOnly` is not checked against the pins.
            public var trust: ServerTrust
            /// A PEM file of CA certificates to trust instead of the system store, for servers
            /// with a private CA: only these CAs are trusted then, none of the system's. The same
            /// as `trust.certificateAuthorities = .file(path)`, which takes precedence.
            ///
            /// Either way, each event loop loads its CA store once and shares it between its
            /// connections (libcurl's CA cache, kept for a day); the system store is the bundle
            /// libcurl was built with (on Debian `/etc/ssl/certs/ca-certificates.crt`), without its
            /// hashed directory, whose use would make libcurl load the whole store again for
            /// every new connection.
            public var caCertificateFile: String?
            /// A public key the server's certificate must carry: `sha256//<base64 of the
            /// SHA-256 of the DER SubjectPublicKeyInfo>` (several joined with `;`), or the path
            /// of a PEM or DER public key, for every host that `trust.pins` does not pin. A
            /// mismatch fails with `.serverCertificateUntrusted`.
            public var pinnedPublicKey: String?
            /// The most connections open to one origin (host and port) at once; `0` for no limit.
            ///
            /// Requests beyond it wait, in order, for a connection to be free; over HTTP/2 they
            /// share the origin's connection, up to the server's limit of concurrent streams, then
            /// a second one. The wait counts against the request's timeouts, a cancelled request
            /// leaves the queue at once, and `TransactionMetrics.queueTime` says how long it
            /// waited. With several event loops, each keeps its share of the limit (all of it
            /// when the limit is smaller than the loop count; an origin's requests then all go
            /// through one loop).
            ///
            /// The default, 16, keeps a burst from opening a connection per request (without a
            /// limit, 2,000 concurrent requests ran a process with the common limit of 1,024
            /// descriptors out of them) without making it wait long for few: it is the smallest
            /// limit that kept throughput within 12 % of no limit at 64 requests in flight in the
            /// connection-limit sweep of `make bench` (see docs/Performance.md). AsyncHTTPClient
            /// keeps 8 for HTTP/1.1, URLSession 6 per host.
            public var maximumConnectionsPerHost: Int
            /// The most connections the whole transport has open at once, over all origins (split
            /// evenly between its event loops); `0` for no limit. Requests beyond it wait as for
            /// `maximumConnectionsPerHost`, so that a fan-out over many hosts cannot exhaust the
            /// process's descriptors either. It is also how many connections stay open once their
            /// requests are done, until `idleConnectionTimeout` (libcurl's `CURLMOPT_MAXCONNECTS`:
            /// left to itself, libcurl closes idle connections whenever fewer transfers are
            /// running, and the next burst reopens them). The default, 256, is a quarter of the
            /// common limit of 1,024 descriptors, leaving the rest to the application.
            public var maximumConnections: Int
            /// How long a connection may stay idle in the pool before it is closed, in seconds
            /// (libcurl's `CURLOPT_MAXAGE_CONN`, whose own default is 118 s).
            ///
            /// Servers and load balancers close idle keep-alive connections after a timeout of
            /// their own (nginx 75 s, AWS load balancers 60 s); a client that keeps one longer
            /// risks sending on a connection the server is closing. The default, 55 s, stays under
            /// the 60 s after which common load balancers close an idle connection.
            public var idleConnectionTimeout: TimeInterval
            /// How many event-loop threads the transport runs, each with its own libcurl multi
            /// handle and connection pool (at least 1, the default).
            ///
            /// libcurl builds and parses every request on its loop's thread, so one loop caps
            /// throughput at what one core can do (about 40,000 small requests a second on the
            /// 2-vCPU machine of `make bench`); more loops let many concurrent requests use more
            /// cores, at some CPU per request (measured there: +10 % req/s at 64 in flight for
            /// +20–40 % CPU per request with a second loop, on a machine that also runs the
            /// server). Requests that HTTP/2 may multiplex (https with `.http2`, or
            /// `.http2PriorKnowledge`) stay on one loop per origin, so they still share one
            /// connection; the others go to the loop with the fewest requests in flight (the first
            /// among equals, so sequential requests keep one warm connection).
            public var eventLoopCount: Int
            /// The `User-Agent` sent when a request has none (`NetworkingCurl libcurl/<version>` by
            /// default); `nil` sends none.
            public var userAgent: String?
            /// How long the event-loop thread keeps polling without blocking, while requests are
            /// in flight, before it sleeps; in seconds, `0` turns it off. The default, 150 µs, is
            /// about what a request to a nearby server takes to come back.
            ///
            /// Waking a sleeping thread is slow on virtual machines (tens of microseconds), and
            /// polling a little longer catches a nearby server's response without a wake-up. The
            /// loop polls only for requests in flight, and stops while their responses come later
            /// than this (a distant server) until one comes sooner. It never polls for a sender's
            /// next request: a request alone in flight finds the loop idle, and its sending thread
            /// makes one pass of libcurl itself, which puts it on the warm connection at once and,
            /// when the server answers within that pass, reads the response too, with no thread
            /// handing anything over; otherwise the loop thread takes the transfer over. Only the
            /// loop's own thread polls: a request's sending thread, one of Swift's cooperative
            /// pool, never waits in a loop.
            ///
            /// What it buys, measured in `make bench` on a 2-vCPU virtual machine with nginx on
            /// loopback (docs/Performance.md, "The busy-poll"): sequential requests 1–7 % sooner at
            /// p50 than with `0` (the most over HTTP/2, whose requests are handed over most often),
            /// for at most 8 µs more CPU per request, which stays below the p50; at 64 in flight
            /// no difference beyond the machine's noise.
            public var busyPollInterval: TimeInterval
            /// The CA store trusted when `caCertificateFile` is `nil`: libcurl's own (tests stand
            /// in another).
            var systemTrustStore = CurlTrust.builtIn

            /// Creates a configuration; every parameter has a default, each explained by its
            /// property.
            public init(
                redirectPolicy: RedirectPolicy = .default,
                maxResponseBodySize: Int = URLSessionTransport.defaultMaxResponseBodySize,
                connectTimeout: TimeInterval = 60, totalTimeout: TimeInterval? = nil,
                httpVersion: HTTPVersion = .http2, caCertificateFile: String? = nil, pinnedPublicKey: String? = nil,
                maximumConnectionsPerHost: Int = Configuration.defaultMaximumConnectionsPerHost,
                maximumConnections: Int = Configuration.defaultMaximumConnections,
                idleConnectionTimeout: TimeInterval = Configuration.defaultIdleConnectionTimeout,
                userAgent: String? = Configuration.defaultUserAgent,
                busyPollInterval: TimeInterval = Configuration.defaultBusyPollInterval, eventLoopCount: Int = 1,
                networkPath: NetworkPath = .default, trust: ServerTrust = .system
            ) {
                self.networkPath = networkPath
                self.trust = trust
                self.redirectPolicy = redirectPolicy
                self.maxResponseBodySize = maxResponseBodySize
                self.connectTimeout = connectTimeout
                self.totalTimeout = totalTimeout
                self.httpVersion = httpVersion
                self.caCertificateFile = caCertificateFile
                self.pinnedPublicKey = pinnedPublicKey
                self.maximumConnectionsPerHost = maximumConnectionsPerHost
                self.maximumConnections = maximumConnections
                self.idleConnectionTimeout = idleConnectionTimeout
                self.userAgent = userAgent
                self.busyPollInterval = busyPollInterval
                self.eventLoopCount = eventLoopCount
            }

            /// The default `busyPollInterval`, 150 µs (see there).
            @usableFromInline package static let defaultBusyPollInterval: TimeInterval = 0.000_150

            /// The default `maximumConnectionsPerHost`, 16 (see there).
            @usableFromInline package static let defaultMaximumConnectionsPerHost = 16

            /// The default `maximumConnections`, 256 (see there).
            @usableFromInline package static let defaultMaximumConnections = 256

            /// The default `idleConnectionTimeout`, 55 s (see there).
            @usableFromInline package static let defaultIdleConnectionTimeout: TimeInterval = 55

            /// The `User-Agent` sent by default, `NetworkingCurl libcurl/<version>` with the version
            /// of the libcurl loaded: to extend it rather than replace it, set `userAgent` to
            /// `"MyApp/1.0 " + defaultUserAgent`.
            public static var defaultUserAgent: String { "NetworkingCurl libcurl/\(CurlLibrary.version ?? "unknown")" }

            /// The `User-Agent` Foundation's `URLSession` sends on Linux when neither the request
            /// nor the session's `httpAdditionalHeaders` has one: `<process name> (unknown version)
            /// curl/<major>.<minor>.<patch>`, with the version of the libcurl it runs on, this one.
            package static var foundationUserAgent: String {
                let number = CurlLibrary.isAvailable ? ncurl_version_number() : 0
                let version = "\(number >> 16 & 0xFF).\(number >> 8 & 0xFF).\(number & 0xFF)"
                return "\(ProcessInfo.processInfo.processName) (unknown version) curl/\(version)"
            }

            /// Whether requests to an origin may share one connection by HTTP/2 multiplexing: https
            /// with `.http2`, or h2c (`.http2PriorKnowledge`).
            func mayMultiplex(isHTTPS: Bool) -> Bool {
                httpVersion == .http2PriorKnowledge || (httpVersion == .http2 && isHTTPS)
            }

            /// The connection limits of loop `index` of `count`: each loop's share of the
            /// transport's limits (they add up to them), except for a per-origin limit smaller than
            /// the loop count, which every loop keeps whole, since an origin's requests then all
            /// go to one loop (`keepsOriginsOnOneLoop`). `0` is no limit.
            func connectionLimits(ofLoop index: Int, among count: Int) -> (perHost: Int, total: Int) {
                func share(_ limit: Int) -> Int {
                    guard limit > 0 else { return 0 }
                    guard limit >= count else { return limit }
                    return limit / count + (index < limit % count ? 1 : 0)
                }
                let perHost = max(0, maximumConnectionsPerHost)
                return (perHost < count ? perHost : share(perHost), share(max(0, maximumConnections)))
            }

            /// Whether all requests to an origin go through one event loop: when HTTP/2 may
            /// multiplex them over one connection, and when the per-origin limit is too small to
            /// be shared between the loops.
            func keepsOriginsOnOneLoop(isHTTPS: Bool, loopCount: Int) -> Bool {
                mayMultiplex(isHTTPS: isHTTPS)
                    || (maximumConnectionsPerHost > 0 && maximumConnectionsPerHost < loopCount)
            }

            /// Whether requests to an origin share connections by HTTP/2 multiplexing here (h2c
            /// connections are not reused before curl 8.0: see `CurlLibrary`).
            func multiplexes(isHTTPS: Bool) -> Bool {
                mayMultiplex(isHTTPS: isHTTPS)
                    && (httpVersion != .http2PriorKnowledge || CurlLibrary.reusesPriorKnowledgeConnections)
            }

            /// Whether the configuration asks for TLS trust that URLSession cannot provide.
            var hasCustomTrust: Bool { caCertificateFile != nil || pinnedPublicKey != nil || !trust.isDefault }

            /// The CA file trusted instead of the system store, if any.
            var certificateAuthorityFile: String? {
                if case .file(let path) = trust.certificateAuthorities { return path }
                return caCertificateFile
            }
        }

        /// The HTTP version a transport asks for.
        public enum HTTPVersion: Sendable, Hashable {
            /// HTTP/1.1 only.
            case http1
            /// HTTP/2 over TLS when the server offers it (ALPN), HTTP/1.1 otherwise and over
            /// cleartext.
            case http2
            /// HTTP/2 without negotiation, also over cleartext (h2c with prior knowledge). With a
            /// libcurl older than 8.0.0 (Debian 12 has 7.88.1), which fails every later request on a
            /// reused h2c connection, each request gets a connection of its own.
            case http2PriorKnowledge
        }
    }
#endif
