import Foundation
import Networking
import NetworkingTesting
import XCTest

/// `MockHTTPClient` used the way a downstream test target would.
final class MockHTTPClientTests: XCTestCase {
    private enum Shop: Endpoint {
        case product(id: Int)
        case search(query: String, page: Int)
        case order(items: [String], note: String?)
        case rename(id: Int, name: String)

        var baseURL: URL { URL(string: "https://shop.example.com")! }
        var path: String {
            switch self {
            case .product(let id), .rename(let id, _): "/products/\(id)"
            case .search: "/search"
            case .order: "/orders"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .product, .search: .get
            case .order: .post
            case .rename: .patch
            }
        }
        var task: HTTPTask {
            switch self {
            case .product: .none
            case .search(let query, let page): .queryParameters(["q": query, "page": page])
            case .order(let items, let note): .rawBody(["items": items, "note": note])
            case .rename(_, let name): .encodableBody(["name": name])
            }
        }
    }

    private struct Product: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    /// A service under test: it only knows the protocol.
    private struct Catalog {
        let client: any HTTPClientProtocol

        func name(of id: Int) async throws -> String {
            let product: Product = try await client.send(Shop.product(id: id))
            return product.name
        }
    }

    func testStubbedValueIsReturnedAndTheCallRecorded() async throws {
        let client = MockHTTPClient()
        client.stub(Shop.product(id: 1), with: Product(id: 1, name: "Lamp"))
        let name = try await Catalog(client: client).name(of: 1)
        XCTAssertEqual(name, "Lamp")
        XCTAssertEqual(client.calls.map(\.identity), ["GET https://shop.example.com/products/1"])
        XCTAssertEqual(client.calls.first?.method, .get)
        XCTAssertEqual(client.calls(to: Shop.product(id: 1)).count, 1)
        XCTAssertEqual(client.calls(to: Shop.product(id: 2)).count, 0)
    }

    func testStubbedErrorIsThrown() async {
        let client = MockHTTPClient()
        client.stub(Shop.product(id: 1), error: .transport(URLError(.notConnectedToInternet)))
        client.stub(Shop.product(id: 2), statusCode: 404, body: Data(#"{"error": "none"}"#.utf8))
        do {
            _ = try await Catalog(client: client).name(of: 1)
            XCTFail("expected a failure")
        } catch NetworkError.noInternetConnection {
        } catch {
            XCTFail("\(error)")
        }
        let result: Result<Product, NetworkingError> = await client.send(Shop.product(id: 2))
        XCTAssertEqual(result.failure?.statusCode, 404)
        XCTAssertEqual(result.failure?.responseMetadata?.body, Data(#"{"error": "none"}"#.utf8))
    }

    func testEndpointsMatchByMethodURLAndBody() async throws {
        let client = MockHTTPClient()
        client.stub(Shop.search(query: "lamp", page: 1), with: [Product(id: 1, name: "Lamp")])
        client.stub(Shop.order(items: ["a", "b"], note: nil), with: Product(id: 9, name: "Order"))
        let found: [Product] = try await client.send(Shop.search(query: "lamp", page: 1))
        XCTAssertEqual(found.count, 1)
        let other: Result<[Product], NetworkingError> = await client.send(Shop.search(query: "lamp", page: 2))
        guard case .failure(.transport(let error)) = other else { return XCTFail("\(other)") }
        XCTAssertTrue(error.localizedDescription.contains("page=2"), error.localizedDescription)
        XCTAssertTrue(error.localizedDescription.contains("Shop.search"), error.localizedDescription)
        XCTAssertTrue(error.localizedDescription.contains("page=1"), "it lists the stubs there are")

        let ordered: Product = try await client.send(Shop.order(items: ["a", "b"], note: nil))
        XCTAssertEqual(ordered.id, 9)
        let differentBody: Result<Product, NetworkingError> = await client.send(Shop.order(items: ["b"], note: nil))
        guard case .failure = differentBody else { return XCTFail("a different body is a different call") }
        XCTAssertEqual(client.calls.count, 4, "unmatched calls are recorded too")
        XCTAssertEqual(try client.calls[2].decodeBody([String: AnyCodable].self), ["items": ["a", "b"], "note": nil])
    }

    func testTheNewestMatchingStubAnswers() async throws {
        let client = MockHTTPClient()
        client.stub(Shop.product(id: 1), with: Product(id: 1, name: "Old"))
        client.stub(Shop.product(id: 1), with: Product(id: 1, name: "New"))
        let name = try await Catalog(client: client).name(of: 1)
        XCTAssertEqual(name, "New")
        client.removeAllStubs()
        let gone: Result<Product, NetworkingError> = await client.send(Shop.product(id: 1))
        XCTAssertNotNil(gone.failure)
        XCTAssertEqual(client.calls.count, 2)
        client.reset()
        XCTAssertTrue(client.calls.isEmpty)
    }

    func testValuesConvertThroughJSONWhenTheTypeDiffers() async throws {
        struct Summary: Decodable, Sendable {
            let name: String
        }
        let client = MockHTTPClient()
        client.stub(Shop.product(id: 1), with: Product(id: 1, name: "Lamp"))
        client.stub(Shop.product(id: 2), with: Data(#"{"id": 2, "name": "Desk"}"#.utf8))
        client.stub(Shop.product(id: 3), with: "not a product")
        let summary: Summary = try await client.send(Shop.product(id: 1))
        XCTAssertEqual(summary.name, "Lamp")
        let desk: Product = try await client.send(Shop.product(id: 2))
        XCTAssertEqual(desk, Product(id: 2, name: "Desk"))
        let wrong: Result<Product, NetworkingError> = await client.send(Shop.product(id: 3))
        guard case .failure(.decoding) = wrong else { return XCTFail("\(wrong)") }
    }

    func testBuildFailuresAreThoseOfARealClient() async {
        struct Broken: Endpoint {
            var baseURL: URL { URL(string: "https://shop.example.com")! }
            var path: String { "/x" }
            var method: HTTPMethod { .get }
            var task: HTTPTask { .queryParameters(["bad": ["nested": 1] as [String: any Sendable]]) }
        }
        let client = MockHTTPClient()
        client.stub(Broken(), with: "anything")
        let result: Result<String, NetworkingError> = await client.send(Broken())
        guard case .failure(.invalidRequest(let reason)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("'bad'"), reason)
    }

    func testConcurrentCallsAreAllRecorded() async throws {
        let client = MockHTTPClient()
        for id in 0..<50 { client.stub(Shop.product(id: id), with: Product(id: id, name: "P\(id)")) }
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for id in 0..<50 { group.addTask { try await Catalog(client: client).name(of: id) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(names.count, 50)
        XCTAssertEqual(client.calls.count, 50)
    }

    func testTheExtensionsOfTheProtocolWorkOnTheMock() async throws {
        let client = MockHTTPClient()
        client.stub(Shop.rename(id: 1, name: "Lamp"), with: EmptyResponse())
        try await client.send(Shop.rename(id: 1, name: "Lamp"))
        XCTAssertEqual(try client.calls.first?.decodeBody([String: String].self), ["name": "Lamp"])

        client.stub(Shop.product(id: 1), with: Product(id: 1, name: "Lamp"))
        let delivered = expectation(description: "completion")
        client.send(Shop.product(id: 1)) { (result: Result<Product, NetworkingError>) in
            XCTAssertEqual(try? result.get().name, "Lamp")
            delivered.fulfill()
        }
        await fulfillment(of: [delivered], timeout: 10)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
