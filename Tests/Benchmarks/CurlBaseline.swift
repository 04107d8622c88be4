#if os(Linux)
    import CCurlShim
    import Foundation
    import FoundationNetworking
    import NetworkingCurl

    /// libcurl on its own, and `CurlTransport` on its own: the floor the transport is measured
    /// against (its goal: a sequential p50 at most 2× curl's own keep-alive latency).
    enum CurlBaseline {
        /// How a baseline handle talks to an HTTPS listener: the CA to trust and the HTTP version.
        struct TLS: Sendable {
            /// The PEM file of the only CA trusted.
            var caFile: String
            /// HTTP/2 by ALPN (`CURL_HTTP_VERSION_2TLS`), or HTTP/1.1 only.
            var http2: Bool
        }

        /// Sets the options a well-configured libcurl user sets for `tls`: the CA file alone, with
        /// the CA directory cleared (Debian's libcurl has one built in, and libcurl caches a loaded
        /// CA store in the multi handle only while no directory is set), and the HTTP version;
        /// over HTTP/2, a new transfer waits for the connection being set up to multiplex on it
        /// (`CURLOPT_PIPEWAIT`) rather than opening one of its own.
        /// Where a baseline handle collects its response body (outlives the handle's transfers).
        final class BodyBuffer {
            var data = Data()
        }

        /// Points `easy` at `url`, with the options of `tls` when given, collecting every response
        /// body into `buffer` (not decoded).
        static func prepare(_ easy: OpaquePointer, url: URL, tls: TLS?, into buffer: BodyBuffer) {
            _ = ncurl_easy_setopt_string(easy, NCURLOPT_URL, url.absoluteString)
            _ = ncurl_easy_setopt_long(easy, NCURLOPT_NOSIGNAL, 1)
            if let tls { configure(easy, tls: tls) }
            _ = ncurl_easy_set_write_callback(
                easy,
                { bytes, size, count, userdata in
                    guard let bytes, let userdata else { return 0 }
                    let buffer = Unmanaged<BodyBuffer>.fromOpaque(userdata).takeUnretainedValue()
                    buffer.data.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: size * count)
                    return size * count
                }, Unmanaged.passUnretained(buffer).toOpaque())
        }

        static func configure(_ easy: OpaquePointer, tls: TLS) {
            _ = ncurl_easy_setopt_string(easy, NCURLOPT_CAINFO, tls.caFile)
            _ = ncurl_easy_setopt_string(easy, NCURLOPT_CAPATH, nil)
            _ = ncurl_easy_setopt_long(easy, NCURLOPT_SSL_VERIFYPEER, 1)
            let version = tls.http2 ? NCURL_HTTP_VERSION_2TLS : NCURL_HTTP_VERSION_1_1
            _ = ncurl_easy_setopt_long(easy, NCURLOPT_HTTP_VERSION, Int(version))
            if tls.http2 { _ = ncurl_easy_setopt_long(easy, NCURLOPT_PIPEWAIT, 1) }
        }

        /// One easy handle reused for every request (`curl_easy_perform`, keep-alive), the body
        /// collected into memory and not decoded: what libcurl costs without any wrapper.
        /// Sequential use only (it blocks the calling thread for the transfer).
        static func libcurl(_ key: String, url: URL, tls: TLS? = nil) throws -> Client {
            let handle = try EasyHandle(url: url, tls: tls)
            return Client(key: key) { try handle.perform(key) }
        }

        /// `CurlTransport.send` alone, with a status check and no decoding.
        static func transport(_ key: String, _ transport: CurlTransport, url: URL) -> Client {
            let request = URLRequest(url: url)
            return Client(key: key) {
                let exchange = try await transport.send(request)
                guard exchange.statusCode == 200, !exchange.body.isEmpty else {
                    throw BenchmarkFailure(description: "\(key): unexpected status \(exchange.statusCode)")
                }
            }
        }

        /// `@unchecked Sendable`: used by one sequential client, one request at a time.
        private final class EasyHandle: @unchecked Sendable {
            private let easy: OpaquePointer
            private let buffer = BodyBuffer()

            init(url: URL, tls: TLS?) throws {
                guard ncurl_load() == 1, let easy = ncurl_easy_init() else {
                    throw BenchmarkFailure(description: "libcurl is not available")
                }
                self.easy = easy
                CurlBaseline.prepare(easy, url: url, tls: tls, into: buffer)
            }

            deinit { ncurl_easy_cleanup(easy) }

            func perform(_ key: String) throws {
                buffer.data.removeAll(keepingCapacity: true)
                let code = ncurl_easy_perform(easy)
                var status = 0
                _ = ncurl_easy_getinfo_long(easy, NCURLINFO_RESPONSE_CODE, &status)
                guard code == 0, status == 200, !buffer.data.isEmpty else {
                    throw BenchmarkFailure(description: "\(key): curl code \(code), HTTP \(status)")
                }
            }
        }
    }
#endif
