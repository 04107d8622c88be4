import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a request can fail, categorised by *where* it failed.
///
/// Each case keeps what caused it: the `URLError`, the `HTTPError` with the full response, the
/// `DecodingError` with the response metadata. The set of cases is closed, so a `switch` over them
/// needs no `default`.
///
/// The payloads are boxed (`indirect`): an error is then one reference whose size is known when
/// this module is compiled, where the Foundation values it holds (`URLError`, `DecodingError`,
/// `Data`) would make every `Result` and typed `throws` along a request's path a value sized,
/// allocated and copied at run time. An error is rare; a request that succeeds pays nothing.
public indirect enum NetworkingError: Error, Sendable {
    /// The request could not be built or encoded (a caller-side problem); the reason names what.
    case invalidRequest(String)
    /// The request never produced a response: offline, DNS, TLS, timeout, connection lost. It also
    /// carries, in the `URLError`'s `userInfo`, an error your own code threw (see `hookFailure`)
    /// and a request no test double matched (see `unmatchedRequest`).
    case transport(URLError)
    /// The server answered with a status outside 2xx.
    case http(HTTPError)
    /// A 2xx response whose body did not decode into the requested type (a `JSONMapper` or a
    /// decoding initializer that threw an error of its own is named by `hookFailure`).
    case decoding(DecodingError, ResponseMetadata)
    /// A 2xx response that a `ResponseValidatorInterceptor` rejected.
    case validation(reason: String, ResponseMetadata)
    /// The server's answer was not an HTTP response.
    case invalidResponse
    /// The request was cancelled (its `Task` was cancelled, or the library cancelled it).
    case cancelled
}

extension NetworkingError {
    /// The HTTP status code, for `.http`, `.decoding` and `.validation`.
    public var statusCode: Int? { responseMetadata?.statusCode }

    /// The response (status, headers, full body), for `.http`, `.decoding` and `.validation`.
    public var responseMetadata: ResponseMetadata? {
        switch self {
        case .http(let error): return error.metadata
        case .decoding(_, let metadata), .validation(_, let metadata): return metadata
        case .invalidRequest, .transport, .invalidResponse, .cancelled: return nil
        }
    }

    /// The transport error codes treated as transient: the request may not have reached the
    /// server, or the connection failed underneath it, so trying again can succeed.
    public static let retryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .cannotFindHost, .dnsLookupFailed,
    ]

    /// The HTTP statuses treated as transient: 408 Request Timeout, 429 Too Many Requests
    /// (RFC 6585 §4), 500, 502, 503 and 504 (RFC 9110 §15.6).
    public static let retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Conservative: `true` only for transient transport failures (timeouts, lost or refused
    /// connections, DNS) and the statuses in `retryableStatusCodes`. Other 4xx, decoding and
    /// validation failures, invalid requests and cancellation are final.
    public var isRetryable: Bool {
        switch self {
        case .transport(let error): return Self.retryableURLErrorCodes.contains(error.code)
        case .http(let error): return Self.retryableStatusCodes.contains(error.statusCode)
        case .invalidRequest, .decoding, .validation, .invalidResponse, .cancelled: return false
        }
    }

    /// The error your own code threw (an interceptor, a token provider, a refresh closure, a
    /// validator, a mapper, a decoding initializer: see `hookFailure`), or the cause the library
    /// kept beside a `.transport` error; `nil` otherwise.
    public var underlyingError: (any Error)? {
        if let hookFailure { return hookFailure.error }
        guard case .transport(let error) = self else { return nil }
        return (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
    }

    /// Maps any error to a `NetworkingError`: a `NetworkingError` is returned as is,
    /// `CancellationError` and `URLError.cancelled` become `.cancelled`, a `URLError` becomes
    /// `.transport`, an `EncodingError` becomes `.invalidRequest`, and anything else is wrapped
    /// in `.transport(URLError(.unknown))` with the original kept as `underlyingError`. An error
    /// your code throws inside a request (an interceptor, a token provider, …) is mapped by the
    /// stage that ran it instead, which names your code (see `hookFailure`).
    public init(_ error: any Error) {
        switch error {
        case let error as NetworkingError: self = error
        case is CancellationError: self = .cancelled
        case let error as URLError where error.code == .cancelled: self = .cancelled
        case let error as URLError: self = .transport(error)
        case let error as EncodingError:
            self = .invalidRequest("the request could not be encoded: \(error)")
        default:
            self = .transport(
                URLError(
                    .unknown,
                    userInfo: [
                        NSUnderlyingErrorKey: error, NSLocalizedDescriptionKey: Self.describe(thrown: error),
                    ]))
        }
    }
}

extension NetworkingError: LocalizedError {
    /// A sentence describing what went wrong, for logs and for people.
    public var errorDescription: String? {
        // Your code failed (see `hookFailure`), or a test double had no answer (see
        // `unmatchedRequest`): the message says so, never that the server could not be reached.
        if let hookFailure { return hookFailure.description }
        if let unmatchedRequest { return unmatchedRequest.description }
        switch self {
        case .invalidRequest(let reason):
            return "The request could not be built: \(Self.sentence(reason))"
        case .transport(let error) where isOutOfFileDescriptors:
            // Not the server's fault: the message says whose limit ran out.
            return Self.describe(error)
        case .transport(let error) where error.code == .unknown && underlyingError != nil:
            // An error of another kind, wrapped by `init(_:)`: not a network failure.
            return Self.describe(error)
        case .transport(let error):
            // Where it failed, from one table of codes (see `transportSentence`).
            return Self.transportSentence(error)
        case .http(let error):
            return error.errorDescription
        case .decoding(let error, let metadata):
            return
                "The response (status \(metadata.statusCode)) could not be decoded: "
                + Self.sentence(DecodingError.describe(error))
        case .validation(let reason, let metadata):
            return "The response (status \(metadata.statusCode)) was rejected: \(Self.sentence(reason))"
        case .invalidResponse:
            return "The server's answer was not a valid HTTP response."
        case .cancelled:
            return "The request was cancelled."
        }
    }
}

extension NetworkingError {
    /// `text` ending in a full stop (added unless it already ends a sentence).
    static func sentence(_ text: String) -> String {
        guard let last = text.last else { return "no reason was given." }
        return ".!?".contains(last) ? text : text + "."
    }

    /// The message for an error of a kind the library does not know, wrapped by `init(_:)` where
    /// nothing says which code threw it: its own description when it has one, else its type and
    /// value, never Foundation's "The operation could not be completed".
    static func describe(thrown error: any Error) -> String {
        if let description = (error as? any LocalizedError)?.errorDescription, !description.isEmpty {
            return "The request failed: \(sentence(description))"
        }
        return "The request failed with \(type(of: error)): \(sentence(String(describing: error)))"
    }

    /// A sentence for a transport failure: the message libcurl or the system gave, or one for the
    /// code (on Linux a bare `URLError` only says "NSURLErrorDomain error -1001").
    static func describe(_ error: URLError) -> String {
        if let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty {
            return sentence(text)
        }
        switch error.code {
        case .timedOut: return "the request timed out."
        case .cannotConnectToHost: return "could not connect to the server."
        case .notConnectedToInternet: return "the device is offline."
        case .cannotFindHost, .dnsLookupFailed: return "the server's host name could not be resolved."
        case .networkConnectionLost: return "it broke before the exchange was complete."
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return "the TLS handshake failed or the server's certificate was not trusted."
        case .appTransportSecurityRequiresSecureConnection: return "a secure connection is required."
        case .userAuthenticationRequired: return "the request needs authentication and none could be provided."
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "too many redirects, or a redirect loop."
        case .dataLengthExceedsMaximum: return "the response is larger than allowed."
        case .badURL, .unsupportedURL: return "the URL is not supported."
        case .badServerResponse, .zeroByteResource, .cannotDecodeContentData, .cannotDecodeRawData,
            .cannotParseResponse:
            return "the server's response could not be read."
        default: return "network error \(error.code.rawValue)."
        }
    }
}

extension NetworkingError: CustomStringConvertible {
    /// The same sentence as `errorDescription`.
    public var description: String { errorDescription ?? "NetworkingError" }
}

extension DecodingError {
    /// A one-line description naming the coding path, for messages and logs.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
