import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cookies against httpbin, over the transport under test: the jar stores what the server sets,
/// sends it back by the RFC 6265bis rules, on every hop of a redirect, for verbs, downloads and
/// endpoints, and keeps each client's cookies to itself.
final class CookiesIntegrationTests: XCTestCase {
    private struct CookiesEcho: Decodable, Sendable {
        let cookies: [String: String]
    }

    private struct HeadersEcho: Decodable, Sendable {
        let headers: [String: String]
    }

    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    /// `/response-headers` answering with each of `setCookies` as a `Set-Cookie` field.
    private nonisolated func settingCookies(_ setCookies: String...) -> String {
        "/response-headers?" + PercentEncoding.query(setCookies.map { URLQueryItem(name: "Set-Cookie", value: $0) })
    }

    private func cookies(_ networking: Networking, file: StaticString = #filePath, line: UInt = #line) async throws
        -> [String: String]
    {
        let result: Result<CookiesEcho, NetworkingError> = await networking.get("/cookies")
        return try unwrapSuccess(result, file: file, line: line).cookies
    }

    private func assertCookies(
        _ networking: Networking, _ expected: [String: String], _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let actual = try await cookies(networking, file: file, line: line)
        XCTAssertEqual(actual, expected, message, file: file, line: line)
    }

    private func set(_ networking: Networking, _ setCookies: String...) async throws {
        let path =
            "/response-headers?" + PercentEncoding.query(setCookies.map { URLQueryItem(name: "Set-Cookie", value: $0) })
        let result: Result<Data, NetworkingError> = await networking.get(path)
        _ = try unwrapSuccess(result)
    }

    func testACookieTheServerSetsIsSentBackAndOnTheRedirectThatSetIt() async throws {
        let networking = HTTPBin.client()
        // `/cookies/set` answers 302 with the Set-Cookie, to `/cookies`: the redirected request carries it.
        let redirected: Result<CookiesEcho, NetworkingError> = await networking.get("/cookies/set?session=abc")
        XCTAssertEqual(try unwrapSuccess(redirected).cookies, ["session": "abc"])
        try await assertCookies(networking, ["session": "abc"])
    }

    func testCookiesDeleteRemovesOnlyThatCookie() async throws {
        let networking = HTTPBin.client()
        let set: Result<CookiesEcho, NetworkingError> = await networking.get("/cookies/set?a=1&b=2")
        XCTAssertEqual(try unwrapSuccess(set).cookies, ["a": "1", "b": "2"])
        let deleted: Result<CookiesEcho, NetworkingError> = await networking.get("/cookies/delete?a")
        XCTAssertEqual(try unwrapSuccess(deleted).cookies, ["b": "2"])
        try await assertCookies(networking, ["b": "2"])
    }

    func testPathLimitsWhereACookieIsSent() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "inside=1; Path=/anything", "everywhere=2; Path=/")
        try await assertCookies(networking, ["everywhere": "2"], "/cookies is outside /anything")
        let echo: Result<HeadersEcho, NetworkingError> = await networking.get("/anything/deeper")
        XCTAssertEqual(try unwrapSuccess(echo).headers["Cookie"], "inside=1; everywhere=2", "longer path first")
    }

    func testASecureCookieIsNotTakenFromPlainHTTP() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "secret=1; Secure", "plain=2", "__Secure-x=3; Secure", "__Host-y=4; Secure; Path=/")
        try await assertCookies(networking, ["plain": "2"])
    }

    func testMaxAgeExpiresAndZeroDeletes() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "short=1; Max-Age=1", "long=2; Max-Age=3600", "gone=3")
        try await assertCookies(networking, ["short": "1", "long": "2", "gone": "3"])
        try await set(networking, "gone=; Max-Age=0")
        try await assertCookies(networking, ["short": "1", "long": "2"])
        try await Task.sleep(for: .milliseconds(1100))
        try await assertCookies(networking, ["long": "2"], "Max-Age=1 has run out")
    }

    func testExpiresInThePastDeletesAndInTheFutureKeeps() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "old=1", "new=2; Expires=Fri, 01 Jan 2100 00:00:00 GMT")
        try await set(networking, "old=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
        try await assertCookies(networking, ["new": "2"])
        try await set(networking, "new=3; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
        try await assertCookies(networking, ["new": "3"], "Max-Age wins over Expires")
    }

    func testAForeignDomainIsRejected() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "foreign=1; Domain=example.com", "other=2; Domain=localhost", "mine=3")
        try await assertCookies(networking, ["mine": "3"])
        let current = await networking.cookieJar
        let jar = try XCTUnwrap(current as? InMemoryCookieJar)
        XCTAssertEqual(jar.allCookies.map(\.name), ["mine"], "nothing else was stored")
    }

    func testACookieSetBy127001IsNotSentToLocalhost() async throws {
        let jar = InMemoryCookieJar()
        let numeric = HTTPBin.client()
        let named = HTTPBin.client(baseURL: HTTPBin.otherOriginBaseURL)
        await numeric.setCookieJar(jar)
        await named.setCookieJar(jar)
        try await set(numeric, "numeric=1")
        try await assertCookies(numeric, ["numeric": "1"])
        try await assertCookies(named, [:], "another host, even with one jar")
    }

    func testACrossOriginRedirectCarriesOnlyThatOriginsCookies() async throws {
        let jar = InMemoryCookieJar()
        let networking = HTTPBin.client()
        let other = HTTPBin.client(baseURL: HTTPBin.otherOriginBaseURL)
        await networking.setCookieJar(jar)
        await other.setCookieJar(jar)
        try await set(networking, "here=1")
        try await set(other, "there=2")
        await networking.setHeaderFields(["Cookie": "manual=0"])
        let away =
            "/redirect-to?"
            + PercentEncoding.query([URLQueryItem(name: "url", value: HTTPBin.otherOriginBaseURL + "/cookies")])
        let crossed: Result<CookiesEcho, NetworkingError> = await networking.get(away)
        XCTAssertEqual(
            try unwrapSuccess(crossed).cookies, ["there": "2"], "neither the first origin's nor the manual one")
        let stay = "/redirect-to?" + PercentEncoding.query([URLQueryItem(name: "url", value: "/cookies")])
        let stayed: Result<CookiesEcho, NetworkingError> = await networking.get(stay)
        XCTAssertEqual(try unwrapSuccess(stayed).cookies, ["manual": "0", "here": "1"], "merged on the same origin")
    }

    func testAManualCookieHeaderIsSentMergedWithTheJars() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "stored=1")
        await networking.setHeaderFields(["Cookie": "manual=2"])
        let echo: Result<HeadersEcho, NetworkingError> = await networking.get("/headers")
        XCTAssertEqual(try unwrapSuccess(echo).headers["Cookie"], "manual=2; stored=1")
    }

    func testTwoInstancesNeverShareCookies() async throws {
        let first = HTTPBin.client()
        let second = HTTPBin.client()
        try await set(first, "first=1")
        try await set(second, "second=2")
        try await assertCookies(first, ["first": "1"])
        try await assertCookies(second, ["second": "2"])
    }

    func testResetClearsAndOffTurnsTheJarOff() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "a=1")
        await networking.reset()
        try await assertCookies(networking, [:])
        await networking.setCookieJar(nil)
        let redirected: Result<CookiesEcho, NetworkingError> = await networking.get("/cookies/set?a=1")
        XCTAssertEqual(try unwrapSuccess(redirected).cookies, [:], "nothing stored")
        try await assertCookies(networking, [:])
    }

    func testDownloadDataCarriesAndStoresCookies() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "seen=1")
        let data = try unwrapSuccess(await networking.downloadData("/cookies", cachingLevel: .none))
        XCTAssertEqual(try JSONDecoder().decode(CookiesEcho.self, from: data).cookies, ["seen": "1"])
        _ = try unwrapSuccess(await networking.downloadData(settingCookies("fromDownload=2"), cachingLevel: .none))
        try await assertCookies(networking, ["seen": "1", "fromDownload": "2"])
    }

    func testACachedDownloadIsNeverServedToAClientWithOtherCookies() async throws {
        let first = HTTPBin.client()
        let second = HTTPBin.client()
        await first.clearCache()  // the disk tier is shared by clients of one base URL
        try await set(first, "user=first")
        try await set(second, "user=second")
        for (networking, user) in [(first, "first"), (second, "second")] {
            let data = try unwrapSuccess(await networking.downloadData("/cookies"))
            XCTAssertEqual(try JSONDecoder().decode(CookiesEcho.self, from: data).cookies, ["user": user])
            let fromCache = await networking.dataFromCache("/cookies")
            let cached = try XCTUnwrap(fromCache, "cached under its own cookies")
            XCTAssertEqual(try JSONDecoder().decode(CookiesEcho.self, from: cached).cookies, ["user": user])
        }
        await first.clearCache()
    }

    func testDownloadImageCarriesCookies() async throws {
        let networking = HTTPBin.client()
        try await set(networking, "viewer=7")
        // `/cookies` is no image: the failure carries the body, which echoes the cookies sent.
        let result: Result<Image, NetworkingError> = await networking.downloadImage("/cookies", cachingLevel: .none)
        let body = try XCTUnwrap(try unwrapFailure(result).responseMetadata?.body)
        XCTAssertEqual(try JSONDecoder().decode(CookiesEcho.self, from: body).cookies, ["viewer": "7"])
    }

    func testEndpointRequestsCarryCookiesAndEachClientHasItsOwn() async throws {
        var logging = LogSettings()
        logging.level = .none
        let client = HTTPClient(configuration: .init(logging: logging), transport: TestTransport.make())
        let another = HTTPClient(configuration: .init(logging: logging), transport: TestTransport.make())
        let set: CookiesEcho = try await client.send(CookieEndpoint(path: "/cookies/set", query: ["token": "t1"]))
        XCTAssertEqual(set.cookies, ["token": "t1"])
        let again: CookiesEcho = try await client.send(CookieEndpoint(path: "/cookies"))
        XCTAssertEqual(again.cookies, ["token": "t1"])
        let other: CookiesEcho = try await another.send(CookieEndpoint(path: "/cookies"))
        XCTAssertEqual(other.cookies, [:])
        let off = HTTPClient(configuration: .init(logging: logging, cookies: .off), transport: TestTransport.make())
        let none: CookiesEcho = try await off.send(CookieEndpoint(path: "/cookies/set", query: ["token": "t2"]))
        XCTAssertEqual(none.cookies, [:])
        XCTAssertNil(off.cookieJar)
    }

    func testAThousandConcurrentRequestsLoseNoCookie() async throws {
        let networking = HTTPBin.client()
        let jar = InMemoryCookieJar(maximumCookiesPerDomain: 2000)
        await networking.setCookieJar(jar)
        let count = 1000
        let paths = (0..<count).map { settingCookies("c\($0)=v\($0); Path=/anything/\($0)") }
        let failures = await withTaskGroup(of: String?.self) { group in
            for index in 0..<count {
                group.addTask {
                    let set: Result<Data, NetworkingError> = await networking.get(paths[index])
                    guard case .success = set else { return "set \(index): \(set)" }
                    let echo: Result<HeadersEcho, NetworkingError> = await networking.get("/anything/\(index)")
                    guard case .success(let headers) = echo else { return "read \(index): \(echo)" }
                    let cookie = headers.headers["Cookie"]
                    return cookie == "c\(index)=v\(index)" ? nil : "read \(index): \(cookie ?? "no Cookie")"
                }
            }
            var failures: [String] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        XCTAssertEqual(failures, [], "\(failures.count) failed")
        let stored = jar.allCookies
        XCTAssertEqual(stored.count, count)
        XCTAssertEqual(Set(stored.map { "\($0.name)=\($0.value)" }), Set((0..<count).map { "c\($0)=v\($0)" }))
    }
}

/// An endpoint on httpbin with a path and a query.
private struct CookieEndpoint: Endpoint {
    var path: String
    var query: [String: any Sendable] = [:]

    var baseURL: URL { URL(string: HTTPBin.baseURL) ?? URL(fileURLWithPath: "/") }
    var method: HTTPMethod { .get }
    var task: HTTPTask { query.isEmpty ? .none : .queryParameters(query) }
}
