import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every kind of request reports to observers exactly once: one start and one completion, in
/// that order, against httpbin over the transport under test and through the endpoint client's
/// environments.
final class ObservationPerKindTests: XCTestCase {
    /// Records the starts and completions it is told about.
    final class Tally: RequestObserver {
        private let events = Mutex<[(started: Bool, id: UUID, kind: RequestContext.Kind)]>([])

        func requestStarted(_ context: RequestContext) {
            events.withLock { $0.append((true, context.id, context.kind)) }
        }

        func requestCompleted(_ completion: RequestCompletion) {
            events.withLock { $0.append((false, completion.context.id, completion.context.kind)) }
        }

        /// Asserts one request was reported, started then completed, of `kind`; then forgets it.
        func assertOneRequest(
            _ kind: RequestContext.Kind, _ label: String, file: StaticString = #filePath, line: UInt = #line
        ) {
            let seen = events.withLock { events in
                defer { events = [] }
                return events
            }
            XCTAssertEqual(seen.map(\.started), [true, false], "\(label): \(seen)", file: file, line: line)
            XCTAssertEqual(Set(seen.map(\.id)).count, 1, "\(label): one request", file: file, line: line)
            XCTAssertEqual(seen.first?.kind, kind, label, file: file, line: line)
        }
    }

    func testEveryKindOfRequestOnTheActorIsReportedOnce() async throws {
        try await HTTPBin.requireServer()
        let tally = Tally()
        let networking = HTTPBin.client()
        await networking.addObserver(tally)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let json: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        XCTAssertNoThrow(try json.get())
        tally.assertOneRequest(.request, "get")

        let data: Result<Data, NetworkingError> = await networking.downloadData("/bytes/1000", cachingLevel: .none)
        XCTAssertEqual(try data.get().count, 1000)
        tally.assertOneRequest(.download, "downloadData")

        let file = directory.appendingPathComponent("file.bin")
        let downloaded = await networking.download("/bytes/5000", to: file)
        XCTAssertEqual(try downloaded.get().byteCount, 5000)
        tally.assertOneRequest(.download, "download to a file")

        let bytes = try await networking.bytes("/stream-bytes/3000").get()
        var count = 0
        for try await _ in bytes { count += 1 }
        XCTAssertEqual(count, 3000)
        tally.assertOneRequest(.download, "bytes")

        let (updates, reporter) = ProgressReporter.makeStream()
        let withProgress: Result<JSONResponse, NetworkingError> = await networking.get("/get", progress: reporter)
        XCTAssertNoThrow(try withProgress.get())
        for await _ in updates {}
        tally.assertOneRequest(.request, "get with progress")

        let upload = directory.appendingPathComponent("upload.txt")
        try Data("uploaded".utf8).write(to: upload)
        let uploaded: Result<Void, NetworkingError> = await networking.upload(
            "/put", fileURL: upload, contentType: "text/plain", method: .put)
        XCTAssertNoThrow(try uploaded.get())
        tally.assertOneRequest(.request, "upload")

        let failed: Result<JSONResponse, NetworkingError> = await networking.get("/status/404")
        guard case .failure(let error) = failed else { return XCTFail("a 404 succeeded") }
        XCTAssertEqual(error.statusCode, 404)
        tally.assertOneRequest(.request, "a failure")
    }

    enum Sample: Endpoint {
        case user
        var baseURL: URL { URL(string: HTTPBin.baseURL)! }
        var path: String { "/get" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .none }
        var sampleData: Data? { Data(#"{"url":"sample"}"#.utf8) }
    }

    struct Echo: Decodable, Sendable { let url: String }

    func testEndpointRequestsAreReportedOnceInEveryEnvironment() async throws {
        try await HTTPBin.requireServer()
        for environment in [HTTPClient.Environment.live, .test, .preview(delay: .milliseconds(10))] {
            let tally = Tally()
            let client = HTTPClient(
                configuration: .init(environment: environment, observers: [tally]), transport: TestTransport.make())
            let echo: Echo = try await client.send(Sample.user)
            XCTAssertEqual(echo.url == "sample", environment != .live, "\(environment)")
            tally.assertOneRequest(.request, "\(environment)")
        }
    }
}
