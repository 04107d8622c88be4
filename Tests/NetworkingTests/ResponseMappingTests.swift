import Foundation
import Networking
import NetworkingTesting
import XCTest

/// `JSONMapper` (bytes rewritten before decoding) and `DecodableError` (your error type).
final class ResponseMappingTests: XCTestCase {
    private enum API: Endpoint {
        case profile

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/profile" }
        var method: HTTPMethod { .get }
    }

    private struct Profile: Decodable, Sendable, JsonMapper {
        let name: String

        /// The server wraps the payload as `{"data": {...}}`.
        static func map(_ data: Data) -> Data {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let inner = object["data"], let unwrapped = try? JSONSerialization.data(withJSONObject: inner)
            else { return data }
            return unwrapped
        }
    }

    private struct ServerError: DecodableError, Equatable {
        let code: String
        let message: String

        init(code: String, message: String) {
            self.code = code
            self.message = message
        }

        init(_ error: NetworkingError) {
            self.init(code: "client", message: error.isOffline ? "offline" : "other")
        }
    }

    private let url = "https://api.example.com/profile"

    private func client(_ transport: InMemoryTransport) -> HTTPClient {
        var logging = LogSettings()
        logging.level = .none
        return HTTPClient(configuration: .init(logging: logging), transport: transport)
    }

    func testMapperRewritesTheBodyBeforeDecoding() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: jsonResponse(#"{"data": {"name": "Ada"}}"#))
        let profile: Profile = try await client(transport).send(API.profile)
        XCTAssertEqual(profile.name, "Ada")
    }

    func testMapperAppliesOnlyToTheRequestedType() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: jsonResponse(#"[{"data": {"name": "Ada"}}]"#))
        let result: Result<[Profile], NetworkingError> = await client(transport).send(API.profile)
        guard case .failure(.decoding) = result else { return XCTFail("nested types are not mapped: \(result)") }
    }

    func testEmptyResponseAcceptsAnyBody() async throws {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: FakeResponse(statusCode: 204))
        let empty: EmptyResponse = try await client(transport).send(API.profile)
        XCTAssertEqual(empty, EmptyResponse())
        transport.stub(.get, url, with: .text("not json"))
        let _: EmptyResponse = try await client(transport).send(API.profile)
    }

    func testErrorBodyDecodesIntoTheAppsErrorType() async {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: jsonResponse(#"{"code": "E42", "message": "Quota exceeded"}"#, statusCode: 429))
        do {
            let _: Profile = try await client(transport).send(API.profile, errorType: ServerError.self)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error, ServerError(code: "E42", message: "Quota exceeded"))
        }
    }

    func testFailuresWithoutADecodableBodyBecomeTheAppsErrorFromTheNetworkingError() async {
        let transport = InMemoryTransport()
        transport.stub(.get, url, with: .failure(.transport(URLError(.notConnectedToInternet))))
        do {
            let _: Profile = try await client(transport).send(API.profile, errorType: ServerError.self)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error, ServerError(code: "client", message: "offline"))
        }
        transport.stub(.get, url, with: .text("<html>Bad gateway</html>", statusCode: 502))
        do {
            let _: Profile = try await client(transport).send(API.profile, errorType: ServerError.self)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error, ServerError(code: "client", message: "other"))
        }
    }

    func testDecodedErrorReadsTheBodyOfAnHTTPError() {
        let body = Data(#"{"code": "E1", "message": "No"}"#.utf8)
        let error = NetworkingError.http(
            HTTPError(metadata: ResponseMetadata(statusCode: 400, headers: [:], body: body)))
        XCTAssertEqual(error.decodedError(as: ServerError.self), ServerError(code: "E1", message: "No"))
        XCTAssertNil(NetworkingError.cancelled.decodedError(as: ServerError.self))
        let html = NetworkingError.http(
            HTTPError(metadata: ResponseMetadata(statusCode: 500, headers: [:], body: Data("<html>".utf8))))
        XCTAssertNil(html.decodedError(as: ServerError.self))
    }
}
