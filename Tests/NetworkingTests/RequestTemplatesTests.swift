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
