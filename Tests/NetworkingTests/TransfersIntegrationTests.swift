import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads, uploads, streams and the body cap against httpbin and `transfer_server.py`.
final class TransfersIntegrationTests: XCTestCase {
    private var server: TransferServer!
    private var directory: URL!
    private var httpbin: Networking!

    override func setUp() async throws {
        try await TransferTestEnvironment.requireHTTPBin()
        server = try TransferServer()
        directory = try TransferTestEnvironment.makeDirectory()
        httpbin = HTTPBin.client(baseURL: TransferTestEnvironment.httpbinBaseURL)
    }

    override func tearDown() async throws {
        server?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Download to file

    func testDownloadWritesTheBodyAndProgressEndsAtTotal() async throws {
        let destination = directory.appendingPathComponent("range.bin")
        let progress = ProgressLog()
        let file = try await httpbin.download(
            "/range/102400", to: destination, query: [URLQueryItem(name: "chunk_size", value: "4096")],
            progress: progress.reporter
        ).get()
        XCTAssertEqual(file.byteCount, 102_400)
        XCTAssertEqual(file.statusCode, 200)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.rangeContent(size: 102_400))
        progress.assertComplete(total: 102_400)
        XCTAssertTrue(progress.values.dropLast().allSatisfy { $0.totalBytes == 102_400 })
        XCTAssertEqual(TransferTestEnvironment.contents(of: directory), ["range.bin"], "no temporary file is left")
    }

    func testChunkedDownloadReportsUnknownTotalUntilTheEnd() async throws {
        let destination = directory.appendingPathComponent("stream.bin")
        let progress = ProgressLog()
        let file = try await httpbin.download(
            "/stream-bytes/50000", to: destination,
            query: [URLQueryItem(name: "chunk_size", value: "1000"), URLQueryItem(name: "seed", value: "3")],
            progress: progress.reporter
        ).get()
        XCTAssertEqual(file.byteCount, 50_000)
        let expected: Data = try await httpbin.get(
            "/stream-bytes/50000", query: [URLQueryItem(name: "seed", value: "3")]
        ).get()
        XCTAssertEqual(try Data(contentsOf: destination), expected)
        progress.assertComplete(total: 50_000)
        XCTAssertTrue(progress.values.dropLast().allSatisfy { $0.totalBytes == nil }, "\(progress.values)")
    }

    func testCancelledDownloadLeavesNothingAtTheDestination() async throws {
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let destination = directory.appendingPathComponent("slow.bin")
        let (updates, reporter) = ProgressReporter.makeStream()
        let download = Task {
            await networking.download(
                "/slow", to: destination,
                query: [URLQueryItem(name: "key", value: "cancel"), URLQueryItem(name: "size", value: "50000000")],
                progress: reporter)
        }
        for await update in updates where update.completedBytes >= 128 * 1024 {
            download.cancel()
            break
        }
        let result = await download.value
        guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        XCTAssertEqual(TransferTestEnvironment.contents(of: directory), [], "the temporary file was removed")
        let served = try await server.waitForEnd(of: "cancel")
        XCTAssertEqual(served?.completed, false, "the server saw the transfer stop")
    }

    func testFailedDownloadKeepsTheExistingFile() async throws {
        let destination = directory.appendingPathComponent("keep.txt")
        try Data("previous".utf8).write(to: destination)
        let result = await httpbin.download("/status/404", to: destination)
        guard case .failure(.http(let error)) = result else { return XCTFail("expected .http, got \(result)") }
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertEqual(try Data(contentsOf: destination), Data("previous".utf8))
        XCTAssertEqual(TransferTestEnvironment.contents(of: directory), ["keep.txt"])
    }

    func testDownloadReplacesAnExistingFileAndFollowsRedirects() async throws {
        let destination = directory.appendingPathComponent("redirected.bin")
        try Data("old".utf8).write(to: destination)
        let file = try await httpbin.download(
            "/redirect-to", to: destination, query: [URLQueryItem(name: "url", value: "/range/1000")]
        ).get()
        XCTAssertEqual(file.byteCount, 1000)
        XCTAssertEqual(try Data(contentsOf: destination), TransferTestEnvironment.rangeContent(size: 1000))
    }

    func testDownloadIntoAMissingDirectoryIsAnInvalidRequest() async {
        let destination = directory.appendingPathComponent("missing/file.bin")
        let result = await httpbin.download("/bytes/10", to: destination)
        guard case .failure(.invalidRequest) = result else { return XCTFail("expected .invalidRequest, got \(result)") }
    }

    func testInterceptorsAndObserversSeeDownloads() async throws {
        struct Stamp: HTTPInterceptor {
            func intercept(
                _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
            ) async throws -> HTTPExchange {
                var request = request
                request.setValue("download", forHTTPHeaderField: "X-Stamp")
                return try await next(request)
            }
        }
        let observer = TransferRecordingObserver()
        await httpbin.setInterceptors([Stamp()])
        await httpbin.addObserver(observer)
        let destination = directory.appendingPathComponent("headers.json")
        _ = try await httpbin.download("/headers", to: destination).get()
        let echoed = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: destination))
        XCTAssertEqual(echoed["headers"]?["X-Stamp"], "download")
        XCTAssertEqual(observer.started.map(\.kind), [.download])
        guard case .success(200, let count) = observer.completed.first?.outcome else {
            return XCTFail("expected one successful completion, got \(observer.completed)")
        }
        XCTAssertEqual(Int64(count), FileManager.default.fileSize(destination))
    }

    func testGetWithProgressReportsTheBody() async throws {
        let progress = ProgressLog()
        let data: Data = try await httpbin.get("/range/30000", progress: progress.reporter).get()
        XCTAssertEqual(data, TransferTestEnvironment.rangeContent(size: 30_000))
        progress.assertComplete(total: 30_000)
    }

    // MARK: - Uploads

    func testFileUploadSendsEveryByteWithProgress() async throws {
        struct Received: Decodable, Sendable {
            let bytes: Int
            let crc32: UInt32
            let contentType: String
        }
        let content = TransferTestEnvironment.fileContent(version: 4, size: 3 * 1024 * 1024 + 5)
        let fileURL = directory.appendingPathComponent("upload.bin")
        try content.write(to: fileURL)
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let progress = ProgressLog()
        let received: Received = try await networking.upload(
            "/upload", fileURL: fileURL, contentType: "application/x-test", progress: progress.reporter
        ).get()
        XCTAssertEqual(received.bytes, content.count)
        XCTAssertEqual(received.crc32, TransferTestEnvironment.crc32(content))
        XCTAssertEqual(received.contentType, "application/x-test")
        progress.assertComplete(total: Int64(content.count))
        XCTAssertGreaterThan(progress.values.count, 2, "progress arrived while sending: \(progress.values)")
    }

    func testAFileLargerThanTheInMemoryCapUploadsFromDiskWithProgress() async throws {
        struct Received: Decodable, Sendable {
            let bytes: Int
            let crc32: UInt32
        }
        // Progress must not turn the file into a stream a transport reads into memory first.
        let content = TransferTestEnvironment.fileContent(version: 5, size: 2 * 1024 * 1024 + 3)
        let fileURL = directory.appendingPathComponent("large-upload.bin")
        try content.write(to: fileURL)
        let networking = Networking(
            baseURL: server.baseURL, transport: TestTransport.make(maxResponseBodySize: 256 * 1024))
        let progress = ProgressLog()
        let received: Received = try await networking.upload(
            "/upload", fileURL: fileURL, contentType: "application/octet-stream", progress: progress.reporter
        ).get()
        XCTAssertEqual(received.bytes, content.count)
        XCTAssertEqual(received.crc32, TransferTestEnvironment.crc32(content))
        progress.assertComplete(total: Int64(content.count))
        XCTAssertGreaterThan(progress.values.count, 2, "progress arrived while sending: \(progress.values)")
    }

    func testUploadOfAMissingFileIsAnInvalidRequest() async {
        let progress = ProgressLog()
        let result: Result<Void, NetworkingError> = await httpbin.upload(
            "/post", fileURL: directory.appendingPathComponent("nope.bin"), contentType: "text/plain",
            progress: progress.reporter)
        guard case .failure(.invalidRequest) = result else { return XCTFail("expected .invalidRequest, got \(result)") }
        XCTAssertTrue(progress.finished)
    }

    func testMultipartAboveTheThresholdIsSpooledAndArrivesIntact() async throws {
        struct Echo: Decodable, Sendable {
            let files: [String: String]
            let form: [String: String]
        }
        let text = String(repeating: "0123456789abcdef\n", count: 4096)
        let fileURL = directory.appendingPathComponent("notes.txt")
        try Data(text.utf8).write(to: fileURL)
        let spoolsBefore = Self.spoolFiles()
        let progress = ProgressLog()
        let echo: Echo = try await httpbin.upload(
            "/post", parts: [FormDataPart(type: .plainText, data: Data("inline part".utf8), parameterName: "inline")],
            files: [FormDataFile(fileURL: fileURL, parameterName: "notes", type: .plainText)],
            fields: ["user": "ada"], spoolThreshold: 1024, progress: progress.reporter
        ).get()
        XCTAssertEqual(echo.files["notes"], text)
        XCTAssertEqual(echo.form["inline"], "inline part", "a part without a file name is a form value")
        XCTAssertEqual(echo.form["user"], "ada")
        XCTAssertEqual(progress.values.last?.isComplete, true)
        progress.assertComplete(total: progress.values.last?.totalBytes ?? -1)
        XCTAssertEqual(Self.spoolFiles(), spoolsBefore, "the spool file was removed")
    }

    func testSmallMultipartStaysInMemory() async throws {
        struct Echo: Decodable, Sendable { let form: [String: String] }
        let echo: Echo = try await httpbin.upload("/post", fields: ["a": "1", "b": "2"]).get()
        XCTAssertEqual(echo.form, ["a": "1", "b": "2"])
    }

    // MARK: - Streaming

    func testBytesStreamDeliversTheWholeBody() async throws {
        let query = [URLQueryItem(name: "seed", value: "9"), URLQueryItem(name: "chunk_size", value: "512")]
        let bytes = try await httpbin.bytes("/stream-bytes/20000", query: query).get()
        var received: [UInt8] = []
        for try await byte in bytes { received.append(byte) }
        let expected: Data = try await httpbin.get("/stream-bytes/20000", query: query).get()
        XCTAssertEqual(Data(received), expected)
    }

    func testLinesStreamYieldsEachJSONLine() async throws {
        struct Line: Decodable { let id: Int }
        let lines = try await httpbin.lines("/stream/5").get()
        var ids: [Int] = []
        for try await line in lines { ids.append(try JSONDecoder().decode(Line.self, from: Data(line.utf8)).id) }
        XCTAssertEqual(ids, [0, 1, 2, 3, 4])
    }

    func testDripArrivesInSeveralChunks() async throws {
        let streamed = try await httpbin.stream(
            "/drip", query: [URLQueryItem(name: "numbytes", value: "4"), URLQueryItem(name: "duration", value: "1.2")]
        ).get()
        var chunks: [Data] = []
        for try await chunk in streamed.body { chunks.append(chunk) }
        XCTAssertEqual(Data(chunks.joined()), Data("****".utf8))
        XCTAssertGreaterThan(chunks.count, 1, "the body was handed over as it arrived, not at the end")
    }

    func testStreamWithErrorStatusIsAnHTTPErrorWithBody() async {
        let result = await httpbin.lines("/status/418")
        guard case .failure(.http(let error)) = result else { return XCTFail("expected .http, got \(result)") }
        XCTAssertEqual(error.statusCode, 418)
        XCTAssertTrue(error.metadata.bodySnippet.contains("teapot"), error.metadata.bodySnippet)
    }

    func testObserversSeeAStreamCompleteWhenItsBodyEnds() async throws {
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let observer = TransferRecordingObserver()
        await networking.addObserver(observer)
        let key = UUID().uuidString
        let lines = try await networking.lines("/held", query: [URLQueryItem(name: "key", value: key)]).get()
        var iterator = lines.makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, "first")
        XCTAssertEqual(observer.started.count, 1)
        XCTAssertEqual(observer.completed.count, 0, "the server holds the rest of the body: not complete yet")
        try await server.release(key)
        let second = try await iterator.next()
        let end = try await iterator.next()
        XCTAssertEqual(second, "second")
        XCTAssertNil(end)
        guard case .success(200, let bytes) = observer.completed.first?.outcome else {
            return XCTFail("expected one successful completion, got \(observer.completed)")
        }
        XCTAssertEqual(bytes, 13)
        XCTAssertEqual(observer.completed.count, 1)
    }

    func testCancelAllRequestsStopsAStream() async throws {
        let lines = await httpbin.lines(
            "/drip", query: [URLQueryItem(name: "numbytes", value: "100"), URLQueryItem(name: "duration", value: "20")])
        let reader = Task { () -> NetworkingError? in
            do throws(NetworkingError) {
                for try await _ in try lines.get() {}
                return nil
            } catch {
                return error
            }
        }
        await httpbin.cancelAllRequests()
        let error = await reader.value
        guard case .cancelled = error else { return XCTFail("expected .cancelled, got \(String(describing: error))") }
    }

    // MARK: - Bounded buffering

    func testBodyAnnouncedLargerThanTheCapIsRefused() async throws {
        let networking = Networking(
            baseURL: server.baseURL, transport: TestTransport.make(maxResponseBodySize: 256 * 1024))
        XCTAssertEqual(networking.maxResponseBodySize, 256 * 1024)
        let result: Result<Data, NetworkingError> = await networking.get(
            "/slow",
            query: [URLQueryItem(name: "key", value: "announced"), URLQueryItem(name: "size", value: "50000000")])
        assertTooLarge(result)
        let served = try await server.waitForEnd(of: "announced")
        XCTAssertEqual(served?.completed, false, "the transfer was cancelled, not read to the end")
        XCTAssertLessThan(served?.sent ?? .max, 50_000_000)
    }

    func testChunkedBodyGrowingPastTheCapIsCancelled() async throws {
        let networking = Networking(
            baseURL: server.baseURL, transport: TestTransport.make(maxResponseBodySize: 256 * 1024))
        let result: Result<Data, NetworkingError> = await networking.get(
            "/slow",
            query: [
                URLQueryItem(name: "key", value: "chunked"), URLQueryItem(name: "size", value: "50000000"),
                URLQueryItem(name: "length", value: "0"),
            ])
        assertTooLarge(result)
        let served = try await server.waitForEnd(of: "chunked")
        XCTAssertEqual(served?.completed, false, "the transfer was cancelled, not read to the end")
        XCTAssertLessThan(served?.sent ?? .max, 50_000_000)
    }

    func testStreamReaderFallingBehindTheCapFailsInsteadOfBuffering() async throws {
        // A transport with back-pressure pauses instead: see the next test.
        if TestTransport.appliesBackPressure { return try await assertSlowReaderGetsEveryByte() }
        let networking = Networking(
            baseURL: server.baseURL, transport: TestTransport.make(maxResponseBodySize: 256 * 1024))
        let streamed = try await networking.stream(
            "/slow",
            query: [
                URLQueryItem(name: "key", value: "behind"), URLQueryItem(name: "size", value: "50000000"),
                URLQueryItem(name: "delay", value: "0.002"),
            ]
        ).get()
        // Nobody reads: the buffer fills up to the cap, then the transfer is cancelled.
        guard case .failed(.transport(let error), _) = await streamed.body.termination() else {
            return XCTFail("expected the stream to fail")
        }
        XCTAssertEqual(error.code, .dataLengthExceedsMaximum)
        let served = try await server.waitForEnd(of: "behind")
        XCTAssertEqual(served?.completed, false)
    }

    /// With back-pressure a reader that stops for a while (far more than the cap arrives meanwhile
    /// without it) still gets every byte: the transfer was paused, not failed.
    private func assertSlowReaderGetsEveryByte() async throws {
        let size = 8_000_000
        let transport = TestTransport.make(maxResponseBodySize: 256 * 1024)
        let networking = Networking(baseURL: server.baseURL, transport: transport)
        let streamed = try await networking.stream(
            "/file/paused", query: [URLQueryItem(name: "size", value: "\(size)")]
        ).get()
        var chunks = streamed.body.makeAsyncIterator()
        var body = try await chunks.next() ?? Data()
        try await Task.sleep(for: .milliseconds(500))  // not an assertion: lets the buffer fill up
        while let chunk = try await chunks.next() { body.append(chunk) }
        XCTAssertEqual(body.count, size)
        XCTAssertEqual(body, TransferTestEnvironment.fileContent(version: 0, size: size))
    }

    func testDownloadToFileIsNotLimitedByTheCap() async throws {
        let networking = Networking(
            baseURL: server.baseURL, transport: TestTransport.make(maxResponseBodySize: 64 * 1024))
        let destination = directory.appendingPathComponent("large.bin")
        let file = try await networking.download(
            "/file/large", to: destination, query: [URLQueryItem(name: "size", value: "3000000")]
        ).get()
        XCTAssertEqual(file.byteCount, 3_000_000)
        XCTAssertEqual(
            try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: 3_000_000))
    }

    // MARK: - Helpers

    private func assertTooLarge<T>(_ result: Result<T, NetworkingError>, line: UInt = #line) {
        guard case .failure(.transport(let error)) = result else {
            return XCTFail("expected .transport, got \(result)", line: line)
        }
        XCTAssertEqual(error.code, .dataLengthExceedsMaximum, line: line)
    }

    private static func spoolFiles() -> [String] {
        TransferTestEnvironment.contents(of: FileManager.default.temporaryDirectory).filter {
            $0.hasPrefix("networking-multipart-")
        }
    }
}

extension FileManager {
    fileprivate func fileSize(_ url: URL) -> Int64? {
        (try? attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }
}
