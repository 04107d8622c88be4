import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every kind of request reaches observers through the one path: one start and one completion
/// for each call, and, for an observer of failures only, nothing for a success and both for a
/// failure.
final class ObservationTests: XCTestCase {
    private final class Counter: RequestObserver {
        let failuresOnly: Bool
        private let counts = Mutex<(started: Int, completed: Int, failed: Int)>((0, 0, 0))
        init(failuresOnly: Bool) { self.failuresOnly = failuresOnly }
        var observesFailuresOnly: Bool { failuresOnly }
        var snapshot: (started: Int, completed: Int, failed: Int) { counts.withLock { $0 } }
        func requestStarted(_ context: RequestContext) { counts.withLock { $0.started += 1 } }
        func requestCompleted(_ completion: RequestCompletion) {
            counts.withLock {
                $0.completed += 1
                if completion.outcome.error != nil { $0.failed += 1 }
            }
        }
    }

    private let base = "https://observed.example.test"

    private func networking(_ transport: InMemoryTransport, _ observers: [Counter]) async -> Networking {
        let networking = Networking(baseURL: base, transport: transport)
        await networking.setLogLevel(.none)
        for observer in observers { await networking.addObserver(observer) }
        return networking
    }

    /// Each kind of call, run once: a verb, a cached download, a file download, a file upload, a
    /// stream read to its end.
    private func everyKind(_ networking: Networking, ok: Bool) async throws {
        let suffix = ok ? "ok" : "missing"
        let _: Result<JSONResponse, NetworkingError> = await networking.get("/verb-\(suffix)")
        let _: Result<Data, NetworkingError> = await networking.downloadData("/data-\(suffix)", cachingLevel: .none)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("observe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = await networking.download("/file-\(suffix)", to: directory.appendingPathComponent("file"))
        let upload = directory.appendingPathComponent("upload")
        try Data("body".utf8).write(to: upload)
        let _: Result<Void, NetworkingError> = await networking.upload(
            "/upload-\(suffix)", fileURL: upload, contentType: "text/plain")
        if case .success(let streamed) = await networking.stream("/stream-\(suffix)") {
            for try await _ in streamed.body {}
        }
    }

    func testEveryKindOfRequestIsObservedOnceAndFailuresOnlyObserversHearOnlyFailures() async throws {
        let transport = InMemoryTransport()
        for path in ["/verb-ok", "/data-ok", "/file-ok", "/stream-ok"] {
            transport.stub(.get, base + path, with: .json(["ok": true]))
        }
        transport.stub(.post, base + "/upload-ok", with: FakeResponse(statusCode: 204))
        for path in ["/verb-missing", "/data-missing", "/file-missing", "/stream-missing"] {
            transport.stub(.get, base + path, with: FakeResponse(statusCode: 404))
        }
        transport.stub(.post, base + "/upload-missing", with: FakeResponse(statusCode: 404))
        let all = Counter(failuresOnly: false)
        let networking = await networking(transport, [all])
        try await everyKind(networking, ok: true)
        XCTAssertEqual(all.snapshot.started, 5, "one start per call")
        XCTAssertEqual(all.snapshot.completed, 5, "one completion per call")
        XCTAssertEqual(all.snapshot.failed, 0)
        try await everyKind(networking, ok: false)
        XCTAssertEqual(all.snapshot.started, 10)
        XCTAssertEqual(all.snapshot.completed, 10)
        XCTAssertEqual(all.snapshot.failed, 5)

        let failures = Counter(failuresOnly: true)
        let quiet = await self.networking(transport, [failures])
        try await everyKind(quiet, ok: true)
        XCTAssertEqual(failures.snapshot.started, 0, "a failures-only observer hears nothing of successes")
        XCTAssertEqual(failures.snapshot.completed, 0)
        try await everyKind(quiet, ok: false)
        XCTAssertEqual(failures.snapshot.started, 5, "each failure is reported, start and completion together")
        XCTAssertEqual(failures.snapshot.completed, 5)
        XCTAssertEqual(failures.snapshot.failed, 5)
    }
}
