import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers from fixture files written by `RecordingTransport`, offline.
///
/// ```swift
/// let replay = try ReplayingTransport(directory: fixtures)
/// let networking = Networking(baseURL: "http://127.0.0.1:8080", transport: replay)
/// ```
///
/// A request matches a fixture when the method, the path, the query and the body are the same.
/// Scheme, host and port are ignored, so fixtures recorded against one server replay under any
/// base URL. The query compares as a list of items in any order. Bodies compare after
/// normalisation: JSON with its keys sorted, multipart with its random boundary replaced (see
/// `BodyMatching`). Headers are not compared.
///
/// Fixtures are used in file-name order: each serves one request, so a sequence recorded with
/// repeated requests (a poll, a create then a read) replays in the same order; once every match
/// has been used, the last one keeps answering.
///
/// The response carries the recorded status, headers (`Content-Length` set to the body served,
/// which scrubbing may have shortened) and body.
///
/// An unmatched request fails with `.transport(URLError(.resourceUnavailable))` whose
/// `localizedDescription` names the request, the nearest fixture and how it differs, and whose
/// `unmatchedRequest` holds the request's method and URL.
///
/// `init(harFile:)` replays the entries of a HAR 1.2 file by the same rules, in the file's order.
public final class ReplayingTransport: HTTPTransport {
    /// One loaded fixture.
    package struct Entry: Sendable {
        /// The file name.
        package let name: String
        /// Its contents.
        package let fixture: Fixture
        let key: MatchKey
    }

    /// The fixtures, in file-name order.
    package let entries: [Entry]
    /// The directory they were read from, or the HAR file.
    package let directory: URL
    private let used = Mutex<Set<Int>>([])
    /// How a miss says that there is nothing to replay.
    private let noFixtures: String

    /// Loads every `*.json` fixture in `directory`; throws a `FixtureError` naming the file that
    /// cannot be read or decoded, or when the directory cannot be listed.
    public init(directory: URL) throws {
        self.directory = directory
        self.noFixtures = "the directory has no fixtures"
        let files: [URL]
        do {
            files = try FixtureFiles.list(in: directory)
        } catch {
            throw FixtureError("the fixture directory \(directory.path) cannot be read: \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        for file in files {
            do {
                let fixture = try decoder.decode(Fixture.self, from: Data(contentsOf: file))
                entries.append(Entry(name: file.lastPathComponent, fixture: fixture, key: MatchKey(fixture)))
            } catch {
                throw FixtureError("the fixture \(file.path) is not valid: \(error)")
            }
        }
        self.entries = entries
    }

    /// Replays `fixtures`, each named as given, read from `source`; a miss says `noFixtures`
    /// ("the HAR file has no entries") when there are none.
    package init(fixtures: [(name: String, fixture: Fixture)], source: URL, noFixtures: String) {
        self.directory = source
        self.noFixtures = noFixtures
        self.entries = fixtures.map { Entry(name: $0.name, fixture: $0.fixture, key: MatchKey($0.fixture)) }
    }

    /// Answers with the fixture that matches `request`, or fails when none does.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        if Task.isCancelled { throw .cancelled }
        let request = try await request.collectingBody(upTo: TransportRequest.defaultResponseBodyLimit)
        let key = MatchKey(request)
        let matching = entries.indices.filter { entries[$0].key.differences(from: key).isEmpty }
        guard let last = matching.last else { throw unmatched(request, key) }
        let index = used.withLock { used -> Int in
            let chosen = matching.first { !used.contains($0) } ?? last
            used.insert(chosen)
            return chosen
        }
        let fixture = entries[index].fixture
        let body = fixture.responseBody
        var headers = fixture.response.headers
        for name in headers.keys where name.lowercased() == "content-length" { headers[name] = String(body.count) }
        guard let url = request.url,
            let head = ResponseHead(url: url, statusCode: fixture.response.statusCode, headerFields: headers)
        else { throw .invalidResponse }
        return TransportResponse(request: request, head: head, body: body)
    }

    private func unmatched(_ request: URLRequest, _ key: MatchKey) -> NetworkingError {
        var detail = "ReplayingTransport has no fixture in \(directory.path) for \(key)"
        let ranked = entries.map { entry in (entry, entry.key.differences(from: key)) }
        if let (entry, differences) = ranked.min(by: { MatchKey.closer($0, than: $1, to: key) }) {
            detail += "; the nearest fixture is \(entry.name) (\(entry.key)), which differs in "
            detail += differences.map(\.rawValue).joined(separator: ", ")
        } else {
            detail += "; " + noFixtures
        }
        return .unmatched(
            UnmatchedRequest(
                method: HTTPMethod(rawValue: key.method), url: request.url, testDouble: "ReplayingTransport",
                detail: detail))
    }
}

/// What `ReplayingTransport` compares: method, path, query and normalised body.
struct MatchKey: Sendable, CustomStringConvertible {
    enum Part: String {
        case method, path, query, body
    }

    let method: String
    let path: String
    let query: [RequestPattern.QueryItem]
    let body: Data
    let bodySize: Int

    init(_ fixture: Fixture) {
        let url = URL(string: fixture.request.url)
        let contentType = fixture.request.headers.first { $0.key.lowercased() == "content-type" }?.value
        self.method = fixture.request.method.uppercased()
        self.path = url.map { RequestPattern.path(of: $0) } ?? fixture.request.url
        self.query = url.map { Self.sorted(RequestPattern.queryItems(of: $0)) } ?? []
        self.body = BodyMatching.canonical(fixture.requestBody, contentType: contentType)
        self.bodySize = fixture.requestBody.count
    }

    init(_ request: URLRequest) {
        let body = RecordedRequest.readBody(of: request) ?? Data()
        self.method = (request.httpMethod ?? "GET").uppercased()
        self.path = request.url.map { RequestPattern.path(of: $0) } ?? ""
        self.query = request.url.map { Self.sorted(RequestPattern.queryItems(of: $0)) } ?? []
        self.body = BodyMatching.canonical(body, contentType: request.value(forHTTPHeaderField: "Content-Type"))
        self.bodySize = body.count
    }

    private static func sorted(_ items: [RequestPattern.QueryItem]) -> [RequestPattern.QueryItem] {
        items.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    }

    /// The parts in which `other` differs from this key.
    func differences(from other: MatchKey) -> [Part] {
        var parts: [Part] = []
        if method != other.method { parts.append(.method) }
        if path != other.path { parts.append(.path) }
        if query != other.query { parts.append(.query) }
        if body != other.body { parts.append(.body) }
        return parts
    }

    /// Whether `lhs` is nearer to `key` than `rhs`: a differing method weighs most, then path,
    /// query and body; ties go to the longer common path prefix, then to the earlier fixture.
    static func closer(
        _ lhs: (ReplayingTransport.Entry, [Part]), than rhs: (ReplayingTransport.Entry, [Part]), to key: MatchKey
    ) -> Bool {
        func weight(_ parts: [Part]) -> Int {
            parts.reduce(0) { total, part in
                switch part {
                case .method: return total + 8
                case .path: return total + 4
                case .query: return total + 2
                case .body: return total + 1
                }
            }
        }
        let (left, right) = (weight(lhs.1), weight(rhs.1))
        if left != right { return left < right }
        let leftPrefix = lhs.0.key.path.commonPrefix(with: key.path).count
        let rightPrefix = rhs.0.key.path.commonPrefix(with: key.path).count
        return leftPrefix > rightPrefix
    }

    var description: String {
        var text = "\(method) \(path)"
        if !query.isEmpty { text += "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&") }
        if bodySize > 0 { text += " (body \(bodySize) bytes)" }
        return text
    }
}
