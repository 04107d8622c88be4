import Foundation
import Networking
import NetworkingTesting
import XCTest

// Seed 002's "Testing" section, as a downstream test target would write it.

private struct LoginResponse: Decodable, Equatable {
    let accessToken: String
    let refreshToken: String
    let expiresIn: Int
    let user: AuthenticatedUser

    static func fixture() -> LoginResponse {
        LoginResponse(
            accessToken: "access", refreshToken: "refresh", expiresIn: 3600,
            user: AuthenticatedUser(id: 1, email: "a", name: "Ada"))
    }
}

private struct AuthenticatedUser: Decodable, Equatable {
    let id: Int
    let email: String
    let name: String
}

private struct LoginRequest: Encodable, Sendable {
    let email: String
    let password: String
}

private enum AuthEndpoint: NetworkRequestable {
    case login(email: String, password: String)

    var baseURL: URL { URL(string: "https://api.repcard.com")! }
    var path: String { "/v1/auth/login" }
    var method: HTTPMethod { .post }
    var body: (any Encodable & Sendable)? {
        switch self {
        case .login(let email, let password): return LoginRequest(email: email, password: password)
        }
    }
    var requiresAuthentication: Bool { false }
}

private struct APIResponse<T: Decodable>: Decodable {
    let statusCode: String
    let status: String
    let result: T
    let message: String
}

private enum APIError: Error {
    case businessFailure(status: String, message: String)
}

extension DataTransferProtocol {
    fileprivate func sendUnwrapped<T: Decodable, R: NetworkRequestable>(_ request: R) async throws -> T {
        let envelope: APIResponse<T> = try await send(request)
        guard envelope.status.lowercased() == "success" else {
            throw APIError.businessFailure(status: envelope.status, message: envelope.message)
        }
        return envelope.result
    }
}

/// The service under test: it knows only the client protocol and the token provider.
private struct AuthService {
    let client: any DataTransferProtocol
    let tokenProvider: any TokenProvider

    func login(email: String, password: String) async throws -> LoginResponse {
        let response: LoginResponse = try await client.sendUnwrapped(
            AuthEndpoint.login(email: email, password: password))
        try await tokenProvider.setToken(Token(accessToken: response.accessToken))
        return response
    }
}

final class SeedTestingSectionTests: XCTestCase {
    func test_login_persistsToken() async throws {
        let client = MockHTTPClient()
        client.stub(
            AuthEndpoint.login(email: "a", password: "b"),
            with: APIResponse(
                statusCode: "200",
                status: "success",
                result: LoginResponse.fixture(),
                message: ""))

        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        let service = AuthService(client: client, tokenProvider: provider)

        _ = try await service.login(email: "a", password: "b")
        let stored = try await provider.hasToken()
        XCTAssertTrue(stored)
        XCTAssertEqual(client.calls.count, 1)
        XCTAssertEqual(try client.calls[0].decodeBody([String: String].self), ["email": "a", "password": "b"])
    }

    func test_login_withOtherCredentials_isNotStubbed() async throws {
        let client = MockHTTPClient()
        client.stub(
            AuthEndpoint.login(email: "a", password: "b"),
            with: APIResponse(statusCode: "200", status: "success", result: LoginResponse.fixture(), message: ""))
        let provider = StoredTokenProvider(storage: InMemoryTokenStorage())
        do {
            _ = try await AuthService(client: client, tokenProvider: provider).login(email: "a", password: "c")
            XCTFail("expected no stub to match")
        } catch let error as NetworkingError {
            XCTAssertTrue(error.localizedDescription.contains("no stub"), error.localizedDescription)
        }
        let stored = try await provider.hasToken()
        XCTAssertFalse(stored)
    }
}
