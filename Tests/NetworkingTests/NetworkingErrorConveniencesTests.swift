import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `isUnauthorized`, `isOffline`, `isTimeout`… and the patterns that make `catch NetworkError.x` work.
final class NetworkingErrorConveniencesTests: XCTestCase {
    private func http(_ status: Int) -> NetworkingError {
        .http(HTTPError(metadata: ResponseMetadata(statusCode: status, headers: [:], body: Data())))
    }

    private func transport(_ code: URLError.Code) -> NetworkingError { .transport(URLError(code)) }

    func testStatusConveniences() {
        XCTAssertTrue(http(401).isUnauthorized)
        XCTAssertFalse(http(403).isUnauthorized)
        XCTAssertTrue(http(403).isForbidden)
        XCTAssertTrue(http(404).isNotFound)
        XCTAssertTrue(http(422).isClientError)
        XCTAssertFalse(http(422).isServerError)
        XCTAssertTrue(http(503).isServerError)
        XCTAssertEqual(http(503).serverErrorCode, 503)
        XCTAssertNil(http(404).serverErrorCode)
        XCTAssertEqual(http(418).httpStatusCode, 418)
        let decoding = NetworkingError.decoding(
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x")),
            ResponseMetadata(statusCode: 200, headers: [:], body: Data()))
        XCTAssertNil(decoding.httpStatusCode, "only .http carries an error status")
        XCTAssertFalse(decoding.isServerError)
    }

    func testTransportConveniences() {
        XCTAssertTrue(transport(.notConnectedToInternet).isOffline)
        XCTAssertTrue(transport(.networkConnectionLost).isOffline)
        XCTAssertFalse(transport(.timedOut).isOffline)
        XCTAssertTrue(transport(.timedOut).isTimeout)
        XCTAssertFalse(transport(.cannotFindHost).isTimeout)
        XCTAssertFalse(http(504).isTimeout, "a gateway timeout is a server error")
        XCTAssertTrue(NetworkingError.cancelled.isCancelled)
        XCTAssertFalse(http(401).isOffline)
    }

    /// Seed 002's step 7, with the one change `NetworkingError`'s closed cases require: the server
    /// error's code is read from the error instead of bound by the pattern.
    private func userFacingMessage(_ operation: () async throws -> String) async -> String {
        do {
            return try await operation()
        } catch NetworkError.unauthorized {
            return "Invalid email or password."
        } catch NetworkError.noInternetConnection {
            return "You appear to be offline. Check your connection and try again."
        } catch NetworkError.timeout {
            return "The server took too long to respond. Please try again."
        } catch let error as NetworkError where error.isServerError {
            return "Server error (\(error.statusCode ?? 0)). Please try again later."
        } catch {
            return "Something went wrong: \(error.localizedDescription)"
        }
    }

    func testCatchClausesMatchThePatterns() async {
        func failing(_ error: any Error) -> () async throws -> String { { throw error } }
        let unauthorized = await userFacingMessage(failing(http(401)))
        XCTAssertEqual(unauthorized, "Invalid email or password.")
        let offline = await userFacingMessage(failing(transport(.notConnectedToInternet)))
        XCTAssertEqual(offline, "You appear to be offline. Check your connection and try again.")
        let bareURLError = await userFacingMessage(failing(URLError(.notConnectedToInternet)))
        XCTAssertEqual(bareURLError, offline, "a bare URLError matches too")
        let timeout = await userFacingMessage(failing(transport(.timedOut)))
        XCTAssertEqual(timeout, "The server took too long to respond. Please try again.")
        let server = await userFacingMessage(failing(http(503)))
        XCTAssertEqual(server, "Server error (503). Please try again later.")
        let other = await userFacingMessage(failing(http(404)))
        XCTAssertTrue(other.hasPrefix("Something went wrong"), other)
        let success = await userFacingMessage { "Welcome" }
        XCTAssertEqual(success, "Welcome")
    }

    func testCatchClausesMatchErrorsFromAClient() async {
        let client = MockHTTPClient()
        client.stub(MyEndpoint.getUser(userId: "1"), statusCode: 401)
        let message = await userFacingMessage {
            let user: User = try await client.send(MyEndpoint.getUser(userId: "1"))
            return user.name
        }
        XCTAssertEqual(message, "Invalid email or password.")
    }

    func testPatternsInASwitch() {
        func classify(_ error: NetworkingError) -> String {
            switch error {
            case NetworkingError.unauthorized: "sign in"
            case NetworkingError.status(409): "conflict"
            case NetworkingError.clientError: "fix the request"
            case NetworkingError.serverError: "retry later"
            default: "other"
            }
        }
        XCTAssertEqual(classify(http(401)), "sign in")
        XCTAssertEqual(classify(http(409)), "conflict")
        XCTAssertEqual(classify(http(400)), "fix the request")
        XCTAssertEqual(classify(http(500)), "retry later")
        XCTAssertEqual(classify(.cancelled), "other")
    }

    func testPatternsDoNotMatchUnrelatedErrors() {
        struct Unrelated: Error {}
        XCTAssertFalse(NetworkingError.unauthorized ~= (Unrelated() as any Error))
        XCTAssertFalse(NetworkingError.noInternetConnection.matches(Unrelated()))
        XCTAssertTrue(NetworkingError.timeout.matches(URLError(.timedOut)))
    }
}
