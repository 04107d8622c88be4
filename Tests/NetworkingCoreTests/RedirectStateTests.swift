import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect state machine of one request (`RedirectState`): the history it keeps, the limit,
/// cycles, the method and body of each hop, and the credentials a redirect to another origin strips.
final class RedirectStateTests: XCTestCase {
    private func request(_ method: String = "GET", _ url: String) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
        request.httpMethod = method
        return request
    }

    private func answer(
        _ status: Int, to location: String? = nil, for request: URLRequest, setCookie: String? = nil
    ) throws -> ResponseHead {
        var fields: [String: String] = [:]
        fields["Location"] = location
        fields["Set-Cookie"] = setCookie
        return try XCTUnwrap(ResponseHead(url: try XCTUnwrap(request.url), statusCode: status, headerFields: fields))
    }

    /// Follows `status` to `location` from the state's current request.
    private func follow(
        _ state: inout RedirectState, _ status: Int, to location: String, setCookie: String? = nil
    ) throws -> Bool {
        try state.follow(after: answer(status, to: location, for: state.current, setCookie: setCookie))
    }

    private func assertCycle(
        _ expression: @autoclosure () throws -> Bool, naming circle: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard case .transport(let urlError) = error as? NetworkingError else {
                return XCTFail("got \(error)", file: file, line: line)
            }
            XCTAssertEqual(urlError.code, .httpTooManyRedirects, file: file, line: line)
            XCTAssertEqual(
                urlError.localizedDescription, "The redirects went in a circle: \(circle).", file: file, line: line)
            XCTAssertTrue("\(error)".contains("The redirects went in a circle: \(circle)."), file: file, line: line)
        }
    }

    // MARK: History

    func testTheHistoryListsEachRedirectInOrderAndAFinalAnswerIsNone() throws {
        var state = RedirectState(
            try request("POST", "http://h.test/a"), body: HTTPBody(Data("{}".utf8)), policy: .default)
        XCTAssertTrue(state.history.isEmpty)
        XCTAssertTrue(try follow(&state, 307, to: "/b"))
        XCTAssertTrue(try follow(&state, 303, to: "http://other.test/c"))
        XCTAssertTrue(try follow(&state, 301, to: "/d"))
        XCTAssertFalse(try state.follow(after: answer(200, for: state.current)))
        let url = { (text: String) in URL(string: text)! }
        XCTAssertEqual(
            state.history,
            [
                RedirectHop(
                    url: url("http://h.test/a"), method: .post, statusCode: 307, location: url("http://h.test/b")),
                RedirectHop(
                    url: url("http://h.test/b"), method: .post, statusCode: 303, location: url("http://other.test/c")),
                RedirectHop(
                    url: url("http://other.test/c"), method: .get, statusCode: 301, location: url("http://other.test/d")
                ),
            ])
        XCTAssertEqual(state.count, 3)
        XCTAssertEqual(state.current.url?.absoluteString, "http://other.test/d")
    }

    func testAnAnswerThatIsNoRedirectToFollowLeavesTheStateAsItWas() throws {
        let get = try request("GET", "http://h.test/a")
        for (status, location) in [(200, "/b"), (304, "/b"), (300, "/b"), (302, "ftp://h.test/b")] as [(Int, String?)] {
            var state = RedirectState(get, policy: .default)
            XCTAssertFalse(try state.follow(after: answer(status, to: location, for: get)), "\(status)")
            XCTAssertTrue(state.history.isEmpty, "\(status)")
            XCTAssertEqual(state.current.url, get.url)
        }
        var withoutLocation = RedirectState(get, policy: .default)
        XCTAssertFalse(try withoutLocation.follow(after: answer(302, for: get)))
        var none = RedirectState(get, policy: .none)
        XCTAssertFalse(try follow(&none, 302, to: "/b"), "policy .none")
        XCTAssertTrue(none.history.isEmpty)
    }

    // MARK: The limit

    func testTheLimitIsReachedAfterMaxRedirectsWithTheLimitsError() throws {
        var state = RedirectState(try request("GET", "http://h.test/0"), policy: RedirectPolicy(maxRedirects: 3))
        for hop in 1...3 { XCTAssertTrue(try follow(&state, 302, to: "/\(hop)")) }
        XCTAssertThrowsError(try follow(&state, 302, to: "/4")) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .httpTooManyRedirects)
            XCTAssertFalse(
                urlError.localizedDescription.contains("circle"), "no cycle: \(urlError.localizedDescription)")
        }
        XCTAssertEqual(state.count, 3)
    }

    // MARK: Cycles

    func testARedirectBackToAURLAlreadyVisitedFailsAtOnceNamingTheCircle() throws {
        var state = RedirectState(try request("GET", "https://a.test/x"), policy: .default)
        XCTAssertTrue(try follow(&state, 302, to: "https://b.test/y"))
        assertCycle(
            try follow(&state, 302, to: "https://a.test/x"),
            naming: "https://a.test/x → https://b.test/y → https://a.test/x")
    }

    func testARedirectToItselfIsACycle() throws {
        var state = RedirectState(try request("GET", "http://h.test/self"), policy: .default)
        assertCycle(try follow(&state, 307, to: "/self"), naming: "http://h.test/self → http://h.test/self")
    }

    func testTheCircleNamedStartsWhereItCloses() throws {
        var state = RedirectState(try request("GET", "http://h.test/start"), policy: .default)
        XCTAssertTrue(try follow(&state, 301, to: "/a"))
        XCTAssertTrue(try follow(&state, 302, to: "/b"))
        XCTAssertTrue(try follow(&state, 302, to: "/c"))
        assertCycle(
            try follow(&state, 302, to: "/a"),
            naming: "http://h.test/a → http://h.test/b → http://h.test/c → http://h.test/a")
    }

    func testACycleIsCaughtBeforeTheLimitWhateverTheLimit() throws {
        var state = RedirectState(try request("GET", "http://h.test/a"), policy: RedirectPolicy(maxRedirects: 1000))
        XCTAssertTrue(try follow(&state, 302, to: "/b"))
        assertCycle(try follow(&state, 302, to: "/a"), naming: "http://h.test/a → http://h.test/b → http://h.test/a")
        XCTAssertEqual(state.current.url?.absoluteString, "http://h.test/b", "the hop back was never chosen")
    }

    func testAFragmentDoesNotMakeANewRequest() throws {
        var state = RedirectState(try request("GET", "http://h.test/a"), policy: .default)
        assertCycle(try follow(&state, 302, to: "#part"), naming: "http://h.test/a → http://h.test/a#part")
    }

    func testTheSameURLWithAnotherMethodIsNoCycle() throws {
        // Post/Redirect/Get to the form's own URL: the GET is a new request.
        var state = RedirectState(
            try request("POST", "http://h.test/form"), body: HTTPBody(Data("a=1".utf8)), policy: .default)
        XCTAssertTrue(try follow(&state, 303, to: "/form"))
        XCTAssertEqual(state.current.httpMethod, "GET")
        XCTAssertNil(state.body)
        assertCycle(try follow(&state, 302, to: "/form"), naming: "http://h.test/form → http://h.test/form")
    }

    func testURLsThatDifferInTheQueryOrTheCaseOfThePathAreDifferentRequests() throws {
        var state = RedirectState(try request("GET", "http://h.test/a?page=1"), policy: .default)
        XCTAssertTrue(try follow(&state, 302, to: "/a?page=2"))
        XCTAssertTrue(try follow(&state, 302, to: "/A?page=1"))
        XCTAssertEqual(state.count, 2)
    }

    func testWithAJarCookiesARedirectSetMakeTheRequestBackANewOne() throws {
        // A sign-in round trip: a → b, which sets a session → a (with it). Going round again with
        // the same cookies is a cycle.
        let jar = InMemoryCookieJar()
        var state = RedirectState(try request("GET", "http://h.test/a"), policy: .default, cookieJar: jar)
        XCTAssertTrue(try follow(&state, 302, to: "/b"))
        XCTAssertTrue(try follow(&state, 302, to: "/a", setCookie: "session=1; Path=/"))
        XCTAssertEqual(state.current.value(forHTTPHeaderField: "Cookie"), "session=1")
        XCTAssertTrue(try follow(&state, 302, to: "/b"), "b is asked again, now with the cookie")
        assertCycle(
            try follow(&state, 302, to: "/a", setCookie: "session=1; Path=/"),
            naming: "http://h.test/a → http://h.test/b → http://h.test/a")
    }

    func testWithoutAJarASetCookieChangesNothingAndTheWayBackIsACycle() throws {
        var state = RedirectState(try request("GET", "http://h.test/a"), policy: .default)
        XCTAssertTrue(try follow(&state, 302, to: "/b"))
        assertCycle(
            try follow(&state, 302, to: "/a", setCookie: "session=1; Path=/"),
            naming: "http://h.test/a → http://h.test/b → http://h.test/a")
    }

    // MARK: Method and body

    func testThe301And302OfAPostAndEvery303ChangeTheMethodToGetAndDropTheBody() throws {
        for (method, status) in [("POST", 301), ("POST", 302), ("POST", 303), ("PUT", 303), ("DELETE", 303)] {
            var state = RedirectState(
                try request(method, "http://h.test/a"), body: HTTPBody(Data("{}".utf8)), policy: .default)
            XCTAssertTrue(try follow(&state, status, to: "/b"), "\(method) \(status)")
            XCTAssertEqual(state.current.httpMethod, "GET", "\(method) \(status)")
            XCTAssertNil(state.body, "\(method) \(status)")
            XCTAssertEqual(state.history.first?.method, HTTPMethod(rawValue: method), "the history has the method sent")
        }
        var head = RedirectState(try request("HEAD", "http://h.test/a"), policy: .default)
        XCTAssertTrue(try follow(&head, 303, to: "/b"))
        XCTAssertEqual(head.current.httpMethod, "HEAD", "303 keeps a HEAD")
    }

    func testThe307And308AndOther301And302KeepTheMethodAndSendTheBodyAgain() throws {
        for (method, status) in [("POST", 307), ("POST", 308), ("PUT", 301), ("PATCH", 302), ("PUT", 307)] {
            let body = HTTPBody(Data(#"{"a":1}"#.utf8))
            var state = RedirectState(try request(method, "http://h.test/a"), body: body, policy: .default)
            XCTAssertTrue(try follow(&state, status, to: "/b"), "\(method) \(status)")
            XCTAssertEqual(state.current.httpMethod, method, "\(method) \(status)")
            XCTAssertEqual(state.body?.data, Data(#"{"a":1}"#.utf8), "\(method) \(status)")
        }
    }

    func testAOneShotBodyIsNeverSentTwice() throws {
        let stream = AsyncStream<Data> { $0.finish() }
        let single = HTTPBody(stream, length: nil, iterationBehavior: .single)
        var kept = RedirectState(try request("POST", "http://h.test/a"), body: single, policy: .default)
        XCTAssertThrowsError(try follow(&kept, 307, to: "/b")) { error in
            XCTAssertEqual((error as? NetworkingError)?.description, HTTPBody.alreadySentError.description)
        }
        var dropped = RedirectState(try request("POST", "http://h.test/a"), body: single, policy: .default)
        XCTAssertTrue(try follow(&dropped, 303, to: "/b"), "a redirect to GET sends no body, so it can be followed")
        XCTAssertNil(dropped.body)
    }

    // MARK: Credentials and security

    func testCredentialsAreStrippedAcrossOriginsAndStayStrippedOnTheWayBack() throws {
        var original = try request("GET", "http://h.test/a")
        original.setValue("Bearer SECRET", forHTTPHeaderField: "Authorization")
        original.setValue("k", forHTTPHeaderField: "X-Api-Key")
        var state = RedirectState(original, policy: RedirectPolicy.default.stripping(["X-Api-Key"]))
        XCTAssertTrue(try follow(&state, 302, to: "/b"))
        XCTAssertEqual(state.current.value(forHTTPHeaderField: "Authorization"), "Bearer SECRET", "same origin")
        XCTAssertTrue(try follow(&state, 307, to: "http://other.test/c"))
        XCTAssertNil(state.current.value(forHTTPHeaderField: "Authorization"))
        XCTAssertNil(state.current.value(forHTTPHeaderField: "X-Api-Key"))
        XCTAssertTrue(try follow(&state, 302, to: "http://h.test/d"))
        XCTAssertNil(state.current.value(forHTTPHeaderField: "Authorization"), "stripped for the rest of the chain")
        XCTAssertEqual(state.original.value(forHTTPHeaderField: "Authorization"), "Bearer SECRET")
    }

    func testAnHTTPSToHTTPRedirectIsRefusedUnlessAllowed() throws {
        var refused = RedirectState(try request("GET", "https://h.test/a"), policy: .default)
        XCTAssertThrowsError(try follow(&refused, 302, to: "http://h.test/b")) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .appTransportSecurityRequiresSecureConnection)
        }
        XCTAssertTrue(refused.history.isEmpty)
        var allowed = RedirectState(
            try request("GET", "https://h.test/a"), policy: RedirectPolicy(allowsInsecureDowngrade: true))
        XCTAssertTrue(try follow(&allowed, 302, to: "http://h.test/b"))
    }
}
