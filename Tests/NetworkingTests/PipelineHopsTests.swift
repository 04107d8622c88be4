import Foundation
import Networking
import Synchronization
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects, cookies and credential stripping belong to the pipeline, not to a transport: a
/// transport of ten lines, and a fake, get all three without a line of their own.
final class PipelineHopsTests: XCTestCase {
    /// A transport of ten lines: `/login` sets a cookie and redirects to `/home`, `/away` redirects
    /// to another origin; every other path answers with the request's `Cookie` and `X-Api-Key`.
    struct TenLineTransport: HTTPTransport {
        let seen = SeenURLs()
        func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            let url = request.head.url!
            seen.urls.withLock { $0.append(url.absoluteString) }
            let fields: [String: String] =
                switch url.path {
                case "/login": ["Location": "/home", "Set-Cookie": "session=abc; Path=/"]
                case "/away": ["Location": "http://other.test/echo"]
                default: ["Content-Type": "text/plain"]
                }
            let status = fields["Location"] == nil ? 200 : 302
            let echoed =
                "cookie=\(request.head.value(forHTTPHeaderField: "Cookie") ?? "-") "
                + "key=\(request.head.value(forHTTPHeaderField: "X-Api-Key") ?? "-")"
            let head = ResponseHead(url: url, statusCode: status, headerFields: fields)!
            return TransportResponse(request: request.head, head: head, body: Data(echoed.utf8))
        }
    }

    func testATransportOfItsOwnGetsRedirectsAndCookiesFromThePipeline() async throws {
        let transport = TenLineTransport()
        let networking = Networking(baseURL: "http://api.test", transport: transport)
        let home: String = try await networking.get("/login").get()
        XCTAssertEqual(home, "cookie=session=abc key=-", "the redirect was followed with the cookie it set")
        XCTAssertEqual(transport.seen.urls.withLock { $0 }, ["http://api.test/login", "http://api.test/home"])
        let again: String = try await networking.get("/profile").get()
        XCTAssertEqual(again, "cookie=session=abc key=-", "the jar keeps the cookie for later requests")
    }

    func testARedirectToAnotherOriginStripsTheClientsOwnCredentialHeaderAndItsCookies() async throws {
        let transport = TenLineTransport()
        let networking = Networking(baseURL: "http://api.test", transport: transport)
        await networking.setAuthorizationHeader(headerKey: "X-Api-Key", headerValue: "secret")
        let _: String = try await networking.get("/login").get()
        let same: String = try await networking.get("/echo").get()
        XCTAssertEqual(same, "cookie=session=abc key=secret")
        let crossed: String = try await networking.get("/away").get()
        XCTAssertEqual(crossed, "cookie=- key=-", "neither the key nor api.test's cookie reached other.test")
        XCTAssertEqual(transport.seen.urls.withLock { $0 }.last, "http://other.test/echo")
    }

    func testARedirectingFakeIsFollowedAndTheMetricsCountTheHop() async throws {
        let transport = TenLineTransport()
        let networking = Networking(baseURL: "http://api.test", transport: transport)
        await networking.fake(.get, "/old", response: .text("", statusCode: 301, headers: ["Location": "/new"]))
        await networking.fake(.get, "/new", response: .text("moved here"))
        let events = await networking.events()
        let moved: String = try await networking.get("/old").get()
        XCTAssertEqual(moved, "moved here")
        XCTAssertTrue(transport.seen.urls.withLock { $0 }.isEmpty, "both hops were answered by fakes")
        for await event in events {
            guard case .completed(_, _, _, let metrics) = event else { continue }
            XCTAssertEqual(metrics?.redirectCount, 1)
            break
        }
    }

    func testEveryHopAfterTheFirstCarriesTheFirstHopsStartForTheWholeRequestsTimeout() async throws {
        let starts = Mutex<[ContinuousClock.Instant?]>([])
        let transport = ClosureTransport { (request) throws(NetworkingError) -> TransportResponse in
            starts.withLock { $0.append(request.firstHopStart) }
            let moved = request.head.url?.path == "/a"
            let head = ResponseHead(
                url: request.head.url!, statusCode: moved ? 307 : 200, headerFields: moved ? ["Location": "/b"] : [:])!
            return TransportResponse(request: request.head, head: head, body: Data())
        }
        let before = ContinuousClock.now
        let a = URLRequest(url: try XCTUnwrap(URL(string: "http://a.test/a")))
        _ = try await TransportStep(transport: transport).sendHops(TransportRequest(head: a))
        let seen = starts.withLock { $0 }
        XCTAssertEqual(seen.count, 2)
        XCTAssertNil(seen[0], "a first hop starts now")
        let second = try XCTUnwrap(seen[1])
        XCTAssertTrue(second >= before && second <= .now, "the redirect counts from the first hop")
    }

    func testAnyTransportsRedirectsAreListedAndACycleIsSentNoFurther() async throws {
        let seen = SeenURLs()
        // /a → /b → /c (200); /x → /y → /x.
        let next = ["/a": "/b", "/b": "/c", "/x": "/y", "/y": "/x"]
        let transport = ClosureTransport { (request) throws(NetworkingError) -> TransportResponse in
            let url = request.head.url!
            seen.urls.withLock { $0.append(url.path) }
            let location = next[url.path]
            let head = ResponseHead(
                url: url, statusCode: location == nil ? 200 : 302,
                headerFields: location.map { ["Location": $0] } ?? [:])!
            return TransportResponse(request: request.head, head: head, body: Data())
        }
        let step = TransportStep(transport: transport)
        let chain = try await step.sendHops(
            TransportRequest(head: URLRequest(url: try XCTUnwrap(URL(string: "http://h.test/a")))))
        XCTAssertEqual(chain.metrics?.redirects.map(\.url.path), ["/a", "/b"])
        XCTAssertEqual(chain.metrics?.redirects.map(\.location.path), ["/b", "/c"])
        XCTAssertEqual(chain.metrics?.redirectCount, 2)
        seen.urls.withLock { $0 = [] }
        do {
            _ = try await step.sendHops(
                TransportRequest(head: URLRequest(url: try XCTUnwrap(URL(string: "http://h.test/x")))))
            XCTFail("a cycle is no answer")
        } catch {
            XCTAssertTrue(
                "\(error)".contains("circle: http://h.test/x → http://h.test/y → http://h.test/x."), "\(error)")
        }
        XCTAssertEqual(seen.urls.withLock { $0 }, ["/x", "/y"], "nothing was sent after the circle closed")
    }

    func testAPolicyWithoutRedirectsReturnsTheRedirectItself() async throws {
        let transport = TenLineTransport()
        let step = TransportStep(transport: transport, state: RequestState(redirectPolicy: .none))
        let login = URLRequest(url: try XCTUnwrap(URL(string: "http://a.test/login")))
        let response = try await step.sendHops(TransportRequest(head: login))
        XCTAssertEqual(response.statusCode, 302)
        XCTAssertEqual(transport.seen.urls.withLock { $0 }, ["http://a.test/login"])
    }
}

/// The URLs a test transport was asked for.
final class SeenURLs: Sendable {
    let urls = Mutex<[String]>([])
}
