#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// `send(_:uploadProgress:downloadProgress:)` over CurlTransport: monotone values, the
    /// request body's bytes for uploads, a 2xx body's bytes for downloads.
    final class CurlProgressTests: CurlIntegrationTestCase {
        func testUploadProgressIsMonotoneAndReachesTheBodySize() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/anything"))
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x61, count: 1_000_000)
            let upload = ProgressValues()
            let exchange = try await transport.send(request, uploadProgress: upload.reporter, downloadProgress: nil)
            XCTAssertEqual(exchange.statusCode, 200)
            let values = upload.values
            XCTAssertFalse(values.isEmpty)
            XCTAssertEqual(values.map(\.completedBytes), values.map(\.completedBytes).sorted())
            XCTAssertEqual(values.last, TransferProgress(completedBytes: 1_000_000, totalBytes: 1_000_000))
        }

        func testDownloadProgressIsMonotoneAndEndsAtTheTotal() async throws {
            let transport = try CurlTransport()
            let download = ProgressValues()
            let exchange = try await transport.send(
                URLRequest(url: HTTPBin.url("/range/65536?chunk_size=4096")), uploadProgress: nil,
                downloadProgress: download.reporter)
            XCTAssertEqual(exchange.body, CurlFileDownloadTests.rangeContent(65536))
            let values = download.values
            XCTAssertGreaterThan(values.count, 1)
            XCTAssertEqual(values.first, TransferProgress(completedBytes: 0, totalBytes: 65536))
            XCTAssertEqual(values.map(\.completedBytes), values.map(\.completedBytes).sorted())
            XCTAssertEqual(values.last, TransferProgress(completedBytes: 65536, totalBytes: 65536))
        }

        func testAnErrorBodyIsNotReportedAsDownloadProgress() async throws {
            let transport = try CurlTransport()
            let download = ProgressValues()
            let exchange = try await transport.send(
                URLRequest(url: HTTPBin.url("/status/500")), uploadProgress: nil, downloadProgress: download.reporter)
            XCTAssertEqual(exchange.statusCode, 500)
            XCTAssertEqual(download.values, [])
        }

        func testNetworkingProgressOverCurlEndsComplete() async throws {
            let networking = try makeNetworking()
            let (updates, reporter) = ProgressReporter.makeStream(bufferingNewest: 10_000)
            let result: Result<Data, NetworkingError> = await networking.get(
                "/bytes/50000", query: [URLQueryItem(name: "seed", value: "4")], progress: reporter)
            XCTAssertEqual(try value(result).count, 50000)
            var values: [TransferProgress] = []
            for await update in updates { values.append(update) }
            XCTAssertEqual(values.map(\.completedBytes), values.map(\.completedBytes).sorted())
            XCTAssertEqual(values.last, TransferProgress(completedBytes: 50000, totalBytes: 50000))
        }
    }
#endif
