import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that sends each request through another transport and writes the exchange to a
/// fixture file, for `ReplayingTransport` to serve later without a server.
///
/// ```swift
/// let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: fixtures)
/// let networking = Networking(baseURL: "http://127.0.0.1:8080", transport: recorder)
/// let _: Result<JSONResponse, NetworkingError> = await networking.get("/get")   // → 0001-GET-get.json
/// ```
///
/// Each exchange that produced an HTTP response (any status) becomes one JSON file,
/// `NNNN-METHOD-path.json`, numbered in completion order after any fixtures already in the
/// directory; it holds the request (method, URL, headers, body) and the response (status, URL,
/// headers, body), bodies as UTF-8 text or Base64, and when the transport measured it, the
/// exchange's timing (for `writeHAR(to:)`). Requests that fail without a response are not
/// recorded. Files are created with permissions 0600 (the directory, when created, 0700) and
/// appear complete or not at all.
///
/// Secrets: the value of every header in `redactedHeaders` (request and response) is written as
/// `redactionPlaceholder`, and those values — whole, the credential after an auth scheme such as
/// `Bearer`, and each cookie value — are also replaced wherever they appear in a text body (an
/// echo service would otherwise write them back into the fixture). Secrets in URLs or in bodies
/// you send yourself are not touched.
///
/// A fixture that cannot be written fails the request with
/// `.transport(URLError(.cannotWriteToFile))` naming the file, rather than leaving a gap that
/// would only show up on replay.
public final class RecordingTransport: HTTPTransport {
    /// The headers redacted unless you pass another set.
    @usableFromInline package static let defaultRedactedHeaders: Set<String> = [
        "Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization",
    ]
    /// What a redacted value is replaced with.
    package static let redactionPlaceholder = SecretRedaction.placeholder

    /// The directory fixtures are written to.
    package let directory: URL
    /// The headers whose values never reach a fixture (compared case-insensitively).
    package let redactedHeaders: Set<String>
    private let next: any HTTPTransport
    private let redaction: SecretRedaction
    private let state = Mutex(State())

    private struct State {
        var nextIndex: Int?
        var files: [URL] = []
    }

    /// Creates a recorder that sends through `transport` and writes fixtures to `directory`
    /// (created when missing), redacting `redactedHeaders`.
    public init(
        wrapping transport: any HTTPTransport, directory: URL,
        redactedHeaders: Set<String> = RecordingTransport.defaultRedactedHeaders
    ) {
        self.next = transport
        self.directory = directory
        self.redactedHeaders = redactedHeaders
        self.redaction = SecretRedaction(redactedHeaders)
    }

    /// The fixture files written so far, in order.
    public var recordedFiles: [URL] { state.withLock { $0.files } }

    /// Sends `request` through the next transport and writes the exchange to a fixture file.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let head = try await request.collectingBody(upTo: TransportRequest.defaultResponseBodyLimit)
        var sent = request
        if let body = request.body, body.data == nil, body.fileURL == nil {
            sent.body = head.httpBody.map(HTTPBody.init)  // a produced body was read here: send what was read
        }
        let exchange = try await next.exchange(for: sent)
        let fixture = makeFixture(head, exchange)
        do {
            try write(fixture)
        } catch {
            throw .transport(
                URLError(
                    .cannotWriteToFile,
                    userInfo: [
                        NSLocalizedDescriptionKey: "RecordingTransport could not write a fixture in \(directory.path): "
                            + "\(error.localizedDescription)"
                    ]))
        }
        return TransportResponse(exchange)
    }

    // MARK: Building the fixture

    func makeFixture(_ request: URLRequest, _ exchange: HTTPExchange) -> Fixture {
        let requestHeaders = HTTPHeaders(request.allHTTPHeaderFields ?? [:])
        let responseHeaders = exchange.responseHeaders
        let secrets =
            redaction.secrets(in: requestHeaders)
            + redaction.secrets(in: HTTPHeaders(exchange.request.allHTTPHeaderFields ?? [:]))
            + redaction.secrets(in: responseHeaders)
        let (requestBody, requestEncoding) = Fixture.encodeBody(RecordedRequest.readBody(of: request))
        let (responseBody, responseEncoding) = Fixture.encodeBody(exchange.body)
        return Fixture(
            request: Fixture.Request(
                method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
                headers: redact(requestHeaders), body: scrub(requestBody, requestEncoding, secrets),
                bodyEncoding: requestEncoding),
            response: Fixture.Response(
                statusCode: exchange.statusCode, url: exchange.head.url?.absoluteString,
                headers: redact(responseHeaders), body: scrub(responseBody, responseEncoding, secrets),
                bodyEncoding: responseEncoding),
            timing: exchange.metrics.map(Fixture.Timing.init))
    }

    private func redact(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers.dictionary {
            result[name] = redaction.value(value, forField: name)
        }
        return result
    }

    /// A text body with the secrets of redacted headers replaced (see `SecretRedaction.scrub`).
    private func scrub(_ body: String?, _ encoding: Fixture.BodyEncoding?, _ secrets: [String]) -> String? {
        guard let text = body, encoding == .utf8 else { return body }
        return redaction.scrub(text, secrets)
    }

    // MARK: Writing

    private func write(_ fixture: Fixture) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(fixture)
        data.append(0x0A)
        try state.withLock { state in
            if state.nextIndex == nil {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                state.nextIndex = FixtureFiles.highestIndex(in: directory) + 1
            }
            let index = state.nextIndex ?? 1
            state.nextIndex = index + 1
            let url = directory.appendingPathComponent(FixtureFiles.name(index: index, for: fixture.request))
            try FixtureFiles.writePrivately(data, to: url)
            state.files.append(url)
        }
    }
}
