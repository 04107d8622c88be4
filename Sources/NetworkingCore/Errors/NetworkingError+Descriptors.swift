import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkingError {
    /// Whether the request failed because the process (`EMFILE`) or the whole system (`ENFILE`)
    /// had no file descriptor left for its connection: the fault of neither the server nor the
    /// network, so `isRetryable` is `false`. Raise the limit (`ulimit -n`) or send fewer requests
    /// at once (a transport's connection limits).
    ///
    /// It is `.transport(URLError(.resourceUnavailable))` with the `POSIXError` as its underlying
    /// error.
    public var isOutOfFileDescriptors: Bool {
        guard case .transport(let error) = self, error.code == .resourceUnavailable,
            let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError
        else { return false }
        return posix.code == .EMFILE || posix.code == .ENFILE
    }

    /// The error of a request for which no socket could be opened for want of descriptors
    /// (`code` is `.EMFILE` or `.ENFILE`); `description` is the whole sentence users see.
    package static func outOfFileDescriptors(
        _ code: POSIXErrorCode, description: String, url: URL?
    ) -> NetworkingError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description, NSUnderlyingErrorKey: POSIXError(code)]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return .transport(URLError(.resourceUnavailable, userInfo: info))
    }
}

extension NetworkingError {
    /// How the sentence of a transport failure begins: the part of the exchange that failed.
    enum TransportFailurePlace: Sendable {
        /// No connection was made: "The server could not be reached: …".
        case unreachable
        /// The TLS handshake or the certificate failed: "The secure connection to HOST failed: …"
        /// (without "to HOST" when the error names no URL, and likewise below).
        case secureConnection
        /// An open connection broke or the server ended a stream: "The connection to HOST was lost: …".
        case connection
        /// The server answered something the client cannot read: "The response from HOST could not
        /// be read: …".
        case response
        /// The answer was larger than allowed: "The response from HOST was too large: …".
        case size
        /// A connected exchange stopped moving past its timeout (a server that stopped taking the
        /// request body): "The exchange with HOST stalled: …". Chosen by `stalledExchangeKey`,
        /// whatever the code (`.timedOut`, so that it is still a timeout).
        case stalled
        /// The request itself could not be sent: "The request could not be sent: …".
        case request
        /// The message says it all (a refused redirect, authentication that could not be given).
        case selfExplaining
    }

    /// Where each transport failure happened, by `URLError` code; a code not listed is
    /// `.unreachable`.
    static let transportFailurePlaces: [URLError.Code: TransportFailurePlace] = [
        .timedOut: .unreachable, .cannotConnectToHost: .unreachable, .notConnectedToInternet: .unreachable,
        .cannotFindHost: .unreachable, .dnsLookupFailed: .unreachable, .internationalRoamingOff: .unreachable,
        .dataNotAllowed: .unreachable, .callIsActive: .unreachable,
        .secureConnectionFailed: .secureConnection, .serverCertificateUntrusted: .secureConnection,
        .serverCertificateHasBadDate: .secureConnection, .serverCertificateHasUnknownRoot: .secureConnection,
        .serverCertificateNotYetValid: .secureConnection, .clientCertificateRejected: .secureConnection,
        .clientCertificateRequired: .secureConnection,
        .networkConnectionLost: .connection,
        .badServerResponse: .response, .cannotParseResponse: .response, .cannotDecodeContentData: .response,
        .cannotDecodeRawData: .response, .zeroByteResource: .response,
        .dataLengthExceedsMaximum: .size,
        .badURL: .request, .unsupportedURL: .request, .requestBodyStreamExhausted: .request,
        .cannotOpenFile: .request,
        .httpTooManyRedirects: .selfExplaining, .redirectToNonExistentLocation: .selfExplaining,
        .appTransportSecurityRequiresSecureConnection: .selfExplaining, .userAuthenticationRequired: .selfExplaining,
    ]

    /// The `userInfo` key of a transport error (a timeout) whose connection was made and whose
    /// exchange then stalled; its value is `true`. The sentence then says so instead of "could
    /// not be reached".
    package static let stalledExchangeKey = "NetworkingStalledExchange"

    /// The sentence for a transport failure: where it happened (`transportFailurePlaces`, or
    /// `stalledExchangeKey`), naming the host when the error gives its URL, then what libcurl or
    /// the system said.
    static func transportSentence(_ error: URLError) -> String {
        let message = describe(error)
        let host = error.failingURL?.host.map { " \($0)" } ?? ""
        let stalled = (error as NSError).userInfo[stalledExchangeKey] as? Bool == true
        switch stalled ? .stalled : transportFailurePlaces[error.code] ?? .unreachable {
        case .unreachable: return "The server could not be reached: \(message)"
        case .secureConnection: return "The secure connection\(host.isEmpty ? "" : " to" + host) failed: \(message)"
        case .connection: return "The connection\(host.isEmpty ? "" : " to" + host) was lost: \(message)"
        case .response: return "The response\(host.isEmpty ? "" : " from" + host) could not be read: \(message)"
        case .size: return "The response\(host.isEmpty ? "" : " from" + host) was too large: \(message)"
        case .stalled: return "The exchange\(host.isEmpty ? "" : " with" + host) stalled: \(message)"
        case .request: return "The request could not be sent: \(message)"
        case .selfExplaining: return message.prefix(1).uppercased() + message.dropFirst()
        }
    }
}
