import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cookie jar in the redirect loop (`RedirectState`): each hop's cookies are chosen by the
/// jar for that hop's URL, and a caller's `Cookie` header is kept only on the original origin.
final class CookieRedirectHopsTests: XCTestCase {
    private func response(
        _ status: Int, for request: URLRequest, location: String? = nil, setCookie: String? = nil
    ) throws -> ResponseHead {
        var fields: [String: String] = [:]
        fields["Location"] = location
        fields["Set-Cookie"] = setCookie
        return try XCTUnwrap(ResponseHead(url: try XCTUnwrap(request.url), statusCode: status, headerFields: fields))
    }

    private func request(_ url: String, cookie: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        return request
    }

    func testTheFirstHopCarriesTheCallersCookieThenTheJars() throws {
        let jar = InMemoryCookieJar()
        jar.store(["stored=1"], receivedFrom: try XCTUnwrap(URL(string: "http://a.test/")))
        let hops = RedirectState(try request("http://a.test/x", cookie: "mine=0"), policy: .default, cookieJar: jar)
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "mine=0; stored=1")
        XCTAssertEqual(hops.original.value(forHTTPHeaderField: "Cookie"), "mine=0", "the original is as given")
    }

    func testACookieSetByARedirectGoesOnTheNextHop() throws {
        let jar = InMemoryCookieJar()
        var hops = RedirectState(try request("http://a.test/login"), policy: .default, cookieJar: jar)
        XCTAssertNil(hops.current.value(forHTTPHeaderField: "Cookie"))
        let redirect = try response(302, for: hops.current, location: "/home", setCookie: "session=abc; Path=/")
        XCTAssertTrue(try hops.follow(after: redirect))
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "session=abc")
    }

    func testACrossOriginHopGetsThatOriginsCookiesOnlyAndTheCallersStaysStripped() throws {
        let jar = InMemoryCookieJar()
        jar.store(["here=1"], receivedFrom: try XCTUnwrap(URL(string: "http://a.test/")))
        jar.store(["there=2"], receivedFrom: try XCTUnwrap(URL(string: "http://b.test/")))
        var hops = RedirectState(try request("http://a.test/", cookie: "mine=0"), policy: .default, cookieJar: jar)
        XCTAssertTrue(try hops.follow(after: response(302, for: hops.current, location: "http://b.test/")))
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "there=2")
        XCTAssertTrue(try hops.follow(after: response(302, for: hops.current, location: "http://a.test/back")))
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "here=1", "the caller's is gone for good")
        XCTAssertTrue(try hops.follow(after: response(302, for: hops.current, location: "http://c.test/")))
        XCTAssertNil(hops.current.value(forHTTPHeaderField: "Cookie"), "no cookies for c.test")
    }

    func testASameOriginHopKeepsTheCallersCookieOnceAndTheJarsFresh() throws {
        let jar = InMemoryCookieJar()
        var hops = RedirectState(try request("http://a.test/", cookie: "mine=0"), policy: .default, cookieJar: jar)
        XCTAssertTrue(try hops.follow(after: response(302, for: hops.current, location: "/b", setCookie: "x=1")))
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "mine=0; x=1")
        XCTAssertTrue(try hops.follow(after: response(302, for: hops.current, location: "/c", setCookie: "x=2")))
        XCTAssertEqual(hops.current.value(forHTTPHeaderField: "Cookie"), "mine=0; x=2", "not repeated, replaced")
    }

    func testAFinalResponsesCookiesAreStoredOnce() throws {
        let counting = CountingJar()
        var hops = RedirectState(try request("http://a.test/"), policy: .default, cookieJar: counting)
        let final = try response(200, for: hops.current, setCookie: "a=1")
        XCTAssertFalse(try hops.follow(after: final))
        XCTAssertFalse(try hops.follow(after: final))
        XCTAssertEqual(counting.stored, [["a=1"]], "the first follow stored them; the second did not again")
    }

    func testTheGivenJarIsUsedAndNoJarChangesNothing() throws {
        let jar = InMemoryCookieJar()
        jar.store(["bound=1"], receivedFrom: try XCTUnwrap(URL(string: "http://a.test/")))
        let given = RedirectState(try request("http://a.test/"), policy: .default, cookieJar: jar)
        XCTAssertEqual(given.current.value(forHTTPHeaderField: "Cookie"), "bound=1")
        var unbound = RedirectState(try request("http://a.test/", cookie: "mine=0"), policy: .default)
        XCTAssertEqual(unbound.current.value(forHTTPHeaderField: "Cookie"), "mine=0")
        XCTAssertFalse(try unbound.follow(after: response(200, for: unbound.current, setCookie: "a=1")))
        XCTAssertEqual(jar.allCookies.map(\.name), ["bound"], "nothing stored without a jar")
    }
}

/// A jar that records what it is given.
private final class CountingJar: CookieJar {
    private let received = Mutex<[[String]]>([])
    var stored: [[String]] { received.withLock { $0 } }
    func cookieHeader(for url: URL) -> String? { nil }
    func store(_ setCookieFields: [String], receivedFrom url: URL) {
        received.withLock { $0.append(setCookieFields) }
    }
    func removeAll() {}
}
