import Foundation
import Networking
import XCTest

/// `setHeaderFields` against httpbin: overriding what URLSession sends and adding new headers.
final class HeadersIntegrationTests: XCTestCase {
    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    private func userAgent(_ networking: Networking) async throws -> String? {
        let result: Result<[String: String], NetworkingError> = await networking.get("/user-agent")
        return try unwrapSuccess(result)["user-agent"]
    }

    private func headers(_ networking: Networking) async throws -> [String: String] {
        let result: Result<[String: [String: String]], NetworkingError> = await networking.get("/headers")
        return try XCTUnwrap(unwrapSuccess(result)["headers"])
    }

    func testUserAgentIsOverridden() async throws {
        let networking = HTTPBin.client()
        let stock = try await userAgent(networking)
        XCTAssertNotEqual(stock, "your new user agent")
        await networking.setHeaderFields(["User-Agent": "your new user agent"])
        let sent1 = try await userAgent(networking)
        XCTAssertEqual(sent1, "your new user agent")
    }

    func testALaterValueOverwritesAnEarlierOneWhateverItsCase() async throws {
        let networking = HTTPBin.client()
        await networking.setHeaderFields(["User-Agent": "first", "X-Keep": "kept"])
        await networking.setHeaderFields(["user-agent": "second"])
        let sent2 = try await userAgent(networking)
        XCTAssertEqual(sent2, "second")
        let sent3 = try await headers(networking)
        XCTAssertEqual(sent3["X-Keep"], "kept", "setting one header keeps the others")
    }

    func testNewHeadersAreAddedAndAcceptDefaultsToJSON() async throws {
        let networking = HTTPBin.client()
        let sent4 = try await headers(networking)
        XCTAssertEqual(sent4["Accept"], "application/json")
        await networking.setHeaderFields(["X-Custom": "døgn value", "Accept": "text/plain"])
        let sent = try await headers(networking)
        XCTAssertEqual(sent["Accept"], "text/plain")
        XCTAssertNotNil(sent["X-Custom"])
    }

    func testARepeatedHeaderSendsEveryValueInOrder() async throws {
        let networking = HTTPBin.client()
        await networking.addHeaderField(name: "X-Tag", value: "one")
        await networking.addHeaderField(name: "X-Tag", value: "two")
        var fields = HTTPHeaders()
        fields.add(name: "X-List", value: "a")
        fields.add(name: "x-list", value: "b")
        fields.add(name: "X-List", value: "c")
        await networking.setHeaderFields(fields)
        let sent = try await headers(networking)
        XCTAssertEqual(sent["X-Tag"], "one, two")
        XCTAssertEqual(sent["X-List"], "a, b, c")

        await networking.setHeaderFields(["X-Tag": "only"])
        let replaced = try await headers(networking)
        XCTAssertEqual(replaced["X-Tag"], "only", "setting a name replaces all of its values")
        XCTAssertEqual(replaced["X-List"], "a, b, c")
    }

    func testAHeaderThatWouldInjectAnotherIsAnInvalidRequest() async throws {
        let networking = HTTPBin.client()
        await networking.setHeaderFields(["X-Custom": "1\r\nX-Evil: 1"])
        let result: Result<Void, NetworkingError> = await networking.get("/headers")
        guard case .invalidRequest(let reason) = try unwrapFailure(result) else { return XCTFail("\(result)") }
        XCTAssertTrue(reason.contains("X-Custom"), reason)
        await networking.setHeaderFields(["Bad Name": "1"])
        let badName: Result<Void, NetworkingError> = await networking.get("/headers")
        guard case .invalidRequest = try unwrapFailure(badName) else { return XCTFail("\(badName)") }
    }
}
