import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Record a sequence against httpbin, replay it with no server, get the same results.
final class RecordReplayTests: XCTestCase {
    private struct Person: Codable, Sendable {
        let name: String
        let languages: [String]
        let born: Int
    }

    private let httpbin = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
    /// Nothing listens here: replaying against it proves no request leaves the process.
    private let closedPort = "http://127.0.0.1:1"
    private var directory = URL(fileURLWithPath: NSTemporaryDirectory())

    override func setUp() {
        super.setUp()
        directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("networking-fixtures-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    /// Fails the test with a clear message when httpbin is not reachable.
    private func requireHTTPBin() async throws {
        let probe = Networking(baseURL: httpbin)
        let result: Result<Void, NetworkingError> = await probe.get("/get")
        if case .failure(let error) = result {
            XCTFail("httpbin is not reachable at \(httpbin) (\(error)); start it and set HTTPBIN_BASE_URL")
            throw error
        }
    }

    /// A sequence of requests of every shape, each result reduced to a comparable line.
    private func runSequence(_ networking: Networking) async -> [String] {
        func line(_ result: Result<Data, NetworkingError>) -> String {
            switch result {
            case .success(let data): return "ok \(data.base64EncodedString())"
            case .failure(.http(let error)):
                return "http \(error.statusCode) \(error.metadata.body.base64EncodedString())"
            case .failure(let error): return "error \(error)"
            }
        }
        var lines: [String] = []
        lines.append(line(await networking.get("/get", query: [URLQueryItem(name: "x", value: "1")])))
        lines.append(line(await networking.get("/uuid")))
        lines.append(line(await networking.get("/uuid")))
        lines.append(
            line(await networking.post("/post", body: Person(name: "Ada", languages: ["en", "fr"], born: 1815))))
        lines.append(line(await networking.post("/post", form: ["city": "Oslo", "note": "æøå & more"])))
        lines.append(
            line(
                await networking.post(
                    "/post", parts: [FormDataPart(data: Data("hello".utf8), parameterName: "file", filename: "a.txt")],
                    fields: ["kind": "greeting"])))
        lines.append(
            line(await networking.put("/put", data: Data([0, 1, 2, 255]), contentType: "application/octet-stream")))
        lines.append(line(await networking.get("/bytes/64", query: [URLQueryItem(name: "seed", value: "7")])))
        lines.append(line(await networking.get("/status/418")))
        lines.append(line(await networking.delete("/delete", query: [URLQueryItem(name: "id", value: "3")])))
        return lines
    }

    func testRecordAgainstHTTPBinThenReplayOfflineGivesTheSameResults() async throws {
        try await requireHTTPBin()
        let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: directory)
        let recorded = await runSequence(Networking(baseURL: httpbin, transport: recorder))
        XCTAssertEqual(recorder.recordedFiles.count, recorded.count)
        XCTAssertFalse(recorded.contains { $0.hasPrefix("error") }, "\(recorded)")
        XCTAssertNotEqual(recorded[1], recorded[2], "two /uuid calls answer differently")
        XCTAssertTrue(recorded[8].hasPrefix("http 418"))

        let replay = try ReplayingTransport(directory: directory)
        let replayed = await runSequence(Networking(baseURL: closedPort, transport: replay))

        XCTAssertEqual(replay.entries.count, recorded.count)
        XCTAssertEqual(replayed, recorded)
    }

    func testFixturesAreReadablePrivateAndCarryNoSecret() async throws {
        try await requireHTTPBin()
        let token = "s3cr3t-token-\(UUID().uuidString)"
        let cookie = "cookie-\(UUID().uuidString)"
        let recorder = RecordingTransport(wrapping: URLSessionTransport(), directory: directory)
        let networking = Networking(baseURL: httpbin, transport: recorder)
        await networking.setAuthorizationHeader(token: token)
        await networking.setHeaderFields(["Cookie": "session=\(cookie)"])

        let headers: Result<JSONResponse, NetworkingError> = await networking.get("/headers")
        let setCookie: Result<JSONResponse, NetworkingError> = await networking.get(
            "/response-headers", query: [URLQueryItem(name: "Set-Cookie", value: "session=\(cookie); Path=/")])

        XCTAssertEqual(try headers.get().body["headers"]?.objectValue?["Authorization"]?.stringValue, "Bearer \(token)")
        XCTAssertNoThrow(try setCookie.get())
        XCTAssertEqual(
            recorder.recordedFiles.map(\.lastPathComponent),
            ["0001-GET-headers.json", "0002-GET-response-headers.json"])
        for file in recorder.recordedFiles {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertFalse(text.contains(token), "\(file.lastPathComponent) leaks the token")
            XCTAssertTrue(text.contains("\"method\" : \"GET\""), "fixtures are pretty-printed JSON")
            let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            XCTAssertEqual(permissions, 0o600, file.lastPathComponent)
        }
        let first = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: recorder.recordedFiles[0]))
        XCTAssertEqual(first.request.headers["Authorization"], RecordingTransport.redactionPlaceholder)
        XCTAssertEqual(first.request.headers["Cookie"], RecordingTransport.redactionPlaceholder)
        XCTAssertFalse(first.response.body?.contains(cookie) ?? true, "the echoed cookie is scrubbed from the body")
        let second = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: recorder.recordedFiles[1]))
        let setCookieHeader = second.response.headers.first { $0.key.lowercased() == "set-cookie" }?.value
        XCTAssertEqual(setCookieHeader, RecordingTransport.redactionPlaceholder)
    }

    func testUnmatchedRequestNamesTheNearestFixture() async throws {
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/search", with: .json(["hits": 1]))
        live.stub(.post, "https://api.test/notes", with: FakeResponse(statusCode: 201))
        let recorder = RecordingTransport(wrapping: live, directory: directory)
        let recording = Networking(baseURL: "https://api.test", transport: recorder)
        let _: Result<Void, NetworkingError> = await recording.get(
            "/search", query: [URLQueryItem(name: "q", value: "swift")])
        let _: Result<Void, NetworkingError> = await recording.post("/notes", body: ["text": "first"])

        let replaying = Networking(baseURL: closedPort, transport: try ReplayingTransport(directory: directory))
        let otherQuery: Result<Void, NetworkingError> = await replaying.get(
            "/search", query: [URLQueryItem(name: "q", value: "rust")])
        let otherBody: Result<Void, NetworkingError> = await replaying.post("/notes", body: ["text": "second"])
        let otherPath: Result<Void, NetworkingError> = await replaying.get("/searches")

        assertUnmatched(otherQuery, naming: "0001-GET-search.json", differsIn: "query", request: "GET /search?q=rust")
        assertUnmatched(otherBody, naming: "0002-POST-notes.json", differsIn: "body", request: "POST /notes")
        assertUnmatched(otherPath, naming: "0001-GET-search.json", differsIn: "path", request: "GET /searches")
    }

    private func assertUnmatched(
        _ result: Result<Void, NetworkingError>, naming fixture: String, differsIn part: String, request: String,
        line: UInt = #line
    ) {
        guard case .failure(.transport(let error)) = result else {
            return XCTFail("expected .transport, got \(result)", line: line)
        }
        XCTAssertEqual(error.code, .resourceUnavailable, line: line)
        let message = error.localizedDescription
        XCTAssertTrue(message.contains(request), "names the request: \(message)", line: line)
        XCTAssertTrue(message.contains("nearest fixture is \(fixture)"), "names the fixture: \(message)", line: line)
        XCTAssertTrue(message.contains("differs in \(part)"), "says how it differs: \(message)", line: line)
    }

    func testBodiesMatchRegardlessOfJSONKeyOrderAndMultipartBoundary() async throws {
        let live = InMemoryTransport()
        live.stub(where: { _ in true }, with: .text("recorded"))
        let recorder = RecordingTransport(wrapping: live, directory: directory)
        var json = URLRequest(url: URL(string: "https://api.test/items?b=2&a=1")!)
        json.httpMethod = "POST"
        json.setValue("application/json", forHTTPHeaderField: "Content-Type")
        json.httpBody = Data(#"{"name":"Ada","tags":["x","y"],"id":1}"#.utf8)
        _ = try await recorder.send(json)
        let recording = Networking(baseURL: "https://api.test", transport: recorder)
        let _: Result<Void, NetworkingError> = await recording.post(
            "/upload", parts: [FormDataPart(data: Data("abc".utf8), parameterName: "file", filename: "a.txt")])

        let replay = try ReplayingTransport(directory: directory)
        var reordered = URLRequest(url: URL(string: "https://elsewhere.test:8443/items?a=1&b=2")!)
        reordered.httpMethod = "POST"
        reordered.setValue("application/json", forHTTPHeaderField: "Content-Type")
        reordered.httpBody = Data(#"{ "id": 1, "tags": ["x", "y"], "name": "Ada" }"#.utf8)
        let exchange = try await replay.send(reordered)
        let upload: Result<String, NetworkingError> = await Networking(baseURL: closedPort, transport: replay).post(
            "/upload", parts: [FormDataPart(data: Data("abc".utf8), parameterName: "file", filename: "a.txt")])

        XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "recorded")
        XCTAssertEqual(try upload.get(), "recorded", "a new multipart boundary still matches")
    }

    func testBinaryBodiesAreStoredAsBase64() async throws {
        let bytes = Data([0xFF, 0xD8, 0xFF, 0x00, 0x80])
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/photo", with: .data(bytes, contentType: "image/jpeg"))
        let recorder = RecordingTransport(wrapping: live, directory: directory)
        let _: Result<Data, NetworkingError> = await Networking(baseURL: "https://api.test", transport: recorder).get(
            "/photo")

        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: recorder.recordedFiles[0]))
        XCTAssertEqual(fixture.response.bodyEncoding, .base64)
        XCTAssertEqual(fixture.response.body, bytes.base64EncodedString())
        let replayed: Result<Data, NetworkingError> = await Networking(
            baseURL: closedPort, transport: try ReplayingTransport(directory: directory)
        ).get("/photo")
        XCTAssertEqual(try replayed.get(), bytes)
    }

    /// A secret echoed in a body and followed by a combining mark is one `Character` with the mark, so
    /// a `Character`-wise search misses it; scrubbing compares bytes and still removes it.
    func testAnEchoedSecretFollowedByACombiningMarkIsScrubbed() async throws {
        let secret = "s3cr3t-token-value"
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/echo", with: .text("{\"token\": \"\(secret)\u{301}\"}"))
        let recorder = RecordingTransport(wrapping: live, directory: directory)
        let networking = Networking(baseURL: "https://api.test", transport: recorder)
        await networking.setAuthorizationHeader(token: secret)
        let _: Result<Data, NetworkingError> = await networking.get("/echo")

        let written = try Data(contentsOf: recorder.recordedFiles[0])
        let text = String(decoding: written, as: UTF8.self)
        XCTAssertNil(written.range(of: Data(secret.utf8)), text)
        XCTAssertNotNil(written.range(of: Data("<redacted>".utf8)), text)
    }

    func testAnInvalidFixtureIsReportedByName() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: directory.appendingPathComponent("0001-GET-broken.json"))

        XCTAssertThrowsError(try ReplayingTransport(directory: directory)) { error in
            XCTAssertTrue(error.localizedDescription.contains("0001-GET-broken.json"), error.localizedDescription)
        }
        XCTAssertThrowsError(try ReplayingTransport(directory: directory.appendingPathComponent("missing")))
    }
}
