import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-endpoint logging (`shouldPrintLogs`), the client's log settings, and redaction.
final class EndpointLoggingTests: XCTestCase {
    private enum Account: Endpoint {
        case profile
        case changePassword(old: String, new: String)

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .profile: "/profile"
            case .changePassword: "/password"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .profile: .get
            case .changePassword: .post
            }
        }
        var task: HTTPTask {
            switch self {
            case .profile: .none
            case .changePassword(let old, let new): .rawBody(["old": old, "new": new])
            }
        }
        var headers: [String: String]? { ["Authorization": "Bearer abc.def.ghi"] }
        var shouldPrintLogs: Bool {
            switch self {
            case .profile: true
            case .changePassword: false
            }
        }
    }

    private func client(
        _ transport: InMemoryTransport, sink: CapturingLogSink, redacts: Bool = true,
        loggers: [any RequestObserver] = []
    ) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .all
        logging.redactsLogs = redacts
        logging.logsToStandardError = false
        logging.logFile = nil
        logging.extraSinks = [sink]
        return HTTPClient(configuration: .init(logging: logging, loggers: loggers), transport: transport)
    }

    private func stubbed() -> InMemoryTransport {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/profile", with: jsonResponse(#"{"name": "Ada"}"#))
        transport.stub(.post, "https://api.example.com/password", with: FakeResponse(statusCode: 204))
        return transport
    }

    func testAnEndpointThatMustNotBeLoggedNeverReachesTheLog() async throws {
        let transport = stubbed()
        let sink = CapturingLogSink()
        let observer = RecordingObserver()
        let client = client(transport, sink: sink, redacts: false, loggers: [LogGate(observer)])
        try await client.send(Account.changePassword(old: "hunter2", new: "correct horse"))
        XCTAssertEqual(sink.text, "", "nothing of a quiet endpoint is logged")
        XCTAssertTrue(observer.started.isEmpty, "nor seen by the client's own loggers")
        XCTAssertEqual(transport.requests.count, 1, "but it is sent")
        XCTAssertFalse(
            transport.requests.first?.headers.contains { $0.name.lowercased().hasPrefix("x-networking") } ?? true,
            "nothing of the options reaches the transport")

        try await client.send(Account.profile)
        XCTAssertTrue(sink.text.contains("/profile"), sink.text)
        XCTAssertEqual(observer.started.count, 1)
    }

    func testTheProcessWideSwitchSilencesEveryLogAndPerEndpointFlagsStillDecide() async throws {
        defer { Networking.DebugConfiguration.shouldPrintLogs = true }
        let sink = CapturingLogSink()
        let observer = RecordingObserver()
        let client = client(stubbed(), sink: sink, redacts: false, loggers: [LogGate(observer)])

        Networking.DebugConfiguration.shouldPrintLogs = false
        let _: JSONResponse = try await client.send(Account.profile)
        XCTAssertEqual(sink.text, "", "the switch is off: nothing is logged")
        XCTAssertTrue(observer.started.isEmpty)

        Networking.DebugConfiguration.shouldPrintLogs = true
        XCTAssertTrue(Networking.DebugConfiguration.shouldPrintLogs)
        let _: JSONResponse = try await client.send(Account.profile)
        try await client.send(Account.changePassword(old: "a", new: "b"))
        XCTAssertTrue(sink.text.contains("/profile"), sink.text)
        XCTAssertFalse(sink.text.contains("/password"), "a quiet endpoint stays quiet: \(sink.text)")
        XCTAssertEqual(observer.started.count, 1)
    }

    func testTheProcessWideSwitchSilencesTheActorsLog() async throws {
        defer { Networking.DebugConfiguration.shouldPrintLogs = true }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("switch-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let networking = Networking(baseURL: "https://api.example.com", transport: stubbed())
        await networking.setLogLevel(.all)
        await networking.setLogsToStandardError(false)
        let opened = await networking.setLogFileURL(file)
        XCTAssertTrue(opened)
        func logged() -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        Networking.DebugConfiguration.shouldPrintLogs = false
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/profile")
        XCTAssertEqual(logged(), "")
        Networking.DebugConfiguration.shouldPrintLogs = true
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/profile")
        XCTAssertTrue(logged().contains("/profile"), logged())
    }

    func testEventsStillSeeQuietEndpoints() async throws {
        let observer = RecordingObserver()
        var logging = LogSettings()
        logging.level = .none
        let client = HTTPClient(configuration: .init(observers: [observer], logging: logging), transport: stubbed())
        try await client.send(Account.changePassword(old: "a", new: "b"))
        XCTAssertEqual(observer.completed.count, 1, "shouldPrintLogs is about logs, not events")
        XCTAssertFalse(observer.started.first?.shouldPrintLogs ?? true)
    }

    func testLogsRedactCredentialsAndBodies() async throws {
        let sink = CapturingLogSink()
        let _: JSONResponse = try await client(stubbed(), sink: sink, redacts: true).send(Account.profile)
        XCTAssertTrue(sink.text.contains("/profile"), sink.text)
        XCTAssertFalse(sink.text.contains("abc.def.ghi"), sink.text)
        XCTAssertFalse(sink.text.contains("Ada"), sink.text)
    }

    func testLogGateHonoursTheFlagAndItsSwitch() {
        let observer = RecordingObserver()
        let url = URL(string: "https://api.example.com")
        let quietContext = RequestContext(
            method: .get, url: url, headers: [:], options: RequestOptions(printsLogs: false))
        let loudContext = RequestContext(method: .get, url: url, headers: [:])
        LogGate(observer).requestStarted(quietContext)
        LogGate(observer).requestStarted(loudContext)
        LogGate(observer, isEnabled: false).requestStarted(loudContext)
        XCTAssertEqual(observer.started.map(\.id), [loudContext.id])
    }
}
