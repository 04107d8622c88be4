#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import Synchronization
    import XCTest

    /// Resuming a download over CurlTransport: `Range` + `If-Range`, a 206 appended at the resume
    /// offset, a 200 replacing the file, a 206 at the wrong offset refused. (`DownloadManager`'s
    /// resumes over the default transport, CurlTransport on Linux, are in ResumableDownloadTests.)
    final class CurlResumeTests: CurlIntegrationTestCase {
        private var file: URL!

        override func setUp() async throws {
            try await super.setUp()
            file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-resume-\(UUID().uuidString)")
        }

        override func tearDown() async throws {
            if let file { try? FileManager.default.removeItem(at: file) }
            try await super.tearDown()
        }

        func testA206IsAppendedAtTheResumeOffset() async throws {
            let transport = try CurlTransport()
            let full = CurlFileDownloadTests.rangeContent(20000)
            try full.prefix(7000).write(to: file)
            var request = URLRequest(url: HTTPBin.url("/range/20000"))
            request.setValue("bytes=7000-", forHTTPHeaderField: "Range")
            request.setValue("range20000", forHTTPHeaderField: "If-Range")
            let offsets = Offsets()
            let outcome = try await transport.download(
                request, to: DownloadTarget(file: file, resumeOffset: 7000) { _, offset in offsets.append(offset) },
                progress: nil)
            XCTAssertEqual(outcome.response.statusCode, 206)
            XCTAssertEqual(outcome.startOffset, 7000)
            XCTAssertEqual(outcome.bytesWritten, 13000)
            XCTAssertEqual(outcome.fileSize, 20000)
            XCTAssertEqual(offsets.all, [7000])
            XCTAssertEqual(try Data(contentsOf: file), full)
            let sent = outcome.request
            XCTAssertEqual(sent.value(forHTTPHeaderField: "If-Range"), "range20000")
        }

        func testA200ReplacesThePartialFile() async throws {
            let transport = try CurlTransport()
            try Data(repeating: 0xFF, count: 3000).write(to: file)
            let outcome = try await transport.download(
                URLRequest(url: HTTPBin.url("/range/5000")), to: DownloadTarget(file: file, resumeOffset: 3000),
                progress: nil)
            XCTAssertEqual(outcome.response.statusCode, 200)
            XCTAssertEqual(outcome.startOffset, 0)
            XCTAssertEqual(try Data(contentsOf: file), CurlFileDownloadTests.rangeContent(5000))
        }

        func testA206AtAnotherOffsetIsRefused() async throws {
            let transport = try CurlTransport()
            try Data(repeating: 0xFF, count: 3000).write(to: file)
            var request = URLRequest(url: HTTPBin.url("/range/5000"))
            request.setValue("bytes=1000-", forHTTPHeaderField: "Range")
            do throws(NetworkingError) {
                _ = try await transport.download(
                    request, to: DownloadTarget(file: file, resumeOffset: 3000), progress: nil)
                XCTFail("expected .invalidResponse")
            } catch {
                guard case .invalidResponse = error else { return XCTFail("expected .invalidResponse, got \(error)") }
            }
            XCTAssertEqual(try Data(contentsOf: file), Data(repeating: 0xFF, count: 3000), "the file is untouched")
        }
    }

    /// The offsets `willWrite` saw.
    private final class Offsets: Sendable {
        private let values = Mutex<[Int64]>([])
        func append(_ offset: Int64) { values.withLock { $0.append(offset) } }
        var all: [Int64] { values.withLock { $0 } }
    }
#endif
