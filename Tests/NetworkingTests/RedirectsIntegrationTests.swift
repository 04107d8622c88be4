import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects against httpbin: credentials never follow a redirect to another origin, 307 keeps the
/// body, 302 turns a POST into a GET, a redirect chain is bounded and listed in the metrics, and a
/// cycle fails at once.
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

    /// The three redirects of `/redirect/3`, as its metrics list them.
    private func assertThreeRedirects(
        _ metrics: TransactionMetrics?, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let metrics = try XCTUnwrap(metrics, "a redirected request has metrics", file: file, line: line)
        let base = HTTPBin.baseURL
        XCTAssertEqual(
            metrics.redirects.map(\.url.absoluteString),
            [base + "/redirect/3", base + "/relative-redirect/2", base + "/relative-redirect/1"], file: file,
            line: line)
        XCTAssertEqual(
            metrics.redirects.map(\.location.absoluteString),
            [base + "/relative-redirect/2", base + "/relative-redirect/1", base + "/get"], file: file, line: line)
        XCTAssertEqual(metrics.redirects.map(\.statusCode), [302, 302, 302], file: file, line: line)
        XCTAssertEqual(metrics.redirects.map(\.method), [.get, .get, .get], file: file, line: line)
        XCTAssertEqual(metrics.redirectCount, 3, file: file, line: line)
    }

    func testTheRedirectsOfARequestAreListedOnTheCompletionAndTheResponse() async throws {
        let networking = HTTPBin.client()
        let observer = RecordingObserver()
        await networking.addObserver(observer)
        let three: Result<Echo, NetworkingError> = await networking.get("/redirect/3")
        XCTAssertEqual(try unwrapSuccess(three).url, HTTPBin.baseURL + "/get")
        let completion = try XCTUnwrap(observer.completed.first)
        try assertThreeRedirects(completion.metrics)
        XCTAssertEqual(completion.response?.url?.absoluteString, HTTPBin.baseURL + "/get")

        let request = URLRequest(url: try XCTUnwrap(URL(string: HTTPBin.baseURL + "/redirect/3")))
        let exchange = try await networking.transport.send(request)
        XCTAssertEqual(exchange.statusCode, 200)
        try assertThreeRedirects(exchange.metrics)

        let direct: Result<Echo, NetworkingError> = await networking.get("/get")
        XCTAssertNoThrow(try direct.get())
        XCTAssertEqual(observer.completed.last?.metrics?.redirects, [], "a request that was not redirected has none")
    }

    /// httpbin's `redirect-to` cannot make two URLs that redirect to each other (each would have to
    /// contain the other), so the circle is the fault server's `/redirect-ring`: 0 → 1 → 0.
    func testACycleFailsAtOnceNamingTheCircle() async throws {
        let server = try FaultServer()
        defer { server.stop() }
        let networking = HTTPBin.client(baseURL: server.baseURL)
        let observer = RecordingObserver()
        await networking.addObserver(observer)
        let result: Result<Void, NetworkingError> = await networking.get("/redirect-ring?at=0&size=2")
        let failure = try unwrapFailure(result)
        guard case .transport(let error) = failure else { return XCTFail("got \(failure)") }
        XCTAssertEqual(error.code, .httpTooManyRedirects, "the error of the limit, reached before it")
        let ring = server.baseURL + "/redirect-ring?"
        let circle = "\(ring)at=0&size=2 → \(ring)at=1&size=2 → \(ring)at=0&size=2"
        XCTAssertEqual(error.localizedDescription, "The redirects went in a circle: \(circle).")
        XCTAssertTrue(failure.localizedDescription.contains("The redirects went in a circle: \(circle)."), "\(failure)")
        let sent = try await server.requestLines().filter { $0.contains("/redirect-ring") }
        XCTAssertEqual(sent.count, 2, "each URL of the circle was asked once, not until the limit: \(sent)")
        guard case .failure(let observed) = try XCTUnwrap(observer.completed.first).outcome else {
            return XCTFail("observers see the failure")
        }
        XCTAssertEqual(observed.description, failure.description)
    }
}
