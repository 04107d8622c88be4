import Foundation
import Networking
import NetworkingTesting
import XCTest

/// Every request is built from its own client's configuration as it is when the request starts:
/// another client's headers never leak into it, and a change is seen by the next request.
final class RequestConfigurationTests: XCTestCase {
    func testEachClientAndEachConfigurationSendsItsOwnRequest() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://config.example.test/me", with: .json(["ok": true]))
        let first = Networking(baseURL: "https://config.example.test", transport: transport)
        let second = Networking(baseURL: "https://config.example.test", transport: transport)
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
/// bytes ask for different types) each send their own, whichever was sent first.
final class RequestConfigurationHeadersTests: XCTestCase {
    func testCallsToOnePathWithDifferentHeadersSendTheirOwn() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://config.example.test/logo", with: .text("not an image"))
        let networking = Networking(
            baseURL: "https://config.example.test", transport: transport, cache: DataCache(directory: nil))
        for _ in 0..<2 {
            let _: Result<Data, NetworkingError> = await networking.downloadData("/logo", cachingLevel: .none)
            let _: Result<Image, NetworkingError> = await networking.downloadImage("/logo", cachingLevel: .none)
        }
        XCTAssertEqual(
            transport.requests.map { $0.header("Accept") },
            ["*/*", "image/*, */*;q=0.5", "*/*", "image/*, */*;q=0.5"])
    }

    /// A download sends the client's own `Accept` when the client's headers set one (in any case),
    /// and each download sends the headers as they are when it starts.
    func testADownloadSendsTheClientsAcceptAndTheHeadersAsTheyAreNow() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://config.example.test/logo", with: .text("bytes"))
        let networking = Networking(
            baseURL: "https://config.example.test", transport: transport, cache: DataCache(directory: nil))
        let _: Result<Data, NetworkingError> = await networking.downloadData("/logo", cachingLevel: .none)
        await networking.setHeaderFields(["accept": "application/octet-stream", "X-Client": "one"])
        let _: Result<Data, NetworkingError> = await networking.downloadData("/logo", cachingLevel: .none)
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/logo", cachingLevel: .none)
        await networking.setHeaderFields(["X-Client": "two"])
        let _: Result<Data, NetworkingError> = await networking.downloadData("/logo", cachingLevel: .none)
        XCTAssertEqual(
            transport.requests.map { $0.header("Accept") },
            ["*/*", "application/octet-stream", "application/octet-stream", "application/octet-stream"])
        XCTAssertEqual(transport.requests.map { $0.header("X-Client") }, [nil, "one", "one", "two"])
    }
}
