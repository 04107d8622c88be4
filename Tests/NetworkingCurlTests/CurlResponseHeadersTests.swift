#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Response header names reach the caller exactly as the server sent them (Foundation's
    /// `HTTPURLResponse` on Linux turns `uid` into `Uid`).
    final class CurlResponseHeadersTests: CurlIntegrationTestCase {
        private let path = "/response-headers?uid=1&access-token=x"

        func testJSONResponseHeadersKeepTheServersNames() async throws {
            let networking = try makeNetworking()
            let response: JSONResponse = try value(await networking.get(path))
            XCTAssertEqual(response.headers["uid"]?.stringValue, "1", "\(response.headers.keys.sorted())")
            XCTAssertEqual(response.headers["access-token"]?.stringValue, "x")
            XCTAssertNil(response.headers["Uid"])
            XCTAssertEqual(response.headerFields["UID"], "1", "lookups through HTTPHeaders ignore case")
        }

        func testDownloadAndErrorMetadataKeepTheServersNames() async throws {
            let networking = try makeNetworking()
            let download: DataResponse = try value(await networking.downloadData(path, cachingLevel: .none))
            XCTAssertTrue(download.headers.contains { $0.name == "uid" }, "\(download.headers)")
            let failed: Result<JSONResponse, NetworkingError> = await networking.get("/status/418")
            let metadata = try XCTUnwrap(try failure(failed).responseMetadata)
            let names = metadata.headers.map(\.name)
            XCTAssertTrue(names.contains("x-more-info"), "\(names)")
        }
    }
#endif
