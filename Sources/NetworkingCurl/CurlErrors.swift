#if os(Linux)
    import CCurlShim
    import Foundation
    import Glibc
    import NetworkingCore

    extension CurlTransport {
        /// The `userInfo` key of a transport error under which the libcurl `CURLcode` is kept.
        public static let curlCodeKey = "NetworkingCurlCode"

        /// The `URLError` code a libcurl `CURLcode` corresponds to.
        ///
        /// Timeouts are `.timedOut`; a refused or unreachable host `.cannotConnectToHost`; a name
        /// that does not resolve `.cannotFindHost`; a connection that breaks mid-exchange (partial
        /// body, send/receive failure, empty reply, HTTP/2 stream error) `.networkConnectionLost`;
        /// a TLS handshake failure `.secureConnectionFailed`; a certificate or pinned key that is
        /// not trusted `.serverCertificateUntrusted`. A response libcurl cannot parse is
        /// `.cannotParseResponse`: libcurl 7.88 reports a header line over its limit as "out of
        /// memory", and malformed chunked encoding as a receive error whose message says so.
        package static func urlErrorCode(forCurlCode code: Int32) -> URLError.Code {
            switch code {
            case NCURLE_UNSUPPORTED_PROTOCOL: return .unsupportedURL
            case NCURLE_URL_MALFORMAT: return .badURL
            case NCURLE_COULDNT_RESOLVE_HOST, NCURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost
            case NCURLE_COULDNT_CONNECT, NCURLE_PROXY, NCURLE_QUIC_CONNECT_ERROR: return .cannotConnectToHost
            case NCURLE_OPERATION_TIMEDOUT: return .timedOut
            case NCURLE_WEIRD_SERVER_REPLY: return .badServerResponse
            case NCURLE_PARTIAL_FILE, NCURLE_GOT_NOTHING, NCURLE_SEND_ERROR, NCURLE_RECV_ERROR, NCURLE_HTTP2,
                NCURLE_HTTP2_STREAM, NCURLE_HTTP3, NCURLE_UPLOAD_FAILED:
                return .networkConnectionLost
            case NCURLE_SEND_FAIL_REWIND: return .requestBodyStreamExhausted
            case NCURLE_READ_ERROR: return .cannotOpenFile
            case NCURLE_SSL_CONNECT_ERROR, NCURLE_SSL_CIPHER, NCURLE_SSL_SHUTDOWN_FAILED, NCURLE_SSL_CACERT_BADFILE,
                NCURLE_SSL_CRL_BADFILE:
                return .secureConnectionFailed
            case NCURLE_PEER_FAILED_VERIFICATION, NCURLE_SSL_PINNEDPUBKEYNOTMATCH, NCURLE_SSL_ISSUER_ERROR,
                NCURLE_SSL_INVALIDCERTSTATUS:
                return .serverCertificateUntrusted
            case NCURLE_SSL_CERTPROBLEM: return .clientCertificateRejected
            case NCURLE_SSL_CLIENTCERT: return .clientCertificateRequired
            case NCURLE_BAD_CONTENT_ENCODING: return .cannotDecodeContentData
            case NCURLE_FILESIZE_EXCEEDED: return .dataLengthExceedsMaximum
            case NCURLE_TOO_MANY_REDIRECTS: return .httpTooManyRedirects
            case NCURLE_LOGIN_DENIED: return .userAuthenticationRequired
            case NCURLE_OUT_OF_MEMORY: return .cannotParseResponse
            default: return .unknown
            }
        }

        /// Whether OpenSSL's `message` says the handshake failed on the protocol version: the
        /// server's `protocol_version` alert, or a version the client does not offer (the client
        /// offers TLS 1.2 and later, `CurlTrust.configure`).
        static func isOldTLSVersionRefusal(_ message: String) -> Bool {
            ["alert protocol version", "unsupported protocol", "no protocols available"].contains {
                message.contains($0)
            }
        }

        /// The error of a transfer whose `socket()` failed with `errno` (recorded by the socket
        /// opener), when that was for want of a file descriptor; `nil` for any other errno.
        static func outOfDescriptorsError(_ errno: Int32, url: URL?) -> NetworkingError? {
            guard errno == EMFILE || errno == ENFILE else { return nil }
            var limit = rlimit()
            let known =
                getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
            let host = url?.host ?? "the server"
            let reason =
                errno == EMFILE
                ? "the process ran out of file descriptors"
                    + (known ? " (its limit is \(limit.rlim_cur) open files: `ulimit -n` raises it)" : "")
                : "the system ran out of file descriptors (its table of open files is full)"
            return .outOfFileDescriptors(
                POSIXErrorCode(rawValue: errno) ?? .EMFILE,
                description: "No connection to \(host) could be opened: \(reason).", url: url)
        }

        /// The transport error for a transfer libcurl ended with `code`, sent through `proxy` if
        /// any, or to the Unix socket at `unixSocketPath`; `osErrno` is the `errno` of its last
        /// failed connect (`CurlPathFailure.osErrno`), `0` for none.
        package static func error(
            forCurlCode code: Int32, message: String?, url: URL?, proxy: Proxy? = nil, unixSocketPath: String? = nil,
            osErrno: Int32 = 0
        ) -> NetworkingError {
            let summary = ncurl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error"
            var info = CurlTransfer.userInfo(url, message.map { "\($0) (\(summary))" } ?? summary)
            info[curlCodeKey] = Int(code)
            var urlCode = urlErrorCode(forCurlCode: code)
            if code == NCURLE_RECV_ERROR, message?.lowercased().contains("chunked") == true {
                urlCode = .cannotParseResponse
            }
            // Bytes without a status line, which libcurl takes for an HTTP/0.9 answer and refuses:
            // an unreadable response, not an unsupported URL.
            if code == NCURLE_UNSUPPORTED_PROTOCOL, message?.contains("HTTP/0.9") == true {
                urlCode = .cannotParseResponse
            }
            let host = url?.host ?? "the server"
            if code == NCURLE_SSL_CONNECT_ERROR, let message, isOldTLSVersionRefusal(message) {
                info[NSLocalizedDescriptionKey] =
                    "\(host) offers only TLS versions older than TLS 1.2, which the client refuses "
                    + "(a protocol version mismatch; \(message))"
            }
            if code == NCURLE_SSL_PINNEDPUBKEYNOTMATCH {
                info[NSLocalizedDescriptionKey] =
                    "the public key of the certificate of \(host) did not match any key pinned for it"
                info[NetworkingError.pinnedKeyMismatchKey] = host
            }
            if proxy != nil || unixSocketPath != nil,
                let failure = CurlPathFailure.classify(
                    code, message: message ?? summary, host: host, proxy: proxy, unixSocketPath: unixSocketPath,
                    osErrno: osErrno)
            {
                info[NSLocalizedDescriptionKey] = failure.text
                if let proxy = failure.proxy { info[NetworkingError.proxyFailureKey] = proxy.url }
                urlCode = failure.code
            }
            return .transport(URLError(urlCode, userInfo: info))
        }
    }
#endif
