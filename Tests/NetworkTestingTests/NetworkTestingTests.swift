import Foundation
import NetworkTesting
import Networking
import XCTest

/// `import NetworkTesting` gives the testing library's helpers, as the endpoint layer's
/// documentation shows.
final class NetworkTestingTests: XCTestCase {
    private struct Profile: Codable, Equatable, Sendable { let name: String }

    private enum Account: Endpoint {
        case profile
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/profile" }
        var method: HTTPMethod { .get }
        var task: HTTPTask { .none }
        var headers: [String: String]? { nil }
    }

    func testMockHTTPClientAndInMemoryTransportAreReachable() async throws {
        let mock = MockHTTPClient()
        mock.stub(Account.profile, with: Profile(name: "Ada"))
        let profile: Profile = try await mock.send(Account.profile)
        XCTAssertEqual(profile, Profile(name: "Ada"))

        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/profile", with: .json(Profile(name: "Grace")))
        let client = HTTPClient(transport: transport)
        let sent: Profile = try await client.send(Account.profile)
        XCTAssertEqual(sent, Profile(name: "Grace"))
        XCTAssertEqual(transport.requests.count, 1)
    }
}
