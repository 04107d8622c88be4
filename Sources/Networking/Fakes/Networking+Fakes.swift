import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Faking a request: after `fakeGET("/stories", …)` (`fakePOST`, `fakePUT`, `fakePATCH` and
// `fakeDELETE` for those methods, `fake(.get, "/stories", response: …)` for any method), every GET
// of `/stories` is answered with what
// you registered instead of going to the server. Fakes sit where the transport sits, so
// interceptors, status validation, events and logs run for faked requests exactly as for real ones:
// a fake with a status outside 2xx gives `.failure(.http)` with the fake's body in the metadata.
//
// Matching (see `RequestPattern` for the full rule): the path is joined to the base URL like a
// request's; a fake without a query matches any query, a fake with a query matches requests whose
// query contains its items (`/stories?page=1` matches `/stories?page=1&sort=asc`, not `?page=2`).
// When several fakes match, the one with the most query items wins, then the newest. Registering a
// fake for the same method and path again replaces it. A path that cannot form a URL registers
// nothing (a request for it fails with `.invalidRequest` anyway). A segment written `{name}`
// matches any one segment, and each `{name}` in the string values of the fake's JSON body is
// replaced by that segment (`fakeGET("/users/{userID}", response: ["name": "Name {userID}"])`
// answers `/users/10` with `{"name": "Name 10"}`); an exact path wins over a template.
//
// Bodies: `response:` is encoded as JSON (ISO-8601 dates) under `application/json`, except `Data`,
// sent as it is (`application/octet-stream`), and `String`, sent as UTF-8 text (`text/plain`).
// `headerFields` are added to (and override) that `Content-Type`. A response that cannot be
// encoded, or a file that cannot be found or read, makes the faked request fail with
// `.invalidRequest` naming why.

extension Networking {
    // MARK: Any method

    /// Answers every `method` request for `path` with `response`, replacing an earlier fake for
    /// the same method and path: `fake(.post, "/items", response: .json(item, statusCode: 201))`.
    /// A `{name}` segment of `path` matches any one segment and fills each `{name}` in the string
    /// values of a JSON response with it. `fakeGET`, `fakePOST`, `fakePUT`, `fakePATCH` and
    /// `fakeDELETE` are the shorthands for those methods.
    public func fake(_ method: HTTPMethod, _ path: String, response: FakeResponse) {
        guard let pattern = try? RequestPattern(method: method, path: path, baseURL: baseURL) else { return }
        fakes.add(response, for: pattern)
        invalidate()
    }

    /// Removes the fake for `method` and `path`; requests for it go to the server again.
    public func removeFake(_ method: HTTPMethod, _ path: String) {
        guard let pattern = try? RequestPattern(method: method, path: path, baseURL: baseURL) else { return }
        fakes.remove(pattern)
        invalidate()
    }

    /// Removes every fake.
    public func removeAllFakes() {
        fakes.removeAll()
        invalidate()
    }

    // MARK: Building responses

    /// `value` as a response, encoded where it is called: a model whose conformance is isolated to
    /// the caller's actor is encoded there, and only the bytes reach the actor.
    static func fakeResponse<T: Encodable>(
        _ value: T, _ headerFields: [String: String], _ statusCode: Int, _ delay: TimeInterval
    ) -> FakeResponse {
        let headers = HTTPHeaders(headerFields)
        if let data = value as? Data {
            return .data(
                data, contentType: "application/octet-stream", statusCode: statusCode, headers: headers, delay: delay)
        }
        if let text = value as? String { return .text(text, statusCode: statusCode, headers: headers, delay: delay) }
        return .json(value, statusCode: statusCode, headers: headers, delay: delay)
    }

    static func fakeResponse(
        _ headerFields: [String: String], _ statusCode: Int, _ delay: TimeInterval
    ) -> FakeResponse {
        FakeResponse(statusCode: statusCode, headers: HTTPHeaders(headerFields), delay: delay)
    }

    static func fakeResponse(
        fileName: String, bundle: Bundle, statusCode: Int = 200, delay: TimeInterval = 0
    ) -> FakeResponse {
        guard let url = FakeFile.locate(fileName, in: bundle) else {
            return .failure(
                .invalidRequest("the fake file '\(fileName)' was not found in the bundle at \(bundle.bundlePath)"))
        }
        do {
            let data = try Data(contentsOf: url)
            return .data(
                data, contentType: FakeFile.contentType(forExtension: url.pathExtension), statusCode: statusCode,
                delay: delay)
        } catch {
            return .failure(
                .invalidRequest("the fake file '\(url.path)' could not be read: \(error.localizedDescription)"))
        }
    }
}
