import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a client did, written as a HAR 1.2 file that an independent reader (haralyzer) loads with
/// the right entries, statuses and timings; redacted, private, with or without bodies.
final class HARExportTests: XCTestCase {
    private var folder = URL(fileURLWithPath: NSTemporaryDirectory())

    override func setUp() async throws {
        try await super.setUp()
        folder = try HARSession.makeFolder()
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        try await super.tearDown()
    }

    func testAnHTTPBinSessionLoadsInHaralyzerWithItsEntriesStatusesAndTimings() async throws {
        try await HARSession.requireHTTPBin()
        let har = HARCollector()
        let networking = Networking(baseURL: HARSession.httpbin)
        await networking.setLogsToStandardError(false)
        await networking.addObserver(har)
        let lines = await HARSession.run(networking)
        let file = folder.appendingPathComponent("session.har")
        try har.write(to: file)

        let summary = try await HARalyzer.summary(of: file)

        XCTAssertEqual(summary.version, "1.2")
        XCTAssertEqual(summary.creator.name, "Networking")
        let completions = har.completions
        XCTAssertEqual(summary.entries.count, 4)
        XCTAssertEqual(summary.entries.map(\.method), ["GET", "POST", "GET", "GET"])
        XCTAssertEqual(summary.entries.map(\.url), completions.map { $0.context.url?.absoluteString ?? "" })
        XCTAssertEqual(summary.entries.map(\.status), [200, 200, 404, 200])
        XCTAssertEqual(summary.entries.map(\.statusText), ["OK", "OK", "Not Found", "OK"])
        guard summary.entries.count == 4, completions.count == 4 else { return }
        let (get, post, missing, bytes) = (
            summary.entries[0], summary.entries[1], summary.entries[2], summary.entries[3]
        )

        XCTAssertEqual(get.queryString.map { "\($0.name)=\($0.value)" }, ["x=1", "city=Zürich"])
        XCTAssertEqual(get.requestHeader("Accept"), "application/json")
        XCTAssertTrue(get.text?.contains("\"args\"") ?? false, get.text ?? "no text")
        XCTAssertEqual(post.requestMimeType?.hasPrefix("application/json"), true)
        let sent = try JSONSerialization.jsonObject(with: Data((post.requestText ?? "").utf8)) as? NSDictionary
        XCTAssertEqual(sent, ["name": "Ada", "born": 1815] as NSDictionary)
        XCTAssertEqual(post.requestBodySize, post.requestText?.utf8.count)
        XCTAssertTrue(missing.mimeType.hasPrefix("text/html"), missing.mimeType)
        XCTAssertEqual(bytes.textEncoding, "base64")
        XCTAssertEqual(bytes.contentSize, 64)
        XCTAssertEqual(
            bytes.text.flatMap { Data(base64Encoded: $0) }?.base64EncodedString(), String(lines[3].dropFirst(3)))

        for (entry, completion) in zip(summary.entries, completions) {
            try assertTimings(entry, of: completion)
        }
    }

    /// The entry's timings are the completion's metrics in milliseconds (`-1` where not measured),
    /// and its time their sum.
    private func assertTimings(_ entry: HARalyzer.Entry, of completion: RequestCompletion) throws {
        let metrics = try XCTUnwrap(completion.metrics, "the default transport measures every request")
        let timings = entry.timings
        XCTAssertEqual(
            Set(timings.keys), ["blocked", "dns", "connect", "ssl", "send", "wait", "receive"], entry.url)
        func milliseconds(_ seconds: TimeInterval?) -> Double { seconds.map { $0 * 1000 } ?? -1 }
        XCTAssertEqual(timings["dns"] ?? .nan, milliseconds(metrics.domainLookup), accuracy: 0.001, entry.url)
        XCTAssertEqual(timings["connect"] ?? .nan, milliseconds(metrics.connect), accuracy: 0.001, entry.url)
        XCTAssertEqual(timings["ssl"] ?? .nan, milliseconds(metrics.secureConnection), accuracy: 0.001, entry.url)
        XCTAssertEqual(timings["blocked"] ?? .nan, milliseconds(metrics.queueTime), accuracy: 0.001, entry.url)
        XCTAssertEqual(timings["send"], 0, entry.url)
        for phase in ["wait", "receive"] {
            XCTAssertGreaterThanOrEqual(timings[phase] ?? -1, 0, "\(phase) \(entry.url)")
        }
        let sum = ["blocked", "dns", "connect", "send", "wait", "receive"].compactMap { timings[$0] }.filter { $0 > 0 }
            .reduce(0, +)
        XCTAssertEqual(entry.time, sum, accuracy: 0.01, "time is the sum of the measured phases: \(entry.url)")
        let blocked = max(0, timings["blocked"] ?? 0)
        XCTAssertEqual(entry.time, blocked + metrics.duration * 1000, accuracy: 0.01, entry.url)
        XCTAssertGreaterThan(entry.time, 0, entry.url)
        if let firstByte = metrics.timeToFirstByte {
            let setUp = max(0, timings["dns"] ?? 0) + max(0, timings["connect"] ?? 0)
            XCTAssertEqual(setUp + (timings["wait"] ?? 0), max(firstByte * 1000, setUp), accuracy: 0.01, entry.url)
        }
        let started = try XCTUnwrap(entry.startTime, "haralyzer reads startedDateTime: \(entry.url)")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let second = try XCTUnwrap(formatter.date(from: String(started.prefix(19))), started)
        XCTAssertEqual(
            second.timeIntervalSince1970, metrics.startDate.timeIntervalSince1970.rounded(.down), accuracy: 1)
    }

    func testMeasuredPhasesBecomeTheirTimingsAndTheOthersMinusOne() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000.25)
        let measured = TransactionMetrics(
            startDate: start, endDate: start.addingTimeInterval(0.2), domainLookup: 0.012, connect: 0.03,
            secureConnection: 0.02, timeToFirstByte: 0.08, responseBodyBytes: 5, networkProtocol: "h2",
            queueTime: 0.005)
        let transport = ClosureTransport { (request) throws(NetworkingError) in
            let sent = try await request.collectingBody()
            guard let url = sent.url, let head = ResponseHead(url: url, statusCode: 200, headerFields: [:]) else {
                throw .invalidResponse
            }
            let metrics =
                url.path == "/measured"
                ? measured : TransactionMetrics(startDate: start, endDate: start.addingTimeInterval(0.2))
            return TransportResponse(request: sent, head: head, body: Data("hello".utf8), metrics: metrics)
        }
        let har = HARCollector()
        let networking = Networking(baseURL: "https://api.test", transport: transport)
        await networking.addObserver(har)
        let _: Result<Data, NetworkingError> = await networking.get("/measured")
        let _: Result<Data, NetworkingError> = await networking.get("/unmeasured")

        let entries = try JSONDecoder().decode(HARDocument.self, from: har.harData()).log.entries
        let timings = entries.compactMap(\.timings).map {
            [$0.blocked, $0.dns, $0.connect, $0.ssl, $0.send, $0.wait, $0.receive].map { $0 ?? .nan }
        }

        XCTAssertEqual(entries.map(\.startedDateTime), ["2027-01-15T08:00:00.250Z", "2027-01-15T08:00:00.250Z"])
        XCTAssertEqual(timings.first, [5, 12, 30, 20, 0, 38, 120], "wait runs from the connection to the first byte")
        XCTAssertEqual(entries.first?.time, 205)
        XCTAssertEqual(entries.first?.response.httpVersion, "HTTP/2")
        XCTAssertEqual(timings.last, [-1, -1, -1, -1, 0, 200, 0], "the time no phase accounts for is wait")
        XCTAssertEqual(entries.last?.time, 200)
        XCTAssertEqual(entries.last?.response.httpVersion, "", "an unknown protocol is not made up")
    }

    func testRedactedFieldsAndTheSecretsTheyCarryAreHiddenInTheFile() async throws {
        let token = "token-\(UUID().uuidString)"
        let session = "session-\(UUID().uuidString)"
        let apiKey = "key-\(UUID().uuidString)"
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/echo") { request in
            .json(
                ["headers": request.headers.dictionary],
                headers: ["Set-Cookie": "session=\(session); Path=/; HttpOnly", "X-Api-Key": apiKey])
        }
        let har = HARCollector(redactedHeaders: RecordingTransport.defaultRedactedHeaders.union(["x-api-key"]))
        let networking = Networking(baseURL: "https://api.test", transport: live)
        await networking.addObserver(har)
        await networking.setAuthorizationHeader(token: token)
        await networking.setHeaderFields(["Cookie": "session=\(session); theme=dark", "X-Api-Key": apiKey])
        let echoed: Result<Data, NetworkingError> = await networking.get("/echo")
        XCTAssertTrue(String(decoding: try echoed.get(), as: UTF8.self).contains(token), "the server echoes the token")

        let file = folder.appendingPathComponent("redacted.har")
        try har.write(to: file)

        let text = try String(contentsOf: file, encoding: .utf8)
        for secret in [token, session, apiKey] { XCTAssertFalse(text.contains(secret), "the file leaks \(secret)") }
        let entry = try XCTUnwrap(
            try JSONDecoder().decode(HARDocument.self, from: Data(contentsOf: file)).log.entries.first)
        func value(_ name: String, in fields: [HARDocument.NameValue]?) -> String? {
            fields?.first { $0.name.lowercased() == name.lowercased() }?.value
        }
        for name in ["Authorization", "Cookie", "X-Api-Key"] {
            XCTAssertEqual(value(name, in: entry.request.headers), "<redacted>", name)
        }
        XCTAssertEqual(value("Accept", in: entry.request.headers), "application/json", "other fields are kept")
        XCTAssertEqual(entry.request.cookies?.map(\.name), ["session", "theme"])
        XCTAssertEqual(entry.request.cookies?.map(\.value), ["<redacted>", "<redacted>"])
        XCTAssertEqual(value("Set-Cookie", in: entry.response.headers), "<redacted>")
        XCTAssertEqual(value("X-Api-Key", in: entry.response.headers), "<redacted>")
        let cookie = try XCTUnwrap(entry.response.cookies?.first)
        XCTAssertEqual([cookie.name, cookie.value, cookie.path], ["session", "<redacted>", "/"])
        XCTAssertEqual(cookie.httpOnly, true)
        XCTAssertTrue(entry.response.content?.text?.contains("<redacted>") ?? false, "the echo is scrubbed")
    }

    func testTheFileIsReadableByItsOwnerOnlyAndReplacedWhole() async throws {
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/a", with: .text("first"))
        let har = HARCollector()
        let networking = Networking(baseURL: "https://api.test", transport: live)
        await networking.addObserver(har)
        let _: Result<Data, NetworkingError> = await networking.get("/a")
        let file = folder.appendingPathComponent("private.har")
        try Data("an older file".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)

        try har.write(to: file)
        let _: Result<Data, NetworkingError> = await networking.get("/a")
        try har.write(to: file)

        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["private.har"])
        let document = try JSONDecoder().decode(HARDocument.self, from: Data(contentsOf: file))
        XCTAssertEqual(document.log.entries.count, 2)
        XCTAssertThrowsError(try har.write(to: folder.appendingPathComponent("missing/session.har")))
    }

    func testBodiesAreDroppedWhenAskedAndTheirSizesKept() async throws {
        let live = InMemoryTransport()
        live.stub(.post, "https://api.test/people", with: .json(["id": 7], statusCode: 201))
        let har = HARCollector(includesBodies: false)
        let networking = Networking(baseURL: "https://api.test", transport: live)
        await networking.addObserver(har)
        let _: Result<Data, NetworkingError> = await networking.post(
            "/people", body: HARSession.Person(name: "Ada", born: 1815))

        let entry = try XCTUnwrap(try JSONDecoder().decode(HARDocument.self, from: har.harData()).log.entries.first)
        XCTAssertNil(entry.request.postData)
        XCTAssertEqual(entry.request.bodySize, live.requests.first?.body?.count)
        XCTAssertNil(entry.response.content?.text)
        XCTAssertEqual(entry.response.content?.size, #"{"id":7}"#.utf8.count)
        XCTAssertEqual(entry.response.status, 201)
    }

    func testARequestThatGotNoResponseIsAnEntryWithStatusZeroAndItsError() async throws {
        let live = InMemoryTransport()
        live.stub(.get, "https://api.test/offline", with: .failure(.transport(URLError(.notConnectedToInternet))))
        let har = HARCollector()
        let networking = Networking(baseURL: "https://api.test", transport: live)
        await networking.setLogsToStandardError(false)
        await networking.addObserver(har)
        let _: Result<Data, NetworkingError> = await networking.get("/offline")

        let entry = try XCTUnwrap(try JSONDecoder().decode(HARDocument.self, from: har.harData()).log.entries.first)
        XCTAssertEqual(entry.response.status, 0)
        XCTAssertEqual(entry.request.url, "https://api.test/offline")
        XCTAssertFalse(entry.error?.isEmpty ?? true, "the error is kept in _error")
        XCTAssertGreaterThanOrEqual(entry.time ?? -1, 0)
    }

    func testARecordersRecordingsExportWithTheirRedirectAndTimings() async throws {
        try await HARSession.requireHTTPBin()
        let recorder = RecordingTransport(
            wrapping: URLSessionTransport(), directory: folder.appendingPathComponent("fixtures"))
        let networking = Networking(baseURL: HARSession.httpbin, transport: recorder)
        await networking.setHeaderFields(["X-Trace": "trace-\(UUID().uuidString)"])
        let redirected: Result<JSONResponse, NetworkingError> = await networking.get("/redirect/1")
        XCTAssertNoThrow(try redirected.get())
        let file = folder.appendingPathComponent("recorded.har")

        try recorder.writeHAR(to: file, redactedHeaders: ["X-Trace"])
        let summary = try await HARalyzer.summary(of: file)

        XCTAssertEqual(summary.entries.map(\.status), [302, 200])
        XCTAssertEqual(summary.entries.map { URL(string: $0.url)?.path }, ["/redirect/1", "/get"])
        XCTAssertEqual(summary.entries.first?.redirectURL, "/get")
        XCTAssertEqual(summary.entries.first?.responseHeader("Location"), "/get")
        XCTAssertEqual(summary.entries.map { $0.requestHeader("X-Trace") }, ["<redacted>", "<redacted>"])
        for entry in summary.entries {
            XCTAssertGreaterThan(entry.time, 0, "the recorder keeps what the transport measured: \(entry.url)")
            XCTAssertNotNil(entry.startTime)
        }
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
    }
}
