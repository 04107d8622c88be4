import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The uploads for models that are not `Sendable` type arguments: a file, a spooled multipart body
/// and a streamed body arrive whole, progress ends at the body's size, the spool file is removed,
/// and the response is decoded into a model of that kind (a class that is not `Sendable`, so Swift
/// picks these uploads over the `Decodable & Sendable` ones).
final class UploadsForIsolatedModelsTests: XCTestCase {
    /// What `transfer_server.py` says it received; a class that is not `Sendable`.
    final class Received: Decodable {
        let bytes: Int
        let crc32: UInt32
        let contentType: String
    }

    /// httpbin's echo of a multipart body; a class that is not `Sendable`.
    final class FormEcho: Decodable {
        let files: [String: String]
        let form: [String: String]
    }

    private var server: TransferServer!
    private var directory: URL!

    override func setUp() async throws {
        try await TransferTestEnvironment.requireHTTPBin()
        server = try TransferServer()
        directory = try TransferTestEnvironment.makeDirectory()
    }

    override func tearDown() async throws {
        server?.stop()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testAFileArrivesWholeWithProgress() async throws {
        let content = TransferTestEnvironment.fileContent(version: 6, size: 1024 * 1024 + 7)
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
    }

    func testAStreamedBodyArrivesWhole() async throws {
        let chunks = [Data("first ".utf8), Data("second".utf8)]
        let stream = AsyncStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        let body = HTTPBody(stream, length: nil, iterationBehavior: .single)
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let received: Received = try await networking.upload("/upload", body: body, contentType: "text/plain").get()
        XCTAssertEqual(received.bytes, 12)
        XCTAssertEqual(received.crc32, TransferTestEnvironment.crc32(Data("first second".utf8)))
    }

    func testASpooledMultipartBodyArrivesIntactAndItsSpoolFileIsRemoved() async throws {
        let text = String(repeating: "0123456789abcdef\n", count: 4096)
        let fileURL = directory.appendingPathComponent("notes.txt")
        try Data(text.utf8).write(to: fileURL)
        let spoolsBefore = Self.spoolFiles()
        let progress = ProgressLog()
        let httpbin = HTTPBin.client(baseURL: TransferTestEnvironment.httpbinBaseURL)
        let echo: FormEcho = try await httpbin.upload(
            "/post", files: [FormDataFile(fileURL: fileURL, parameterName: "notes", type: .plainText)],
            fields: ["user": "ada"], spoolThreshold: 1024, progress: progress.reporter
        ).get()
        XCTAssertEqual(echo.files["notes"], text)
        XCTAssertEqual(echo.form["user"], "ada")
        progress.assertComplete(total: progress.values.last?.totalBytes ?? -1)
        XCTAssertGreaterThan(progress.values.last?.totalBytes ?? 0, Int64(text.utf8.count))
        XCTAssertEqual(Self.spoolFiles(), spoolsBefore, "the spool file was removed")
    }

    func testAMissingFileIsAnInvalidRequestAndProgressFinishes() async {
        let progress = ProgressLog()
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let result: Result<Received, NetworkingError> = await networking.upload(
            "/upload", fileURL: directory.appendingPathComponent("nope.bin"), contentType: "text/plain",
            progress: progress.reporter)
        guard case .failure(.invalidRequest(let message)) = result else {
            return XCTFail("expected .invalidRequest, got \(result)")
        }
        XCTAssertTrue(message.contains("nope.bin"), message)
        XCTAssertTrue(progress.finished)
    }

    func testAnErrorStatusIsAnHTTPErrorWithItsBody() async throws {
        let fileURL = directory.appendingPathComponent("small.txt")
        try Data("x".utf8).write(to: fileURL)
        let httpbin = HTTPBin.client(baseURL: TransferTestEnvironment.httpbinBaseURL)
        let result: Result<Received, NetworkingError> = await httpbin.upload(
            "/status/418", fileURL: fileURL, contentType: "text/plain", method: .put)
        guard case .failure(.http(let error)) = result else { return XCTFail("expected .http, got \(result)") }
        XCTAssertEqual(error.statusCode, 418)
    }

    private static func spoolFiles() -> [String] {
        TransferTestEnvironment.contents(of: FileManager.default.temporaryDirectory).filter {
            $0.hasPrefix("networking-multipart-")
        }
    }
}
