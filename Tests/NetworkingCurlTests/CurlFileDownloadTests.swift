#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// `CurlTransport.download(_:to:progress:)` writes a 2xx body to the file as it arrives; other
    /// responses stay in memory and leave the file alone; only the final hop of a redirect writes.
    final class CurlFileDownloadTests: CurlIntegrationTestCase {
        private var directory: URL!

        override func setUp() async throws {
            try await super.setUp()
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-dl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDown() async throws {
            if let directory { try? FileManager.default.removeItem(at: directory) }
            try await super.tearDown()
        }

        func testDownloadIsByteIdenticalToTheBody() async throws {
            let transport = try CurlTransport()
            let path = "/bytes/102400?seed=21"
            let expected = try await transport.send(URLRequest(url: HTTPBin.url(path))).body
            XCTAssertEqual(expected.count, 102_400)
            let file = directory.appendingPathComponent("bytes.bin")
            let outcome = try await transport.download(
                URLRequest(url: HTTPBin.url(path)), to: DownloadTarget(file: file), progress: nil)
            XCTAssertEqual(outcome.response.statusCode, 200)
            XCTAssertTrue(outcome.wroteFile)
            XCTAssertEqual(outcome.bytesWritten, 102_400)
            XCTAssertTrue(outcome.body.isEmpty)
            XCTAssertEqual(try Data(contentsOf: file), expected)
        }

        func testOnlyTheFinalHopOfARedirectWritesTheFile() async throws {
            let transport = try CurlTransport()
            let file = directory.appendingPathComponent("range.bin")
            let outcome = try await transport.download(
                URLRequest(url: HTTPBin.url("/redirect-to?url=%2Frange%2F5000&status_code=302")),
                to: DownloadTarget(file: file), progress: nil)
            XCTAssertEqual(outcome.response.statusCode, 200)
            XCTAssertEqual(outcome.request.url?.path, "/range/5000")
            XCTAssertEqual(outcome.metrics?.redirectCount, 1)
            XCTAssertEqual(try Data(contentsOf: file), Self.rangeContent(5000))
        }

        func testAnErrorStatusKeepsItsBodyInMemoryAndLeavesTheFileAlone() async throws {
            let transport = try CurlTransport()
            let file = directory.appendingPathComponent("kept.bin")
            try Data("existing".utf8).write(to: file)
            let outcome = try await transport.download(
                URLRequest(url: HTTPBin.url("/status/404")), to: DownloadTarget(file: file), progress: nil)
            XCTAssertEqual(outcome.response.statusCode, 404)
            XCTAssertFalse(outcome.wroteFile)
            XCTAssertEqual(try Data(contentsOf: file), Data("existing".utf8))
        }

        func testProgressIsMonotoneAndEndsAtTheTotal() async throws {
            let transport = try CurlTransport()
            let file = directory.appendingPathComponent("progress.bin")
            let log = ProgressValues()
            _ = try await transport.download(
                URLRequest(url: HTTPBin.url("/range/102400?chunk_size=1024")), to: DownloadTarget(file: file),
                progress: log.reporter)
            let values = log.values
            XCTAssertGreaterThan(values.count, 1)
            XCTAssertEqual(values.map(\.completedBytes), values.map(\.completedBytes).sorted())
            XCTAssertEqual(values.last, TransferProgress(completedBytes: 102_400, totalBytes: 102_400))
            XCTAssertTrue(values.allSatisfy { $0.totalBytes == 102_400 })
        }

        func testCancellingADownloadThroughNetworkingLeavesNoFileAtTheDestination() async throws {
            let networking = try makeNetworking()
            let destination = directory.appendingPathComponent("never.bin")
            let task = Task { () -> Result<DownloadedFile, NetworkingError> in
                await networking.download("/drip?duration=30&numbytes=30&delay=0", to: destination)
            }
            try await Task.sleep(for: .milliseconds(500))  // not an assertion: the body is arriving
            task.cancel()
            guard case .failure(.cancelled) = await task.value else { return XCTFail("expected .cancelled") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        }

        static func rangeContent(_ size: Int) -> Data {
            Data((0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        }
    }
#endif
