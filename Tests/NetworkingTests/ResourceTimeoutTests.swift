import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The total deadline of a `URLSessionConfiguration` given to `Networking`, against the fault
/// server's slow bodies.
final class ResourceTimeoutTests: XCTestCase {
    /// `timeoutIntervalForResource` of a configuration given to `Networking(baseURL:configuration:)`
    /// bounds the whole request (URLSession on Linux stores it and never enforces it): a body
    /// trickling one byte a second ends at the deadline with the timeout error of a request
    /// timeout, and nothing is cached.
    func testAResourceTimeoutEndsABodyThatKeepsTrickling() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 3
        let networking = Networking(baseURL: server.baseURL, configuration: configuration)
        await networking.setLogLevel(.none)
        let start = ContinuousClock.now
        let sent = await withWatchdog(seconds: 20) {
            let result: Result<Data, NetworkingError> = await networking.get("/drip?interval=1&count=30")
            return result
        }
        let result = try XCTUnwrap(sent, "the request outlived its resource timeout")
        XCTAssertEqual(try urlErrorCode(result), .timedOut, "\(result)")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(8), "ended near its 3 s deadline")

        let downloaded = await withWatchdog(seconds: 20) {
            let result: Result<Data, NetworkingError> = await networking.downloadData("/drip?interval=1&count=30")
            return result
        }
        XCTAssertEqual(try urlErrorCode(try XCTUnwrap(downloaded)), .timedOut)
        let cached = await networking.dataFromCache("/drip?interval=1&count=30")
        XCTAssertNil(cached, "nothing of a timed-out download is cached")
    }

    private func urlErrorCode<T>(
        _ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> URLError.Code {
        guard case .failure(.transport(let error)) = result else {
            XCTFail("expected a transport error, got \(result)", file: file, line: line)
            throw NetworkingError.invalidResponse
        }
        return error.code
    }
}
