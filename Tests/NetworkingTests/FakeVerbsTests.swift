import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `fakePOST`, `fakePUT`, `fakePATCH` and `fakeDELETE`, each in its three forms (a response with
/// header fields and a status, a status alone, a file), as `fakeGET` has them. The real transport
/// is an `InMemoryTransport` with no routes, so a request that is not faked fails there and is
/// recorded.
final class FakeVerbsTests: XCTestCase {
    private struct Item: Codable, Equatable, Sendable {
        let id: Int
        let name: String
    }

    private var real = InMemoryTransport()
    private var networking = Networking(baseURL: "https://api.example.com", transport: InMemoryTransport())

    override func setUp() {
        super.setUp()
        real = InMemoryTransport()
        networking = Networking(baseURL: "https://api.example.com", transport: real)
    }

    func testFakePOST() async throws {
        await networking.fakePOST(
            "/items", response: Item(id: 1, name: "POST"), headerFields: ["X-Verb": "POST"], statusCode: 201)
        await networking.fakePOST("/failing", statusCode: 500)
        await networking.fakePOST("/entries", fileName: "entries.json", bundle: .module, statusCode: 202)
        try await check(
            "POST", item: await networking.post("/items"), failing: await networking.post("/failing"),
            file: await networking.post("/entries"))
    }

    func testFakePUT() async throws {
        await networking.fakePUT(
            "/items", response: Item(id: 1, name: "PUT"), headerFields: ["X-Verb": "PUT"], statusCode: 201)
        await networking.fakePUT("/failing", statusCode: 500)
        await networking.fakePUT("/entries", fileName: "entries.json", bundle: .module, statusCode: 202)
        try await check(
            "PUT", item: await networking.put("/items"), failing: await networking.put("/failing"),
            file: await networking.put("/entries"))
    }

    func testFakePATCH() async throws {
        await networking.fakePATCH(
            "/items", response: Item(id: 1, name: "PATCH"), headerFields: ["X-Verb": "PATCH"], statusCode: 201)
        await networking.fakePATCH("/failing", statusCode: 500)
        await networking.fakePATCH("/entries", fileName: "entries.json", bundle: .module, statusCode: 202)
        try await check(
            "PATCH", item: await networking.patch("/items"), failing: await networking.patch("/failing"),
            file: await networking.patch("/entries"))
    }

    func testFakeDELETE() async throws {
        await networking.fakeDELETE(
            "/items", response: Item(id: 1, name: "DELETE"), headerFields: ["X-Verb": "DELETE"], statusCode: 201)
        await networking.fakeDELETE("/failing", statusCode: 500)
        await networking.fakeDELETE("/entries", fileName: "entries.json", bundle: .module, statusCode: 202)
        try await check(
            "DELETE", item: await networking.delete("/items"), failing: await networking.delete("/failing"),
            file: await networking.delete("/entries"))
    }

    func testAStatusAloneAnswersWithAnEmptyBodyAndItsHeaders() async throws {
        await networking.fakeDELETE("/items/1", headerFields: ["X-Deleted": "1"], statusCode: 204)
        let result: Result<JSONResponse, NetworkingError> = await networking.delete("/items/1")
        let response = try result.get()
        XCTAssertEqual(response.statusCode, 204)
        XCTAssertEqual(response.headerFields["X-Deleted"], "1")
        XCTAssertTrue(response.data.isEmpty)
    }

    func testAFileFakeWaitsItsDelay() async throws {
        await networking.fakePUT("/entries", fileName: "entries.json", bundle: .module, delay: 0.2)
        let start = ContinuousClock.now
        let result: Result<JSONResponse, NetworkingError> = await networking.put("/entries")
        XCTAssertEqual(try result.get().statusCode, 200)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(200))
    }

    func testAVerbFakeAnswersOnlyItsMethodAndReplacesItsEarlierOne() async throws {
        await networking.fakePATCH("/items", response: Item(id: 1, name: "first"))
        await networking.fakePATCH("/items", response: Item(id: 2, name: "second"))
        let patched: Result<Item, NetworkingError> = await networking.patch("/items")
        XCTAssertEqual(try patched.get(), Item(id: 2, name: "second"))
        let posted: Result<Item, NetworkingError> = await networking.post("/items")
        XCTAssertThrowsError(try posted.get())
        XCTAssertEqual(real.requests.map(\.method), [.post], "only the unfaked method reached the transport")
    }

    /// The three answers of one verb's fakes, and that none of them reached the transport.
    private func check(
        _ method: String, item: Result<JSONResponse, NetworkingError>, failing: Result<JSONResponse, NetworkingError>,
        file: Result<JSONResponse, NetworkingError>
    ) async throws {
        let response = try item.get()
        XCTAssertEqual(response.statusCode, 201, method)
        XCTAssertEqual(response.headerFields["X-Verb"], method)
        XCTAssertEqual(response.headerFields["Content-Type"], "application/json")
        XCTAssertEqual(response.body["name"]?.stringValue, method)
        guard case .failure(.http(let error)) = failing else {
            return XCTFail("\(method): expected .http, got \(failing)")
        }
        XCTAssertEqual(error.statusCode, 500, method)
        let entries = try file.get()
        XCTAssertEqual(entries.statusCode, 202, method)
        XCTAssertEqual(entries.body["entries"]?.arrayValue?.count, 2, method)
        XCTAssertTrue(real.requests.isEmpty, "\(method): a faked request reached the transport")
    }
}
