#if os(Linux)
    import Foundation
    import NetworkingCore

    extension CurlTransport {
        /// How a `CurlTransport` connects and what it accepts.
        public struct Configuration: Sendable {
            /// How redirects are followed (libcurl never follows them itself).
            public var redirectPolicy: RedirectPolicy
            /// The largest response body collected in memory, in bytes; a larger body fails with
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
            /// A PEM file of CA certificates to trust instead of the system store, for servers
            /// with a private CA.
            public var caCertificateFile: String?
            /// A public key the server's certificate must carry: `sha256//<base64 of the
            /// SHA-256 of the DER SubjectPublicKeyInfo>` (several joined with `;`), or the path
            /// of a PEM or DER public key. A mismatch fails with `.serverCertificateUntrusted`.
            public var pinnedPublicKey: String?
            /// The most connections open to one host at once; `0` for no limit. Requests beyond it
            /// wait for a connection to be free (over HTTP/2 they share one connection). With a
            /// limit, all requests to one host go through one event loop.
            public var maximumConnectionsPerHost: Int
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
            /// How long the event-loop thread keeps polling without blocking, after it handled
            /// something while transfers are in flight, before it sleeps, and how long a sending
            /// thread that runs its lone request (`loneRequestInterval`) looks for the response
            /// without finding it, yielding the processor between looks, before it hands the
            /// request to the event-loop thread; in seconds, `0` turns both off.
            ///
            /// Waking a sleeping thread is slow on virtual machines (tens of microseconds).
            /// Polling a little longer catches a response or a request that arrives within that
            /// time without a wakeup, and a sending thread that yields lets a server on the same
            /// processor answer at once. Each stops polling while its wake-ups come later than
            /// this (a distant server) and starts again after one that came sooner. Measured with
            /// `make bench` on a 2-vCPU VM against a loopback server: sequential requests run by
            /// the sending thread took 49–53 µs (p50) with this polling and 66–74 µs without,
            /// and less CPU (35–37 against 45–49 µs per request); with the other vCPU kept busy,
            /// 59–60 against 68–70 µs.
            public var busyPollInterval: TimeInterval
            /// How long a request alone in flight may be run by the sending thread itself, in
            /// seconds; `0` turns it off.
            ///
            /// A request handed to the event-loop thread crosses threads twice (to the loop, and
            /// back to the waiting task), and waking a thread costs tens of microseconds on a
            /// virtual machine, as long as a loopback server takes to answer. So when nothing else
            /// is in flight and the loop is idle, the sending thread runs the request on the loop's
            /// multi handle itself for at most this long, looking at the socket without ever
            /// blocking (a thread of Swift's cooperative pool must not block in a system call)
            /// while looks keep finding something within `busyPollInterval`; otherwise the loop
            /// thread takes the transfer over and the task suspends.
            /// Whether to do it is decided by measurement (`CurlLonePolling`): only while lone
            /// requests run that way have been faster than those handed over, and never while
            /// responses take more than twice this interval. Measured with `make bench` on a
            /// 2-vCPU VM against a loopback server: sequential requests took 66–78 µs (p50) this
            /// way, 49–53 µs with the polling of `busyPollInterval`, against 87–115 µs handed over
            /// (libcurl's own `curl_easy_perform`: 38 µs).
            public var loneRequestInterval: TimeInterval

            /// Creates a configuration; every parameter has a default.
            public init(
                redirectPolicy: RedirectPolicy = .default,
                maxResponseBodySize: Int = URLSessionTransport.defaultMaxResponseBodySize,
                connectTimeout: TimeInterval = 60, totalTimeout: TimeInterval? = nil,
                httpVersion: HTTPVersion = .http2, caCertificateFile: String? = nil, pinnedPublicKey: String? = nil,
                maximumConnectionsPerHost: Int = 0, userAgent: String? = Configuration.defaultUserAgent,
                busyPollInterval: TimeInterval = Configuration.defaultBusyPollInterval,
                loneRequestInterval: TimeInterval = Configuration.defaultLoneRequestInterval,
                eventLoopCount: Int = 1
            ) {
                self.redirectPolicy = redirectPolicy
                self.maxResponseBodySize = maxResponseBodySize
                self.connectTimeout = connectTimeout
                self.totalTimeout = totalTimeout
                self.httpVersion = httpVersion
                self.caCertificateFile = caCertificateFile
                self.pinnedPublicKey = pinnedPublicKey
                self.maximumConnectionsPerHost = maximumConnectionsPerHost
                self.userAgent = userAgent
                self.busyPollInterval = busyPollInterval
                self.loneRequestInterval = loneRequestInterval
                self.eventLoopCount = eventLoopCount
            }

            /// 150 µs: about what a request to a nearby server takes to come back.
            public static let defaultBusyPollInterval: TimeInterval = 0.000_150

            /// 1 ms: libcurl's poll counts milliseconds, and a server that answers later is not
            /// worth blocking a cooperative thread for.
            public static let defaultLoneRequestInterval: TimeInterval = 0.001

            /// `NetworkingCurl libcurl/<version>`.
            public static var defaultUserAgent: String { "NetworkingCurl libcurl/\(CurlLibrary.version ?? "unknown")" }

            /// Whether requests to an origin may share one connection by HTTP/2 multiplexing: https
            /// with `.http2`, or h2c (`.http2PriorKnowledge`).
            func mayMultiplex(isHTTPS: Bool) -> Bool {
                httpVersion == .http2PriorKnowledge || (httpVersion == .http2 && isHTTPS)
            }

            /// Whether the configuration asks for TLS trust that URLSession cannot provide.
            var hasCustomTrust: Bool { caCertificateFile != nil || pinnedPublicKey != nil }
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
