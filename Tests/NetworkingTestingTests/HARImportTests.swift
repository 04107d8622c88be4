import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A HAR file (a browser's, or one the library wrote) replayed as a transport, offline, by the
/// rules of record and replay; a miss names the request, a malformed file says what is wrong.
final class HARImportTests: XCTestCase {
    /// Nothing listens here: replaying against it proves no request leaves the process.
    private let closedPort = "http://127.0.0.1:1"
    private var folder = URL(fileURLWithPath: NSTemporaryDirectory())

    private struct User: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    private struct NewUser: Codable, Sendable {
        let languages: [String]
        let name: String
    }

    /// A HAR file exported from a browser's developer tools (Chrome's shape: pages, HTTP/2
    /// pseudo-fields, compressed responses, a base64 image, a form posted as `params`, a request
    /// blocked by an extension, a 404).
    private static var browserHAR: URL {
        get throws {
            try XCTUnwrap(
                Bundle.module.url(forResource: "browser-session", withExtension: "har", subdirectory: "Fixtures"))
        }
    }

    override func setUp() async throws {
        try await super.setUp()
        folder = try HARSession.makeFolder()
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        try await super.tearDown()
    }

    func testABrowsersHARReplays() async throws {
        let replay = try ReplayingTransport(harFile: Self.browserHAR)
        let networking = Networking(baseURL: closedPort, transport: replay)
        await networking.setLogsToStandardError(false)

        let users: Result<[User], NetworkingError> = await networking.get(
            "/v1/users", query: [URLQueryItem(name: "sort", value: "name"), URLQueryItem(name: "page", value: "2")])
        let created: Result<User, NetworkingError> = await networking.post(
            "/v1/users", body: NewUser(languages: ["en"], name: "Grace"))
        let logo: Result<Data, NetworkingError> = await networking.get("/static/logo.png")
        let login: Result<JSONResponse, NetworkingError> = await networking.post(
            "/v1/login", data: Data("email=ada%40example.com&remember=1".utf8),
            contentType: "application/x-www-form-urlencoded")
        let missing: Result<User, NetworkingError> = await networking.get("/v1/users/99")

        XCTAssertEqual(try users.get(), [User(id: 21, name: "Katherine"), User(id: 22, name: "Dorothy")])
        XCTAssertEqual(try created.get(), User(id: 3, name: "Grace"))
        let png = try logo.get()
        XCTAssertEqual(png.count, 70)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "base64 decoded")
        XCTAssertEqual(try login.get().body["ok"]?.boolValue, true, "a form posted as params matches")
        guard case .failure(.http(let error)) = missing else { return XCTFail("expected a 404, got \(missing)") }
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertTrue(error.metadata.bodySnippet.contains("No user 99"), error.metadata.bodySnippet)
        XCTAssertEqual(replay.entries.count, 5, "the blocked request (status 0) has nothing to replay")
        XCTAssertNil(
            replay.entries[0].fixture.response.headers.keys.first { $0.lowercased() == "content-encoding" },
            "the body is decoded, so its Content-Encoding is not replayed")
    }

    func testHaralyzerReadsTheBrowsersHARAsABrowsersExport() async throws {
        let summary = try await HARalyzer.summary(of: Self.browserHAR)

        XCTAssertEqual(summary.creator.name, "WebInspector")
        XCTAssertEqual(summary.entries.map(\.status), [200, 201, 200, 200, 0, 404])
        XCTAssertEqual(summary.entries[2].textEncoding, "base64")
    }

    func testARoundTrippedExportOfAnHTTPBinSessionReplaysTheSameResults() async throws {
        try await HARSession.requireHTTPBin()
        let har = HARCollector()
        let live = Networking(baseURL: HARSession.httpbin)
        await live.setLogsToStandardError(false)
        await live.addObserver(har)
        let recorded = await HARSession.run(live)
        let file = folder.appendingPathComponent("httpbin.har")
        try har.write(to: file)

        let offline = Networking(baseURL: closedPort, transport: try ReplayingTransport(harFile: file))
        await offline.setLogsToStandardError(false)
        let replayed = await HARSession.run(offline)

        XCTAssertFalse(recorded.contains { $0.hasPrefix("error") }, "\(recorded)")
        XCTAssertTrue(recorded[2].hasPrefix("http 404"), recorded[2])
        XCTAssertEqual(replayed, recorded)
    }

    func testARoundTrippedExportReplaysRepeatedRequestsInOrder() async throws {
        let live = InMemoryTransport()
        let counter = Counter()
        live.stub(.get, "https://api.test/uuid") { _ in .text("answer \(counter.next())") }
        live.stub(
            .get, "https://api.test/photo", with: .data(Data([0xFF, 0xD8, 0x00, 0x80]), contentType: "image/jpeg"))
        let har = HARCollector()
        let recording = Networking(baseURL: "https://api.test", transport: live)
        await recording.addObserver(har)
        var recorded: [Data] = []
        for path in ["/uuid", "/uuid", "/photo"] {
            let result: Result<Data, NetworkingError> = await recording.get(path)
            recorded.append(try result.get())
        }
        let file = folder.appendingPathComponent("offline.har")
        try har.write(to: file)

        let offline = Networking(baseURL: closedPort, transport: try ReplayingTransport(harFile: file))
        var replayed: [Data] = []
        for path in ["/uuid", "/uuid", "/photo", "/uuid"] {
            let result: Result<Data, NetworkingError> = await offline.get(path)
            replayed.append(try result.get())
        }

        XCTAssertEqual(
            replayed, recorded + [recorded[1]], "each entry serves once, then the last match keeps answering")
    }

    func testARequestNothingMatchesFailsNamingItAndTheNearestEntry() async throws {
        let networking = Networking(baseURL: closedPort, transport: try ReplayingTransport(harFile: Self.browserHAR))
        await networking.setLogsToStandardError(false)

        let result: Result<Data, NetworkingError> = await networking.get(
            "/v1/users", query: [URLQueryItem(name: "page", value: "3")])

        guard case .failure(let error) = result else { return XCTFail("expected a miss, got \(result)") }
        let unmatched = try XCTUnwrap(error.unmatchedRequest, "\(error)")
        XCTAssertEqual(unmatched.method, .get)
        XCTAssertEqual(unmatched.url?.absoluteString, "\(closedPort)/v1/users?page=3")
        XCTAssertEqual(unmatched.testDouble, "ReplayingTransport")
        XCTAssertFalse(error.isRetryable)
        let message = error.localizedDescription
        XCTAssertTrue(message.hasPrefix("No fake, stub or mock matched GET \(closedPort)/v1/users?page=3."), message)
        XCTAssertTrue(message.contains("browser-session.har"), message)
        XCTAssertTrue(message.contains("the nearest fixture is entry 1 (GET /v1/users?"), message)
        XCTAssertTrue(message.contains("differs in query"), message)
    }

    func testAHARWithoutResponsesSaysSoOnAMiss() async throws {
        let file = try write(#"{"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": []}}"#)
        let networking = Networking(baseURL: closedPort, transport: try ReplayingTransport(harFile: file))
        await networking.setLogsToStandardError(false)

        let result: Result<Data, NetworkingError> = await networking.delete("/items/1")

        guard case .failure(let error) = result else { return XCTFail("expected a miss, got \(result)") }
        let unmatched = try XCTUnwrap(error.unmatchedRequest, "\(error)")
        XCTAssertEqual(unmatched.method, .delete)
        XCTAssertTrue(unmatched.detail.hasSuffix("the HAR file has no entries with a response"), unmatched.detail)
    }

    func testAMalformedHARFailsWithATypedErrorSayingWhatIsWrong() throws {
        let entry = #"{"request": {"method": "GET", "url": "https://a.test/x"}, "response": RESPONSE}"#
        func har(_ response: String) -> String {
            #"{"log": {"entries": [ENTRY]}}"#.replacingOccurrences(
                of: "ENTRY", with: entry.replacingOccurrences(of: "RESPONSE", with: response))
        }
        let cases: [(String, String)] = [
            ("<html>not a HAR</html>", "it is not JSON"),
            (#"{"entries": []}"#, "log is missing"),
            (#"{"log": {"entries": {}}}"#, "log.entries is not a list"),
            (har(#"{"headers": []}"#), "log.entries[0].response.status is missing"),
            (har(#"{"status": "200"}"#), "log.entries[0].response.status is not a whole number"),
            (
                har(#"{"status": 200, "headers": [{"name": "A"}]}"#),
                "log.entries[0].response.headers[0].value is missing"
            ),
            (
                har(#"{"status": 200, "content": {"text": "%%%", "encoding": "base64"}}"#),
                "log.entries[0].response.content.text is not valid base64"
            ),
            (
                har(#"{"status": 200, "content": {"text": "x", "encoding": "gzip"}}"#),
                "log.entries[0].response.content has the encoding \"gzip\", which is not supported"
            ),
            (har(#"{"status": 2000}"#), "log.entries[0].response.status is not a status code: 2000"),
            (
                #"{"log": {"entries": [{"request": {"method": "GET", "url": "/relative"}, "response": {"status": 200}}]}}"#,
                "log.entries[0].request.url is not an absolute URL: /relative"
            ),
        ]
        for (index, (text, reason)) in cases.enumerated() {
            let file = try write(text, name: "malformed-\(index).har")
            do {
                _ = try ReplayingTransport(harFile: file)
                XCTFail("\(reason): accepted")
            } catch {
                // `error` is a `FixtureError`: the initializer's typed throw.
                let message = error.message
                XCTAssertTrue(message.hasPrefix("the HAR file \(file.path) is not valid: \(reason)"), message)
                XCTAssertEqual(error.localizedDescription, message)
            }
        }
        do {
            _ = try ReplayingTransport(harFile: folder.appendingPathComponent("absent.har"))
            XCTFail("a missing file is accepted")
        } catch {
            XCTAssertTrue(
                error.message.hasPrefix("the HAR file \(folder.path)/absent.har cannot be read"), error.message)
        }
    }

    private func write(_ text: String, name: String = "file.har") throws -> URL {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Counts the answers of a stub, which runs on the transport's tasks.
    private final class Counter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }
}
