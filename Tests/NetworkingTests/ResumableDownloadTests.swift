import Foundation
import Networking
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `DownloadManager`: resumption with `Range` + `If-Range` after a cancellation and after the
/// process was killed, starting over when the representation changed or ranges are ignored.
final class ResumableDownloadTests: XCTestCase {
    private var server: TransferServer!
    private var directory: URL!
    private var manager: DownloadManager!

    override func setUp() async throws {
        server = try TransferServer()
        directory = try TransferTestEnvironment.makeDirectory()
        manager = DownloadManager(networking: HTTPBin.client(baseURL: server.baseURL))
    }

    override func tearDown() async throws {
        server?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Starts a slow download and cancels it once `threshold` bytes arrived; returns the partial
    /// file's size.
    private func interruptedDownload(
        _ path: String, to destination: URL, threshold: Int64 = 128 * 1024, manager: DownloadManager? = nil
    ) async throws -> Int64 {
        let manager = manager ?? self.manager!
        let (updates, reporter) = ProgressReporter.makeStream()
        let download = Task {
            await manager.download(path, to: destination, headers: ["X-Chunk-Delay": "0.01"], progress: reporter)
        }
        for await update in updates where update.completedBytes >= threshold {
            download.cancel()
            break
        }
        let result = await download.value
        guard case .failure(.cancelled) = result else {
            XCTFail("expected the first attempt to be cancelled, got \(result)")
            throw NetworkingError.cancelled
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), "nothing at the destination yet")
        let partial = ResumableDownload.partialFileURL(for: destination)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)
        XCTAssertGreaterThanOrEqual(size.int64Value, threshold)
        return size.int64Value
    }

    private func assertCleanedUp(_ destination: URL, line: UInt = #line) {
        XCTAssertEqual(TransferTestEnvironment.contents(of: directory), [destination.lastPathComponent], line: line)
    }

    // MARK: - Resuming

    func testCancelledDownloadResumesWithRangeAndIfRange() async throws {
        let size = 1_048_576
        let path = "/file/cancel?size=\(size)"
        let destination = directory.appendingPathComponent("cancel.bin")
        let partialSize = try await interruptedDownload(path, to: destination)

        let pending = manager.pendingDownloads(in: directory)
        XCTAssertEqual(pending.count, 1)
        XCTAssertEqual(pending.first?.url.absoluteString, server.baseURL + path)
        XCTAssertEqual(pending.first?.destination.lastPathComponent, "cancel.bin")
        XCTAssertEqual(pending.first?.bytesOnDisk, partialSize)
        XCTAssertEqual(pending.first?.entityTag, "\"cancel-v0-\(size)\"")
        let stateFile = ResumableDownload.stateFileURL(for: destination)
        let permissions = try FileManager.default.attributesOfItem(atPath: stateFile.path)[.posixPermissions]
        XCTAssertEqual((permissions as? NSNumber)?.intValue, 0o600)

        let progress = ProgressLog()
        let file = try await manager.resume(try XCTUnwrap(pending.first), progress: progress.reporter).get()
        XCTAssertEqual(file.statusCode, 206)
        XCTAssertEqual(file.resumedFrom, partialSize)
        XCTAssertEqual(file.byteCount, Int64(size))
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: size))
        let last = try await server.log("cancel").last
        XCTAssertEqual(last?.range, "bytes=\(partialSize)-")
        XCTAssertEqual(last?.ifRange, "\"cancel-v0-\(size)\"")
        XCTAssertEqual(last?.status, 206)
        XCTAssertEqual(progress.values.first?.completedBytes, partialSize, "progress starts at the bytes on disk")
        progress.assertComplete(total: Int64(size))
        assertCleanedUp(destination)
    }

    func testDownloadKilledMidwayFinishesInANewProcessByteIdentical() async throws {
        let child = try TransferTestEnvironment.executable(named: "ResumableDownloadChild")
        let size = 4 * 1024 * 1024
        let path = "/file/restart?size=\(size)"
        let destination = directory.appendingPathComponent("restart.bin")
        let process = Process()
        let output = Pipe()
        process.executableURL = child
        process.arguments = [server.baseURL, path, destination.path, "0.01"]
        process.standardOutput = output
        try process.run()
        var transcript = ""
        var reached: Int64 = 0
        while reached < 512 * 1024 {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            transcript += String(decoding: data, as: UTF8.self)
            let lines = transcript.split(separator: "\n").filter { $0.hasPrefix("progress ") }
            reached = lines.last.flatMap { Int64($0.dropFirst("progress ".count)) } ?? 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "killed mid-download; output: \(transcript)")
        XCTAssertGreaterThanOrEqual(reached, 512 * 1024, "output: \(transcript)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        let partial = ResumableDownload.partialFileURL(for: destination)
        let partialSize = try XCTUnwrap(
            (FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value)
        XCTAssertGreaterThanOrEqual(partialSize, reached)
        XCTAssertLessThan(partialSize, Int64(size))
        XCTAssertEqual(ResumableDownload.load(for: destination)?.entityTag, "\"restart-v0-\(size)\"")

        // A new process (this one) continues where the killed one stopped.
        let file = try await manager.download(path, to: destination).get()
        XCTAssertEqual(file.resumedFrom, partialSize)
        XCTAssertEqual(file.statusCode, 206)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: size))
        let requests = try await server.log("restart")
        XCTAssertEqual(requests.map(\.range), [nil, "bytes=\(partialSize)-"])
        XCTAssertEqual(requests.last?.status, 206)
        assertCleanedUp(destination)
    }

    func testHTTPBinRangeResumes() async throws {
        try await TransferTestEnvironment.requireHTTPBin()
        let manager = DownloadManager(
            networking: HTTPBin.client(baseURL: TransferTestEnvironment.httpbinBaseURL))
        let destination = directory.appendingPathComponent("range.bin")
        let path = "/range/102400?duration=2&chunk_size=1024"
        let (updates, reporter) = ProgressReporter.makeStream()
        let download = Task { await manager.download(path, to: destination, progress: reporter) }
        for await update in updates where update.completedBytes >= 20 * 1024 {
            download.cancel()
            break
        }
        guard case .failure(.cancelled) = await download.value else { return XCTFail("expected a cancellation") }
        let partialSize = try XCTUnwrap(manager.pendingDownloads(in: directory).first?.bytesOnDisk)
        let file = try await manager.download(path, to: destination).get()
        XCTAssertEqual(file.statusCode, 206)
        XCTAssertEqual(file.resumedFrom, partialSize)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.rangeContent(size: 102_400))
    }

    // MARK: - Starting over

    func testChangedRepresentationStartsOver() async throws {
        let size = 1_048_576
        let path = "/file/changed?size=\(size)"
        let destination = directory.appendingPathComponent("changed.bin")
        _ = try await interruptedDownload(path, to: destination)
        try await server.bump("changed")
        let progress = ProgressLog()
        let file = try await manager.download(path, to: destination, progress: progress.reporter).get()
        XCTAssertEqual(file.statusCode, 200)
        XCTAssertEqual(file.resumedFrom, 0)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 1, size: size))
        let last = try await server.log("changed").last
        XCTAssertEqual(last?.ifRange, "\"changed-v0-\(size)\"", "the old validator was sent")
        XCTAssertEqual(last?.status, 200)
        XCTAssertEqual(progress.values.first?.completedBytes, 0)
        progress.assertComplete(total: Int64(size))
        assertCleanedUp(destination)
    }

    func testServerIgnoringRangesStartsOver() async throws {
        let size = 1_048_576
        let path = "/file/noranges?size=\(size)&ranges=0"
        let destination = directory.appendingPathComponent("noranges.bin")
        _ = try await interruptedDownload(path, to: destination)
        let file = try await manager.download(path, to: destination).get()
        XCTAssertEqual(file.statusCode, 200)
        XCTAssertEqual(file.resumedFrom, 0)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: size))
        let last = try await server.log("noranges").last
        XCTAssertNotNil(last?.range, "a range was asked for")
        XCTAssertEqual(last?.status, 200)
        assertCleanedUp(destination)
    }

    func testWithoutValidatorsTheDownloadStartsOverWithoutRange() async throws {
        let size = 1_048_576
        let path = "/file/novalidators?size=\(size)&validators=0"
        let destination = directory.appendingPathComponent("novalidators.bin")
        _ = try await interruptedDownload(path, to: destination)
        let file = try await manager.download(path, to: destination).get()
        XCTAssertEqual(file.resumedFrom, 0)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: size))
        let last = try await server.log("novalidators").last
        XCTAssertNil(last?.range, "without a validator a range would risk mixing two versions")
        assertCleanedUp(destination)
    }

    func testCompletePartialFileIsFinishedByA416() async throws {
        let size = 70_000
        let path = "/file/complete?size=\(size)"
        let destination = directory.appendingPathComponent("complete.bin")
        let content = TransferTestEnvironment.fileContent(version: 0, size: size)
        try content.write(to: ResumableDownload.partialFileURL(for: destination))
        let url = try XCTUnwrap(URL(string: server.baseURL + path))
        try ResumableDownload(
            url: url, destination: destination, entityTag: "\"complete-v0-\(size)\"", bytesOnDisk: Int64(size)
        ).save()
        let file = try await manager.download(path, to: destination).get()
        XCTAssertEqual(file.statusCode, 416)
        XCTAssertEqual(file.byteCount, Int64(size))
        XCTAssertEqual(try Data(contentsOf: destination), content)
        assertCleanedUp(destination)
    }

    func testNotFoundRemovesThePartialDownload() async throws {
        let destination = directory.appendingPathComponent("gone.bin")
        try Data(count: 1000).write(to: ResumableDownload.partialFileURL(for: destination))
        let url = try XCTUnwrap(URL(string: server.baseURL + "/gone"))
        try ResumableDownload(url: url, destination: destination, entityTag: "\"x\"", bytesOnDisk: 1000).save()
        let result = await manager.download("/gone", to: destination)
        XCTAssertEqual(result.error?.statusCode, 404)
        XCTAssertEqual(TransferTestEnvironment.contents(of: directory), [])
    }

    // MARK: - Exclusivity

    func testTwoDownloadsToOneDestinationDoNotMix() async throws {
        let destination = directory.appendingPathComponent("busy.bin")
        let (updates, reporter) = ProgressReporter.makeStream()
        let manager = self.manager!
        let first = Task {
            await manager.download(
                "/file/busy?size=1048576", to: destination, headers: ["X-Chunk-Delay": "0.01"], progress: reporter)
        }
        for await update in updates where update.completedBytes > 0 { break }
        let sameManager = await manager.download("/file/busy?size=1048576", to: destination)
        guard case .failure(.invalidRequest) = sameManager else { return XCTFail("got \(sameManager)") }
        // Another manager (as another process would) is stopped by the file lock.
        let other = DownloadManager(networking: HTTPBin.client(baseURL: server.baseURL))
        let otherResult = await other.download("/file/busy?size=1048576", to: destination)
        guard case .failure(.invalidRequest(let reason)) = otherResult else { return XCTFail("got \(otherResult)") }
        XCTAssertTrue(reason.contains("in progress"), reason)
        first.cancel()
        _ = await first.value
    }
}

extension Result where Failure == NetworkingError {
    /// The error, for a failure.
    fileprivate var error: NetworkingError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
