import Foundation
import Networking
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The path of a background session, where every request goes as an upload or a download task:
/// driven here, where there are no background sessions, through a transport told to take it.
/// A body goes from a file (a body in memory through a temporary one), and a response is
/// downloaded to a file and replayed at the reader's pace, so a body larger than the in-memory cap
/// still reaches a file whole.
final class URLSessionBackgroundTasksTests: XCTestCase {
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

    private func client(_ baseURL: String, maxResponseBodySize: Int = 1 << 20) -> Networking {
        let transport = URLSessionTransport(
            configuration: .ephemeral, redirectPolicy: .default, maxResponseBodySize: maxResponseBodySize,
            networkPath: .default, trust: .system, backgroundTasks: true)
        return Networking(baseURL: baseURL, transport: transport)
    }

    /// The library's temporary files of download and upload tasks, once their removal (which runs
    /// off the caller's task) has had time to happen.
    private func leftovers() async throws -> [String] {
        for _ in 0..<50 {
            let left = TransferTestEnvironment.contents(of: FileManager.default.temporaryDirectory).filter {
                $0.hasPrefix("networking-download-") || $0.hasPrefix("networking-upload-")
            }
            if left.isEmpty { return [] }
            try await Task.sleep(for: .milliseconds(20))
        }
        return TransferTestEnvironment.contents(of: FileManager.default.temporaryDirectory).filter {
            $0.hasPrefix("networking-download-") || $0.hasPrefix("networking-upload-")
        }
    }

    func testADownloadLargerThanTheInMemoryCapReachesItsFileWhole() async throws {
        let networking = client(server.baseURL, maxResponseBodySize: 64 * 1024)
        let destination = directory.appendingPathComponent("large.bin")
        let file = try await networking.download(
            "/file/large", to: destination, query: [URLQueryItem(name: "size", value: "3000000")]
        ).get()
        XCTAssertEqual(file.byteCount, 3_000_000)
        XCTAssertEqual(
            try Data(contentsOf: destination), TransferTestEnvironment.fileContent(version: 0, size: 3_000_000))
        let left = try await leftovers()
        XCTAssertEqual(left, [])
    }

    func testAResponseReadWholeComesFromTheDownloadTasksFile() async throws {
        let result: Result<JSONResponse, NetworkingError> = await client(TransferTestEnvironment.httpbinBaseURL)
            .get("/get")
        let response = try unwrapSuccess(result)
        XCTAssertEqual(response.body["url"]?.stringValue, TransferTestEnvironment.httpbinBaseURL + "/get")
        let left = try await leftovers()
        XCTAssertEqual(left, [])
    }

    func testAnErrorStatusKeepsItsBody() async throws {
        let result: Result<Void, NetworkingError> = await client(TransferTestEnvironment.httpbinBaseURL)
            .get("/status/418")
        let metadata = try XCTUnwrap(unwrapFailure(result).responseMetadata)
        XCTAssertEqual(metadata.statusCode, 418)
        XCTAssertTrue(metadata.bodySnippet.contains("teapot"), metadata.bodySnippet)
    }

    func testAFileBodyIsUploadedFromItsFile() async throws {
        struct Received: Decodable, Sendable {
            let bytes: Int
            let crc32: UInt32
        }
        let content = TransferTestEnvironment.fileContent(version: 2, size: 1024 * 1024 + 17)
        let fileURL = directory.appendingPathComponent("upload.bin")
        try content.write(to: fileURL)
        let received: Received = try await client(server.baseURL).upload(
            "/upload", fileURL: fileURL, contentType: "application/octet-stream"
        ).get()
        XCTAssertEqual(received.bytes, content.count)
        XCTAssertEqual(received.crc32, TransferTestEnvironment.crc32(content))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fileURL.path), "the caller's file is the caller's")
    }

    func testABodyInMemoryGoesThroughATemporaryFileThatIsRemoved() async throws {
        struct Payload: Codable, Sendable, Equatable {
            let name: String
            let count: Int
        }
        struct Echo: Decodable, Sendable {
            let json: Payload
            let headers: [String: String]
        }
        let payload = Payload(name: "background", count: 3)
        let result: Result<Echo, NetworkingError> = await client(TransferTestEnvironment.httpbinBaseURL)
            .post("/post", body: payload)
        let echo = try unwrapSuccess(result)
        XCTAssertEqual(echo.json, payload)
        XCTAssertEqual(echo.headers["Content-Type"], "application/json")
        let left = try await leftovers()
        XCTAssertEqual(left, [])
    }
}
