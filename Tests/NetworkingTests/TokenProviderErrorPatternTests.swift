import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `catch TokenProviderError.notAuthenticated` (the document's error handling) matches a request
/// that failed because no token is stored, while the clients' `Result` keeps its `NetworkingError`.
final class TokenProviderErrorPatternTests: XCTestCase {
    private struct Me: Endpoint {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
    }

    private let transport: InMemoryTransport = {
        let transport = InMemoryTransport()
        transport.stub(.get, "https://api.example.com/me", with: jsonResponse(#"{"id": "1", "name": "Ada"}"#))
        return transport
    }()

    private func signedOutClient() -> HTTPClient {
        let tokens = StoredTokenProvider(storage: InMemoryTokenStorage())
        return HTTPClient(
            configuration: .init(interceptors: [AuthTokenInterceptor(tokenProvider: tokens)]), transport: transport)
    }

    /// As the document's `performLogin` is written: an untyped `throws` between client and `catch`.
    private func currentUser(_ client: HTTPClient) async throws -> User {
        try await client.send(Me())
    }

    func testTheDocumentsCatchClauseMatchesWhenNoTokenIsStored() async {
        let client = signedOutClient()
        do {
            _ = try await currentUser(client)
            XCTFail("expected a failure")
        } catch TokenProviderError.notAuthenticated {
            // The document's clause.
        } catch {
            XCTFail("not matched by TokenProviderError.notAuthenticated: \(error)")
        }
        XCTAssertTrue(transport.requests.isEmpty, "nothing is sent without a token")
    }

    func testItMatchesInATypedDoBlockAndTheResultStaysANetworkingError() async throws {
        let client = signedOutClient()
        do {
            let _: User = try await client.send(Me())
            XCTFail("expected a failure")
        } catch TokenProviderError.notAuthenticated {
            // A `do` whose body throws only `NetworkingError`.
        } catch {
            XCTFail("not matched: \(error)")
        }
        let result: Result<User, NetworkingError> = await client.send(Me())
        let error = try unwrapFailure(result)
        XCTAssertTrue(error.isNotAuthenticated)
        XCTAssertEqual(error.localizedDescription, TokenProviderError.notAuthenticated.description)
    }

    func testItMatchesTheBareErrorAndNothingElse() {
        func matches(_ error: any Error) -> Bool {
            do {
                throw error
            } catch TokenProviderError.notAuthenticated {
                return true
            } catch {
                return false
            }
        }
        XCTAssertTrue(matches(TokenProviderError.notAuthenticated))
        XCTAssertTrue(matches(NetworkingError.notSignedIn))
        XCTAssertFalse(matches(NetworkingError.transport(URLError(.timedOut))))
        XCTAssertFalse(matches(NetworkingError.authentication("The credential could not be refreshed.")))
        XCTAssertFalse(matches(URLError(.userAuthenticationRequired)))
        switch TokenProviderError.notAuthenticated.code {
        case .notAuthenticated: break
        }
    }
}
