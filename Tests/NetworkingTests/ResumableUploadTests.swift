import Foundation
import Networking
import XCTest

/// `UploadManager` against `resumable_upload_server.py`: uploads that survive dropped connections
/// and restarts arrive byte for byte (the server's SHA-256), offsets that would corrupt an upload
/// are refused, a one-shot body refuses to resume, cancellation deletes the upload on the server,
/// and a server without support gets a plain upload; in interop versions 8 and 9.
final class ResumableUploadTests: XCTestCase {
    private var server: ResumableUploadServer!
    private var directory: URL!

    override func setUp() async throws {
        server = try ResumableUploadServer.shared()
        directory = try TransferTestEnvironment.makeDirectory()
    }

    override func tearDown() async throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private static let mebibyte = 1 << 20

    /// A manager over the transport under test.
    private func manager(
        maxAttempts: Int = 5, interop: ResumableUpload.InteropVersion = .interop9
    ) -> UploadManager {
        UploadManager(
            networking: HTTPBin.client(baseURL: server.baseURL), maxAttempts: maxAttempts, interopVersion: interop)
    }

    /// A file of `size` random bytes in the test's directory, and its SHA-256.
    private func randomFile(_ size: Int, name: String = "upload.bin") throws -> (URL, String) {
        let url = directory.appendingPathComponent(name)
        let random = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        let data = random.readData(ofLength: size)
        XCTAssertEqual(data.count, size)
        try data.write(to: url)
        return (url, try Self.sha256(of: url))
    }

    /// `sha256sum`'s digest of a file (the library's own SHA-256 is too slow in a debug build for
    /// 50 MiB).
    private static func sha256(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    private func key() -> String { "t\(UUID().uuidString.prefix(8))" }

    private func path(_ key: String, _ options: String = "") -> String {
        "/files?key=\(key)" + (options.isEmpty ? "" : "&" + options)
    }

    /// The upload `key` stored on the server, checked to be complete and `sha` byte for byte.
    private func assertStored(
        _ key: String, sha: String, size: Int, interop: Int, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> ResumableUploadServer.Report {
        let report = try await server.report(key)
        let upload = try XCTUnwrap(report.uploads.first, "the server made no upload resource", file: file, line: line)
        XCTAssertEqual(report.uploads.count, 1, file: file, line: line)
        XCTAssertTrue(upload.complete, file: file, line: line)
        XCTAssertEqual(upload.bytes, Int64(size), file: file, line: line)
        XCTAssertEqual(upload.sha256, sha, "the bytes stored differ from the file's", file: file, line: line)
        XCTAssertEqual(upload.interop, interop, file: file, line: line)
        return report
    }

    // MARK: - Resuming

    func testFiftyMebibytesSurviveThreeDroppedConnectionsInInteropVersion9() async throws {
        let size = 50 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let drops = [10, 25, 40].map { String($0 * Self.mebibyte) }.joined(separator: ",")
        let (updates, reporter) = ProgressReporter.makeStream()
        let manager = manager()
        let target = path(key, "drops=\(drops)")
        async let result = manager.upload(
            target, fileURL: file, contentType: "application/octet-stream", progress: reporter)
        var last: TransferProgress?
        for await update in updates {
            if let last {
                XCTAssertGreaterThanOrEqual(update.completedBytes, last.completedBytes, "progress went down")
            }
            last = update
        }
        let response = try await result.get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(last, TransferProgress(completedBytes: Int64(size), totalBytes: Int64(size)))
        let report = try await assertStored(key, sha: sha, size: size, interop: 9)
        XCTAssertEqual(report.requests.filter { $0.hasPrefix("HEAD") }.count, 3, "\(report.requests)")
        XCTAssertEqual(
            report.requests.filter { $0.hasPrefix("PATCH") }, ["PATCH 10485760", "PATCH 26214400", "PATCH 41943040"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".upload.json"), "the state is removed")
    }

    func testInteropVersion8ResumesTwice() async throws {
        let size = 8 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let result = await manager(interop: .interop8).upload(
            path(key, "drops=\(2 * Self.mebibyte),\(5 * Self.mebibyte)"), fileURL: file, contentType: "video/mp4")
        XCTAssertEqual(try result.get().statusCode, 200)
        let report = try await assertStored(key, sha: sha, size: size, interop: 8)
        XCTAssertEqual(report.requests, ["POST", "HEAD 2097152", "PATCH 2097152", "HEAD 5242880", "PATCH 5242880"])
    }

    func testRestartResumesFromTheServersOffset() async throws {
        let size = 20 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        // The first process: one attempt, which the server cuts at 12 MiB.
        let first = await manager(maxAttempts: 1).upload(
            path(key, "drops=\(12 * Self.mebibyte)"), fileURL: file, contentType: "application/octet-stream")
        guard case .failure(let error) = first else { return XCTFail("the first attempt should fail, got \(first)") }
        XCTAssertTrue(error.isRetryable, "\(error)")
        // A new process: a new client, and the state found beside the file.
        let restarted = manager()
        let pending = restarted.pendingUploads(in: directory)
        XCTAssertEqual(pending.count, 1)
        let state = try XCTUnwrap(pending.first)
        XCTAssertEqual(state.fileURL?.lastPathComponent, file.lastPathComponent)
        XCTAssertEqual(state.totalBytes, Int64(size))
        XCTAssertEqual(state.interopVersion, .interop9)
        XCTAssertTrue(state.uploadURL.path.hasPrefix("/uploads/"), "\(state.uploadURL)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path + ".upload.json")[.posixPermissions]
        XCTAssertEqual((mode as? NSNumber)?.intValue, 0o600)
        let response = try await restarted.resume(state).get()
        XCTAssertEqual(response.statusCode, 200)
        let report = try await assertStored(key, sha: sha, size: size, interop: 9)
        XCTAssertEqual(report.requests, ["POST", "HEAD 12582912", "PATCH 12582912"])
        XCTAssertLessThan(report.received, Int64(2 * size), "the rest was sent, not the whole file again")
        XCTAssertEqual(report.received, Int64(size))
        XCTAssertTrue(restarted.pendingUploads(in: directory).isEmpty)
    }

    func testUploadingTheSameFileAgainContinuesIt() async throws {
        let size = 6 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let target = path(key, "drops=\(4 * Self.mebibyte)")
        let first = await manager(maxAttempts: 1).upload(target, fileURL: file, contentType: "text/plain")
        XCTAssertNotNil(first.failureValue)
        let second = await manager().upload(target, fileURL: file, contentType: "text/plain")
        XCTAssertEqual(try second.get().statusCode, 200)
        let report = try await assertStored(key, sha: sha, size: size, interop: 9)
        XCTAssertEqual(report.requests, ["POST", "HEAD 4194304", "PATCH 4194304"])
    }

    func testBytesInMemoryResumeWithinTheCall() async throws {
        let data = Data((0..<(3 * Self.mebibyte)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) })
        let file = directory.appendingPathComponent("memory.bin")
        try data.write(to: file)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)"), data: data, contentType: "application/octet-stream")
        XCTAssertEqual(try result.get().statusCode, 200)
        let report = try await assertStored(key, sha: try Self.sha256(of: file), size: data.count, interop: 9)
        XCTAssertEqual(report.requests, ["POST", "HEAD 1048576", "PATCH 1048576"])
    }

    // MARK: - Refusals

    func testAnOffsetBeyondWhatWasSentIsRefusedAndTheUploadCancelled() async throws {
        let size = 40 * Self.mebibyte
        let (file, _) = try randomFile(size)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)&wrong=ahead"), fileURL: file, contentType: "application/octet-stream")
        guard case .failure(.validation(let reason, _)) = result else {
            return XCTFail("expected a refusal: \(result)")
        }
        XCTAssertTrue(reason.contains("more than"), reason)
        XCTAssertTrue(result.failureValue?.localizedDescription.contains("cannot be resumed safely") == true)
        let report = try await server.report(key)
        XCTAssertEqual(report.requests.last, "DELETE", "\(report.requests)")
        XCTAssertEqual(report.uploads.first?.deleted, true)
        XCTAssertFalse(report.requests.contains { $0.hasPrefix("PATCH") }, "nothing appended at a wrong offset")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".upload.json"))
    }

    func testAnOffsetGoingBackwardsIsRefused() async throws {
        let (file, _) = try randomFile(4 * Self.mebibyte)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte),\(2 * Self.mebibyte)&wrong=behind"), fileURL: file,
            contentType: "application/octet-stream")
        guard case .failure(.validation(let reason, let metadata)) = result else {
            return XCTFail("expected a refusal: \(result)")
        }
        XCTAssertTrue(reason.contains("fewer than the 1048576 it acknowledged"), reason)
        XCTAssertEqual(metadata.statusCode, 204)
        let report = try await server.report(key)
        XCTAssertEqual(report.requests, ["POST", "HEAD 1048576", "PATCH 1048576", "HEAD 2097152", "DELETE"])
    }

    func testAConflictOnAppendIsRefused() async throws {
        let (file, _) = try randomFile(3 * Self.mebibyte)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)&wrong=conflict"), fileURL: file, contentType: "application/octet-stream")
        guard case .failure(.validation(let reason, let metadata)) = result else {
            return XCTFail("expected a refusal: \(result)")
        }
        XCTAssertEqual(metadata.statusCode, 409)
        XCTAssertTrue(reason.contains("twice in a row with a 409 Conflict and expects 1048576 bytes"), reason)
        let report = try await server.report(key)
        // One 409 is taken for an append sent twice: the offset is asked anew; the second refuses.
        XCTAssertEqual(
            report.requests, ["POST", "HEAD 1048576", "PATCH 1048576", "HEAD 1048576", "PATCH 1048576", "DELETE"])
    }

    func testAOneShotStreamRefusesToResume() async throws {
        let size = 4 * Self.mebibyte
        let chunks = AsyncStream<Data> { continuation in
            for _ in 0..<(size / 65536) { continuation.yield(Data(repeating: 0x5A, count: 65536)) }
            continuation.finish()
        }
        let body = HTTPBody(chunks, length: Int64(size), iterationBehavior: .single)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)"), body: body, contentType: "application/octet-stream")
        guard case .failure(.invalidRequest(let reason)) = result else {
            return XCTFail("expected the upload to refuse to resume: \(result)")
        }
        XCTAssertTrue(reason.contains("one-shot stream"), reason)
        XCTAssertTrue(reason.contains("cannot be resumed"), reason)
        let report = try await server.report(key)
        XCTAssertEqual(report.requests, ["POST", "DELETE"], "nothing resumed, the upload cancelled")
    }

    func testAForgottenUploadFailsWithTheServersAnswerAndIsForgotten() async throws {
        let (file, _) = try randomFile(3 * Self.mebibyte)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)&forget=1"), fileURL: file, contentType: "application/octet-stream")
        guard case .failure(.http(let failure)) = result else { return XCTFail("expected a 404: \(result)") }
        XCTAssertEqual(failure.statusCode, 404)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".upload.json"))
    }

    // MARK: - Cancellation

    func testCancellingDeletesTheUploadOnTheServer() async throws {
        let (file, _) = try randomFile(16 * Self.mebibyte)
        let key = key()
        let manager = manager()
        let target = path(key, "pace=0.02")
        let upload = Task {
            await manager.upload(target, fileURL: file, contentType: "application/octet-stream")
        }
        let state = file.path + ".upload.json"
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: state), Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: state), "the 104 should have been recorded")
        await manager.cancel(file)
        let result = await upload.value
        guard case .failure(.cancelled) = result else { return XCTFail("expected a cancellation: \(result)") }
        let report = try await server.report(key)
        XCTAssertEqual(report.requests, ["POST", "DELETE"])
        XCTAssertEqual(report.uploads.first?.deleted, true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state))
    }

    // MARK: - Servers without resumption

    func testAServerWithoutSupportGetsAPlainUpload() async throws {
        let size = 2 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let result = await manager().upload(path(key, "support=0"), fileURL: file, contentType: "image/png")
        XCTAssertEqual(try result.get().statusCode, 200)
        let report = try await server.report(key)
        XCTAssertTrue(report.uploads.isEmpty)
        XCTAssertEqual(report.plain.first?.sha256, sha)
        XCTAssertEqual(report.plain.first?.bytes, Int64(size))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".upload.json"))
    }

    func testWithoutA104AnInterruptedUploadCannotResume() async throws {
        let (file, _) = try randomFile(3 * Self.mebibyte)
        let key = key()
        let result = await manager().upload(
            path(key, "drops=\(Self.mebibyte)&interim=0"), fileURL: file, contentType: "application/octet-stream")
        guard case .failure(let error) = result else { return XCTFail("expected the dropped connection: \(result)") }
        XCTAssertTrue(error.isRetryable, "the transport's error: \(error)")
        let report = try await server.report(key)
        // (libcurl may send the request once more on a fresh connection when a reused one died before
        // any answer: that is the transport's, and still no resumption.)
        XCTAssertFalse(report.requests.isEmpty)
        XCTAssertEqual(
            report.requests.filter { $0 != "POST" }, [], "no upload resource was named, so nothing was resumed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + ".upload.json"))
    }

    func testCreatingTheUploadFirstResumesWithoutA104() async throws {
        let size = 3 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let manager = UploadManager(
            networking: HTTPBin.client(baseURL: server.baseURL), interopVersion: .interop8, createsUploadFirst: true)
        let result = await manager.upload(
            path(key, "drops=\(Self.mebibyte)&interim=0"), fileURL: file, contentType: "application/octet-stream")
        XCTAssertEqual(try result.get().statusCode, 200)
        let report = try await assertStored(key, sha: sha, size: size, interop: 8)
        XCTAssertEqual(report.requests, ["POST", "HEAD 0", "PATCH 0", "HEAD 1048576", "PATCH 1048576"])
    }

    func testOverURLSessionCreatingTheUploadFirstResumes() async throws {
        let size = 3 * Self.mebibyte
        let (file, sha) = try randomFile(size)
        let key = key()
        let networking = Networking(baseURL: server.baseURL, transport: URLSessionTransport())
        let manager = UploadManager(networking: networking, createsUploadFirst: true)
        let result = await manager.upload(
            path(key, "drops=\(Self.mebibyte)"), fileURL: file, contentType: "application/octet-stream")
        XCTAssertEqual(try result.get().statusCode, 200)
        let report = try await assertStored(key, sha: sha, size: size, interop: 8)
        XCTAssertEqual(report.requests, ["POST", "HEAD 0", "PATCH 0", "HEAD 1048576", "PATCH 1048576"])
    }

    func testCreatingTheUploadFirstRefusesAServerThatNamesNoUploadResource() async throws {
        let (file, _) = try randomFile(1024)
        let key = key()
        let manager = UploadManager(networking: HTTPBin.client(baseURL: server.baseURL), createsUploadFirst: true)
        let result = await manager.upload(path(key, "support=0"), fileURL: file, contentType: "text/plain")
        guard case .failure(.validation(let reason, _)) = result else {
            return XCTFail("expected a refusal: \(result)")
        }
        XCTAssertTrue(reason.contains("without naming an upload resource"), reason)
    }
}

extension Result {
    /// The failure, if any.
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
