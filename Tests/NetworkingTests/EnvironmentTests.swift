import Foundation
import Networking
import NetworkingTesting
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.live`, `.test` and `.preview`: sample data instead of the network.
final class EnvironmentTests: XCTestCase {
    private enum Catalog: Endpoint {
        case product(id: Int)
        case secret(token: String)
        case mapped

        var baseURL: URL { URL(string: "https://shop.example.com")! }
        var path: String {
            switch self {
            case .product(let id): "/products/\(id)"
            case .secret: "/secret"
            case .mapped: "/mapped"
            }
        }
        var method: HTTPMethod { .get }
        var sampleData: Data? {
            switch self {
            case .product(let id): Data(#"{"id": \#(id), "name": "Sample"}"#.utf8)
            case .secret: nil
            case .mapped: Data(#"{"data": {"id": 7, "name": "Wrapped"}}"#.utf8)
            }
        }
    }

    private struct Product: Decodable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    private struct UnwrappedProduct: Decodable, Sendable, JSONMapper {
        let id: Int
        let name: String

        static func map(_ data: Data) -> Data {
            guard let json = try? JSONDecoder().decode([String: AnyCodable].self, from: data), let inner = json["data"],
                let bytes = try? JSONEncoder().encode(inner)
            else { return data }
            return bytes
        }
    }

    func testTestEnvironmentAnswersWithSampleDataWithoutSendingAnything() async throws {
        let transport = InMemoryTransport()
        let observer = RecordingObserver()
        let seen = SeenPaths()
        let client = HTTPClient(
            configuration: .init(interceptors: [seen], environment: .test, observers: [observer]), transport: transport)
        let product: Product = try await client.send(Catalog.product(id: 42))
        XCTAssertEqual(product, Product(id: 42, name: "Sample"))
        XCTAssertTrue(transport.requests.isEmpty, "nothing is sent in .test")
        XCTAssertEqual(seen.paths, ["/products/42"], "interceptors see a sample answer like a real one")
        XCTAssertEqual(observer.started.count, 1, "observers see it once")
        XCTAssertEqual(observer.completed.count, 1)
        XCTAssertEqual(client.environment, .test)
    }

    func testSampleDataGoesThroughMappingAndDecodingLikeARealResponse() async throws {
        let client = HTTPClient(environment: .test, transport: InMemoryTransport())
        let product: UnwrappedProduct = try await client.send(Catalog.mapped)
        XCTAssertEqual(product.name, "Wrapped")
        let result: Result<[String], NetworkingError> = await client.send(Catalog.product(id: 1))
        guard case .failure(.decoding(_, let metadata)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(metadata.statusCode, 200)
    }

    func testAnEndpointWithoutSampleDataFailsNamingItButNotItsValues() async {
        for environment in [HTTPClient.Environment.test, .preview(delay: .zero)] {
            let client = HTTPClient(environment: environment, transport: InMemoryTransport())
            let result: Result<Product, NetworkingError> = await client.send(Catalog.secret(token: "hunter2"))
            guard case .failure(.invalidRequest(let reason)) = result else { return XCTFail("\(result)") }
            XCTAssertTrue(reason.contains("Catalog.secret (GET /secret)"), reason)
            XCTAssertTrue(reason.contains("sampleData"), reason)
            XCTAssertTrue(reason.contains(environment.description), reason)
            XCTAssertFalse(reason.contains("hunter2"), reason)
        }
    }

    func testPreviewAnswersWithSampleDataAfterItsDelay() async throws {
        let client = HTTPClient(environment: .preview(delay: .milliseconds(1)), transport: InMemoryTransport())
        let product: Product = try await client.send(Catalog.product(id: 1))
        XCTAssertEqual(product, Product(id: 1, name: "Sample"))
    }

    func testPreviewWaitsUntilItsDelayHasPassed() async {
        // A preview with a long delay is still waiting when cancelled: it ends with .cancelled.
        let client = HTTPClient(environment: .preview(delay: .seconds(600)), transport: InMemoryTransport())
        let task = Task { () -> Result<Product, NetworkingError> in await client.send(Catalog.product(id: 1)) }
        task.cancel()
        let result = await task.value
        guard case .failure(.cancelled) = result else { return XCTFail("expected .cancelled, got \(result)") }
    }

    func testEnvironmentValues() {
        XCTAssertEqual(HTTPClient.Environment.live.mode, .live)
        XCTAssertEqual(HTTPClient.Environment.test.mode, .test)
        XCTAssertEqual(HTTPClient.Environment.preview.mode, .preview)
        XCTAssertEqual(HTTPClient.Environment.preview.previewDelay, .milliseconds(500))
        XCTAssertEqual(HTTPClient.Environment.preview(delay: .seconds(-3)).previewDelay, .zero)
        XCTAssertEqual(HTTPClient().environment, .live)
        XCTAssertEqual(HTTPClient.Environment.test.description, ".test")
    }

    func testLiveSendsEvenWhenTheEndpointHasSampleData() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://shop.example.com/products/5", with: jsonResponse(#"{"id": 5, "name": "Real"}"#))
        let product: Product = try await HTTPClient(environment: .live, transport: transport).send(
            Catalog.product(id: 5))
        XCTAssertEqual(product.name, "Real")
    }
}

/// Records the path of every request it lets through.
private final class SeenPaths: HTTPInterceptor {
    private let recorded = Mutex<[String]>([])
    var paths: [String] { recorded.withLock { $0 } }

    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        recorded.withLock { $0.append(request.url?.path ?? "") }
        return try await next(request)
    }
}
