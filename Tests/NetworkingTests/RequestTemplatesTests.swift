import Foundation
import Networking
import NetworkingTesting
import XCTest

/// The requests a client builds once for its plain calls belong to that client and that
/// configuration: another client, or the same one after a change, never sends them.
final class RequestTemplatesTests: XCTestCase {
    func testEachClientAndEachConfigurationSendsItsOwnRequest() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://templates.example.test/me", with: .json(["ok": true]))
        let first = Networking(baseURL: "https://templates.example.test", transport: transport)
        let second = Networking(baseURL: "https://templates.example.test", transport: transport)
        await first.setHeaderFields(["X-Client": "first"])
        await second.setHeaderFields(["X-Client": "second"])
        for _ in 0..<2 {
            let _: Result<JSONResponse, NetworkingError> = await first.get("/me")
            let _: Result<JSONResponse, NetworkingError> = await second.get("/me")
        }
        await first.setHeaderFields(["X-Client": "changed"])
        let _: Result<JSONResponse, NetworkingError> = await first.get("/me")
        XCTAssertEqual(
            transport.requests.map { $0.header("X-Client") }, ["first", "second", "first", "second", "changed"])
    }
}

/// Calls to one path whose requests differ only in their headers (a download of an image and of
/// bytes ask for different types) each send their own, whichever was built first.
final class RequestTemplatesHeadersTests: XCTestCase {
    func testCallsToOnePathWithDifferentHeadersSendTheirOwn() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://templates.example.test/logo", with: .text("not an image"))
        let networking = Networking(
            baseURL: "https://templates.example.test", transport: transport, cache: DataCache(directory: nil))
        for _ in 0..<2 {
            let _: Result<Data, NetworkingError> = await networking.downloadData("/logo", cachingLevel: .none)
            let _: Result<Image, NetworkingError> = await networking.downloadImage("/logo", cachingLevel: .none)
        }
        XCTAssertEqual(
            transport.requests.map { $0.header("Accept") },
            ["*/*", "image/*, */*;q=0.5", "*/*", "image/*, */*;q=0.5"])
    }
}
