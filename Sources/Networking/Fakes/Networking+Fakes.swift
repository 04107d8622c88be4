import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Faking a request: after `fakeGET("/stories", …)` (or `fake(.get, "/stories", response: …)`
// for any method), every GET of `/stories` is answered with what
// you registered instead of going to the server. Fakes sit where the transport sits, so
// interceptors, status validation, events and logs run for faked requests exactly as for real ones:
// a fake with a status outside 2xx gives `.failure(.http)` with the fake's body in the metadata.
//
// Matching (see `RequestPattern` for the full rule): the path is joined to the base URL like a
// request's; a fake without a query matches any query, a fake with a query matches requests whose
// query contains its items (`/stories?page=1` matches `/stories?page=1&sort=asc`, not `?page=2`).
// When several fakes match, the one with the most query items wins, then the newest. Registering a
// fake for the same method and path again replaces it. A path that cannot form a URL registers
// nothing (a request for it fails with `.invalidRequest` anyway).
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
    /// `fakeGET` is the shorthand for `GET`.
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

    // MARK: GET

    /// Answers `GET path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor.
    public nonisolated(nonsending) func fakeGET<T: Encodable>(
        _ path: String, response: T, headerFields: [String: String] = [:], statusCode: Int = 200,
        delay: TimeInterval = 0
    ) async {
        await fake(.get, path, response: Self.fakeResponse(response, headerFields, statusCode, delay))
    }

    /// Answers `GET path` with an empty body, `headerFields` and `statusCode`, after `delay` seconds.
    public func fakeGET(
        _ path: String, headerFields: [String: String] = [:], statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(.get, path, response: Self.fakeResponse(headerFields, statusCode, delay))
    }

    /// Answers `GET path` with the contents of `fileName` in `bundle` (its `Content-Type` from the
    /// extension). `fileName` may include a subdirectory (`Fixtures/entries.json`); without one,
    /// the bundle's resources and their subdirectories (two levels deep) are searched.
    public func fakeGET(_ path: String, fileName: String, bundle: Bundle = .main) {
        fake(.get, path, response: Self.fakeResponse(fileName: fileName, bundle: bundle))
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

    static func fakeResponse(fileName: String, bundle: Bundle) -> FakeResponse {
        guard let url = FakeFile.locate(fileName, in: bundle) else {
            return .failure(
                .invalidRequest("the fake file '\(fileName)' was not found in the bundle at \(bundle.bundlePath)"))
        }
        do {
            let data = try Data(contentsOf: url)
            return .data(data, contentType: FakeFile.contentType(forExtension: url.pathExtension))
        } catch {
            return .failure(
                .invalidRequest("the fake file '\(url.path)' could not be read: \(error.localizedDescription)"))
        }
    }
}
