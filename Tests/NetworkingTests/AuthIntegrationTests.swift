import Foundation
import Networking
import XCTest

/// The four `setAuthorizationHeader` forms, `clearAuthorizationHeader` and `reset` against httpbin.
final class AuthIntegrationTests: XCTestCase {
    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    private func headers(_ networking: Networking) async throws -> [String: String] {
        let result: Result<[String: [String: String]], NetworkingError> = await networking.get("/headers")
        return try XCTUnwrap(unwrapSuccess(result)["headers"])
    }

    func testBasicWithTheRightPassword() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")
        let response = try unwrapSuccess(result)
        XCTAssertEqual(response.body["authenticated"]?.boolValue, true)
        XCTAssertEqual(response.body["user"]?.stringValue, "aladdin")
    }

    func testBasicWithTheWrongPasswordIsA401AndDoesNotHang() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(username: "aladdin", password: "wrong")
        let result: Result<JSONResponse, NetworkingError> = await withDeadline {
            await networking.get("/basic-auth/aladdin/opensesame")
        }
        guard case .http(let error) = try unwrapFailure(result) else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertEqual(error.metadata.header("www-authenticate"), "Basic realm=\"Fake Realm\"")
    }

    func testBasicWithoutCredentialsIsA401AndDoesNotHang() async throws {
        let result: Result<Void, NetworkingError> = await withDeadline {
            await HTTPBin.client().get("/basic-auth/aladdin/opensesame")
        }
        XCTAssertEqual(try unwrapFailure(result).statusCode, 401)
    }

    func testBasicEncodesNonASCIICredentialsAsUTF8() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(username: "åse", password: "pass:word")
        let sent = try await headers(networking)["Authorization"]
        XCTAssertEqual(sent, "Basic " + Data("åse:pass:word".utf8).base64EncodedString())
    }

    func testBearerToken() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/bearer")
        let response = try unwrapSuccess(result)
        XCTAssertEqual(response.body["authenticated"]?.boolValue, true)
        XCTAssertEqual(response.body["token"]?.stringValue, "AAAFFAAAA3DAAAAAA")
    }

    func testBearerWithoutATokenIsA401() async throws {
        let result: Result<JSONResponse, NetworkingError> = await withDeadline { await HTTPBin.client().get("/bearer") }
        guard case .http(let error) = try unwrapFailure(result) else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.statusCode, 401)
        XCTAssertTrue(error.isClientError)
        XCTAssertFalse(NetworkingError.http(error).isRetryable)
    }

    func testCustomAuthorizationValue() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(headerValue: "Token token=AAAFFAAAA3DAAAAAA")
        let sent1 = try await headers(networking)
        XCTAssertEqual(sent1["Authorization"], "Token token=AAAFFAAAA3DAAAAAA")
    }

    func testCustomHeaderKeyReplacesAuthorization() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "old")
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "AAAFFAAAA3DAAAAAA")
        let sent = try await headers(networking)
        XCTAssertEqual(sent["Anonymous-Token"], "AAAFFAAAA3DAAAAAA")
        XCTAssertNil(sent["Authorization"])
        let name = await networking.authorizationHeaderName
        XCTAssertEqual(name, "Anonymous-Token")
    }

    func testTheLatestCredentialWins() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
        await networking.setAuthorizationHeader(token: "newer")
        let sent2 = try await headers(networking)
        XCTAssertEqual(sent2["Authorization"], "Bearer newer")
    }

    func testClearAuthorizationHeader() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
        await networking.clearAuthorizationHeader()
        let sent3 = try await headers(networking)
        XCTAssertNil(sent3["Authorization"])
    }

    func testResetForgetsCredentialsAndHeaderFields() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "secret")
        await networking.setHeaderFields(["X-Custom": "1"])
        let sent4 = try await headers(networking)
        XCTAssertEqual(sent4["Anonymous-Token"], "secret")
        await networking.reset()
        let sent = try await headers(networking)
        XCTAssertNil(sent["Anonymous-Token"])
        XCTAssertNil(sent["Authorization"])
        XCTAssertNil(sent["X-Custom"])
        let bearer: Result<Void, NetworkingError> = await networking.get("/bearer")
        XCTAssertEqual(try unwrapFailure(bearer).statusCode, 401)
        let name = await networking.authorizationHeaderName
        XCTAssertEqual(name, "Authorization")
    }

    func testACredentialThatWouldInjectAHeaderIsAnInvalidRequest() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "abc\r\nX-Evil: 1")
        let result: Result<Void, NetworkingError> = await networking.get("/headers")
        guard case .invalidRequest(let reason) = try unwrapFailure(result) else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("Authorization"), reason)
    }
}
