import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects against httpbin: credentials never follow a redirect to another origin, 307 keeps the
/// body, 302 turns a POST into a GET, and a redirect chain is bounded.
final class RedirectsIntegrationTests: XCTestCase {
    private struct HeadersEcho: Decodable, Sendable {
        let headers: [String: String]
    }

    private struct Echo: Decodable, Sendable {
        let json: [String: String]?
        let url: String
        var data: String?
        var headers: [String: String]?
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    private func redirect(to url: String, status: Int = 302) -> String {
        let target = PercentEncoding.query([
            URLQueryItem(name: "url", value: url), URLQueryItem(name: "status_code", value: "\(status)"),
        ])
        return "/redirect-to?" + target
    }

    func testAuthorizationDoesNotFollowARedirectToAnotherOrigin() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "SECRET")
        await networking.setHeaderFields(["X-Visible": "yes"])
        let result: Result<HeadersEcho, NetworkingError> = await networking.get(
            redirect(to: HTTPBin.otherOriginBaseURL + "/headers"))
        let headers = try unwrapSuccess(result).headers
        XCTAssertEqual(headers["Host"], "localhost:\(HTTPBin.port)", "the redirect was followed to the other host")
        XCTAssertNil(headers["Authorization"])
        XCTAssertEqual(headers["X-Visible"], "yes", "ordinary headers still go")
    }

    func testACustomAuthorizationHeaderDoesNotFollowARedirectToAnotherOrigin() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "SECRET")
        for status in [302, 307] {
            let result: Result<HeadersEcho, NetworkingError> = await networking.get(
                redirect(to: HTTPBin.otherOriginBaseURL + "/headers", status: status))
            let headers = try unwrapSuccess(result).headers
            XCTAssertNil(headers["Anonymous-Token"], "\(status)")
            XCTAssertFalse(headers.keys.contains { $0.lowercased().hasPrefix("x-networking") }, "\(headers)")
        }
        let direct: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        let sent = try unwrapSuccess(direct).headers
        XCTAssertEqual(sent["Anonymous-Token"], "SECRET", "same origin keeps it")
        XCTAssertFalse(sent.keys.contains { $0.lowercased().hasPrefix("x-networking") }, "\(sent)")
    }

    func testAuthorizationFollowsASameOriginRedirect() async throws {
        let networking = HTTPBin.client()
        await networking.setAuthorizationHeader(token: "SECRET")
        let relative: Result<HeadersEcho, NetworkingError> = await networking.get(redirect(to: "/headers"))
        XCTAssertEqual(try unwrapSuccess(relative).headers["Authorization"], "Bearer SECRET")
        let absolute: Result<HeadersEcho, NetworkingError> = await networking.get(
            redirect(to: HTTPBin.baseURL + "/headers"))
        XCTAssertEqual(try unwrapSuccess(absolute).headers["Authorization"], "Bearer SECRET")
    }

    func test307KeepsThePostAndItsBody() async throws {
        let networking = HTTPBin.client()
        for status in [307, 308] {
            let result: Result<Echo, NetworkingError> = await networking.post(
                redirect(to: "/post", status: status), body: ["name": "jameson"])
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.json, ["name": "jameson"], "\(status)")
            XCTAssertEqual(echo.url, HTTPBin.baseURL + "/post")
        }
    }

    /// A file body is read afresh for the redirected request: the server gets the whole file again.
    func test307ResendsAFileBodyFromTheStart() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).txt")
        try Data("the whole file, from its first byte".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let networking = HTTPBin.client()
        for status in [307, 308] {
            let result: Result<Echo, NetworkingError> = await networking.upload(
                redirect(to: "/post", status: status), fileURL: file, contentType: "text/plain")
            let echo = try unwrapSuccess(result)
            XCTAssertEqual(echo.data, "the whole file, from its first byte", "\(status)")
            XCTAssertEqual(echo.url, HTTPBin.baseURL + "/post")
            XCTAssertNil(echo.headers?["X-Networking-Body-File"], "no local path reaches the server")
        }
    }

    func test302TurnsAPostIntoAGet() async throws {
        let result: Result<Echo, NetworkingError> = await HTTPBin.client().post(
            redirect(to: "/get"), body: ["name": "jameson"])
        XCTAssertEqual(try unwrapSuccess(result).url, HTTPBin.baseURL + "/get")
    }

    func testRedirectChainsAreFollowedAndBounded() async throws {
        let networking = HTTPBin.client()
        let three: Result<Echo, NetworkingError> = await networking.get("/redirect/3")
        XCTAssertEqual(try unwrapSuccess(three).url, HTTPBin.baseURL + "/get")
        let eleven: Result<Void, NetworkingError> = await networking.get("/redirect/11")
        guard case .transport(let error) = try unwrapFailure(eleven) else { return XCTFail("got \(eleven)") }
        XCTAssertEqual(error.code, .httpTooManyRedirects)
    }
}
