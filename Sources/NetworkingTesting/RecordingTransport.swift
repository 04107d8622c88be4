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
/// headers, body), bodies as UTF-8 text or Base64. Requests that fail without a response are not
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
    package static let redactionPlaceholder = "<redacted>"

    /// The directory fixtures are written to.
    package let directory: URL
    /// The headers whose values never reach a fixture (compared case-insensitively).
    package let redactedHeaders: Set<String>
    private let next: any HTTPTransport
    private let lowercasedRedacted: Set<String>
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
        self.lowercasedRedacted = Set(redactedHeaders.map { $0.lowercased() })
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
            secrets(in: requestHeaders) + secrets(in: HTTPHeaders(exchange.request.allHTTPHeaderFields ?? [:]))
            + secrets(in: responseHeaders)
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
                bodyEncoding: responseEncoding))
    }

    private func redact(_ headers: HTTPHeaders) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers.dictionary {
            result[name] = lowercasedRedacted.contains(name.lowercased()) ? Self.redactionPlaceholder : value
        }
        return result
    }

    /// The secret strings carried by redacted headers: each value, the credential after an auth
    /// scheme, and each cookie value; shorter than 4 characters they are too likely to be ordinary
    /// text to scrub.
    private func secrets(in headers: HTTPHeaders) -> [String] {
        var found: [String] = []
        for field in headers where lowercasedRedacted.contains(field.name.lowercased()) {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            found.append(value)
            if let space = value.firstIndex(of: " ") {
                found.append(String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
            for pair in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                found.append(String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        return found.filter { $0.count >= 4 && $0 != Self.redactionPlaceholder }
    }

    /// Replaces every occurrence of each secret in a text body, comparing UTF-8 bytes: matching by
    /// `Character` (as `replacingOccurrences` does on Linux) would miss a secret followed by a
    /// combining mark, and leave it in the fixture.
    private func scrub(_ body: String?, _ encoding: Fixture.BodyEncoding?, _ secrets: [String]) -> String? {
        guard let text = body, encoding == .utf8, !secrets.isEmpty else { return body }
        var bytes = Array(text.utf8)
        let placeholder = Array(Self.redactionPlaceholder.utf8)
        for secret in Set(secrets).sorted(by: { $0.utf8.count > $1.utf8.count }) {
            bytes = Self.replacing(Array(secret.utf8), with: placeholder, in: bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in haystack: [UInt8]) -> [UInt8] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return haystack }
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                result += replacement
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return result
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
