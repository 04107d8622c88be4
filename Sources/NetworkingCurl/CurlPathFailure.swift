#if os(Linux)
    import CCurlShim
    import Foundation
    import Glibc
    import NetworkingCore

    /// What a failed transfer means for the way it took to its server: a proxy that could not be
    /// reached, refused the credentials or would not reach the server, or a Unix socket nothing
    /// accepted the connection on.
    ///
    /// Decided from what the path was (the proxy the request went through, the socket every
    /// connection goes to) and libcurl's code, not from libcurl's message, which for a failed
    /// connect names the address it tried (for a Unix socket, the URL's host and port).
    struct CurlPathFailure {
        /// The `URLError` code of the failure.
        let code: URLError.Code
        /// Its description, a sentence without its full stop.
        let text: String
        /// The proxy that caused it, if one did.
        let proxy: Proxy?

        /// libcurl's `CURLINFO_OS_ERRNO`: the `errno` of the last failed connect.
        private static let osErrnoInfo: Int32 = 0x20_0019

        /// The `errno` of the last connect `easy` failed, `0` when there was none.
        static func osErrno(_ easy: OpaquePointer) -> Int32 {
            var value = 0
            _ = ncurl_easy_getinfo_long(easy, osErrnoInfo, &value)
            return Int32(truncatingIfNeeded: value)
        }

        /// The failure `code` (a `CURLcode`, with libcurl's `message`) stands for on the way to
        /// `host` through `proxy` or to `unixSocketPath`, whose connect failed with `osErrno`;
        /// `nil` when the way did not cause it.
        static func classify(
            _ code: Int32, message: String, host: String, proxy: Proxy?, unixSocketPath: String?, osErrno: Int32
        ) -> CurlPathFailure? {
            if let unixSocketPath, code == NCURLE_COULDNT_CONNECT {
                let reason = osErrno != 0 ? String(cString: strerror(osErrno)) : "nothing accepted the connection"
                return CurlPathFailure(
                    code: .cannotConnectToHost,
                    text: "could not connect to the Unix socket \(unixSocketPath): \(reason)",
                    proxy: nil)
            }
            guard let proxy else { return nil }
            return proxyFailure(code, message: message, proxy: proxy, host: host, osErrno: osErrno)
        }

        /// What a failure through `proxy` means, when the proxy caused it: it refused the
        /// credentials (`.userAuthenticationRequired`: trying again cannot help), or could not be
        /// reached, or would not connect to `host` (`.cannotConnectToHost`). A request through a
        /// proxy connects to the proxy alone (the proxy connects to the server), so a connect
        /// that failed was a connect to the proxy.
        private static func proxyFailure(_ code: Int32, message: String, proxy: Proxy, host: String, osErrno: Int32)
            -> CurlPathFailure?
        {
            func failure(_ code: URLError.Code, _ text: String) -> CurlPathFailure {
                CurlPathFailure(code: code, text: text, proxy: proxy)
            }
            let lowered = message.lowercased()
            if code == NCURLE_RECV_ERROR, let range = lowered.range(of: "connect tunnel failed, response ") {
                let status = Int(lowered[range.upperBound...].prefix { $0.isNumber }) ?? 0
                if status == 401 || status == 407 {
                    return failure(
                        .userAuthenticationRequired,
                        "the proxy \(proxy.url) rejected the request's proxy credentials "
                            + "(it answered CONNECT with \(status)), so nothing was sent to \(host)")
                }
                return failure(
                    .cannotConnectToHost,
                    "the proxy \(proxy.url) would not open a tunnel to \(host) (it answered \(status))")
            }
            if code == NCURLE_COULDNT_CONNECT {
                let reason = osErrno != 0 ? String(cString: strerror(osErrno)) : message
                return failure(
                    .cannotConnectToHost,
                    "could not connect to the proxy \(proxy.url) (\(reason)), so nothing was sent to \(host)")
            }
            if code == NCURLE_PROXY || code == NCURLE_COULDNT_RESOLVE_PROXY {
                if lowered.contains("user was rejected") || lowered.contains("authentication") {
                    return failure(
                        .userAuthenticationRequired,
                        "the SOCKS proxy \(proxy.url) rejected the request's proxy credentials, "
                            + "so nothing was sent to \(host)")
                }
                return failure(.cannotConnectToHost, "the proxy \(proxy.url) failed the request to \(host): \(message)")
            }
            return nil
        }
    }
#endif
