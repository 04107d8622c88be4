import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class RedirectPolicyTests: XCTestCase {
    private let secrets = ["Authorization": "Bearer SECRET", "Cookie": "session=1", "Proxy-Authorization": "Basic x"]

    private func request(_ method: String, _ url: String, body: String? = nil) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
        request.httpMethod = method
        for (name, value) in secrets { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private func next(
        _ status: Int, to location: String?, from request: URLRequest, original: URLRequest? = nil,
        count: Int = 0, policy: RedirectPolicy = .default
    ) throws -> URLRequest? {
        let url = try XCTUnwrap(request.url)
        let head = try XCTUnwrap(
            ResponseHead(url: url, statusCode: status, headerFields: location.map { ["Location": $0] } ?? [:]))
        return try policy.nextRequest(after: head, for: request, original: original ?? request, redirectCount: count)
    }

    func testPostBecomesGetOn301And302AndLosesItsBody() throws {
        for status in [301, 302] {
            let post = try request("POST", "http://h.test/a", body: "{}")
            let redirected = try XCTUnwrap(next(status, to: "/b", from: post))
            XCTAssertEqual(redirected.httpMethod, "GET", "\(status)")
            XCTAssertNil(redirected.httpBody, "\(status)")
            XCTAssertNil(redirected.value(forHTTPHeaderField: "Content-Type"), "\(status)")
            XCTAssertEqual(redirected.url?.absoluteString, "http://h.test/b")
        }
    }

    func testOtherMethodsKeepMethodAndBodyOn301And302() throws {
        for status in [301, 302] {
            let put = try request("PUT", "http://h.test/a", body: "{}")
            let redirected = try XCTUnwrap(next(status, to: "/b", from: put))
            XCTAssertEqual(redirected.httpMethod, "PUT", "\(status)")
            XCTAssertEqual(redirected.httpBody, Data("{}".utf8), "\(status)")
        }
    }

    func test303BecomesGetExceptForHead() throws {
        let put = try XCTUnwrap(next(303, to: "/b", from: request("PUT", "http://h.test/a", body: "{}")))
        XCTAssertEqual(put.httpMethod, "GET")
        XCTAssertNil(put.httpBody)
        let head = try XCTUnwrap(next(303, to: "/b", from: request("HEAD", "http://h.test/a")))
        XCTAssertEqual(head.httpMethod, "HEAD")
    }

    func test307And308KeepMethodAndBody() throws {
        for status in [307, 308] {
            let post = try request("POST", "http://h.test/a", body: #"{"a":1}"#)
            let redirected = try XCTUnwrap(next(status, to: "http://h.test/b", from: post))
            XCTAssertEqual(redirected.httpMethod, "POST", "\(status)")
            XCTAssertEqual(redirected.httpBody, Data(#"{"a":1}"#.utf8), "\(status)")
            XCTAssertEqual(redirected.value(forHTTPHeaderField: "Content-Type"), "application/json", "\(status)")
        }
    }

    func testSameOriginKeepsCredentials() throws {
        for location in ["/b", "http://h.test/b", "http://H.TEST:80/b", "b?x=1"] {
            let redirected = try XCTUnwrap(next(302, to: location, from: request("GET", "http://h.test/a")))
            for (name, value) in secrets {
                XCTAssertEqual(redirected.value(forHTTPHeaderField: name), value, "\(location) \(name)")
            }
        }
    }

    func testChangingSchemeHostOrPortStripsCredentials() throws {
        let original = try request("GET", "http://127.0.0.1:8080/a")
        for location in [
            "http://localhost:8080/b", "http://127.0.0.1:8081/b", "https://127.0.0.1:8080/b", "http://127.0.0.1/b",
            "//other.test/b",
        ] {
            let redirected = try XCTUnwrap(next(302, to: location, from: original), location)
            for name in secrets.keys {
                XCTAssertNil(redirected.value(forHTTPHeaderField: name), "\(location) \(name)")
            }
        }
    }

    func testCredentialsStayStrippedWhenARedirectComesBack() throws {
        let original = try request("GET", "http://h.test/a")
        let away = try XCTUnwrap(next(302, to: "http://other.test/b", from: original))
        XCTAssertNil(away.value(forHTTPHeaderField: "Authorization"))
        let back = try XCTUnwrap(next(302, to: "http://h.test/c", from: away, original: original, count: 1))
        XCTAssertEqual(back.url?.absoluteString, "http://h.test/c")
        XCTAssertNil(back.value(forHTTPHeaderField: "Authorization"))
        XCTAssertNil(back.value(forHTTPHeaderField: "Cookie"))
    }

    func testCustomSensitiveHeadersAreStripped() throws {
        var original = try request("GET", "http://h.test/a")
        original.setValue("k", forHTTPHeaderField: "X-Api-Key")
        let policy = RedirectPolicy(sensitiveHeaders: ["X-Api-Key"])
        let redirected = try XCTUnwrap(next(302, to: "http://other.test/", from: original, policy: policy))
        XCTAssertNil(redirected.value(forHTTPHeaderField: "x-api-key"))
        XCTAssertEqual(redirected.value(forHTTPHeaderField: "Authorization"), "Bearer SECRET")
    }

    func testHTTPSToHTTPIsRefused() throws {
        let secure = try request("GET", "https://h.test/a")
        XCTAssertThrowsError(try next(302, to: "http://h.test/b", from: secure)) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .appTransportSecurityRequiresSecureConnection)
        }
        let allowed = try XCTUnwrap(
            next(302, to: "http://h.test/b", from: secure, policy: RedirectPolicy(allowsInsecureDowngrade: true)))
        XCTAssertNil(allowed.value(forHTTPHeaderField: "Authorization"), "a downgrade is a new origin")
    }

    func testTooManyRedirectsFails() throws {
        let get = try request("GET", "http://h.test/a")
        XCTAssertNotNil(try next(302, to: "/b", from: get, count: 9))
        XCTAssertThrowsError(try next(302, to: "/b", from: get, count: 10)) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .httpTooManyRedirects)
        }
        XCTAssertThrowsError(try next(302, to: "/b", from: get, count: 2, policy: RedirectPolicy(maxRedirects: 2)))
    }

    func testResponsesThatAreNotFollowed() throws {
        let get = try request("GET", "http://h.test/a")
        XCTAssertNil(try next(302, to: "/b", from: get, policy: .none), "policy .none")
        XCTAssertNil(try next(200, to: "/b", from: get), "not a redirect")
        XCTAssertNil(try next(304, to: "/b", from: get), "not modified is not a redirect")
        XCTAssertNil(try next(300, to: "/b", from: get), "multiple choices is left to the caller")
        XCTAssertNil(try next(302, to: nil, from: get), "no Location")
        XCTAssertNil(try next(302, to: "ftp://h.test/b", from: get), "not http(s)")
    }

    func testSameOrigin() {
        let url = { (text: String) in URL(string: text) }
        XCTAssertTrue(RedirectPolicy.sameOrigin(url("https://h.test/a"), url("https://H.test:443/b")))
        XCTAssertFalse(RedirectPolicy.sameOrigin(url("https://h.test/a"), url("http://h.test/a")))
        XCTAssertFalse(RedirectPolicy.sameOrigin(url("http://h.test/a"), url("http://h.test:8080/a")))
        XCTAssertFalse(RedirectPolicy.sameOrigin(nil, url("http://h.test/a")))
    }
}
