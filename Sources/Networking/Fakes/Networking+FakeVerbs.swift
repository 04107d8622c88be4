import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// One family per method, each the shorthand for `fake(_:_:response:)` with that method (see
// Networking+Fakes.swift for how fakes match and answer): a response encoded as JSON (`Data` and
// `String` as they are), an empty body, or the contents of a file. A path may have `{name}`
// segments: `fakePOST("/users/{userID}/posts", response: ["author": "{userID}"])` answers
// `POST /users/7/posts` with `{"author": "7"}`.

extension Networking {
    // MARK: GET

    /// Answers `GET path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor. Each `{name}` segment
    /// of `path` matches any one segment and fills `{name}` in the string values of a JSON response.
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
    /// extension) and `statusCode`, after `delay` seconds. `fileName` may include a subdirectory
    /// (`Fixtures/entries.json`); without one, the bundle's resources and their subdirectories
    /// (two levels deep) are searched.
    public func fakeGET(
        _ path: String, fileName: String, bundle: Bundle = .main, statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(
            .get, path,
            response: Self.fakeResponse(fileName: fileName, bundle: bundle, statusCode: statusCode, delay: delay))
    }

    // MARK: POST

    /// Answers `POST path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor. Each `{name}` segment
    /// of `path` matches any one segment and fills `{name}` in the string values of a JSON response.
    public nonisolated(nonsending) func fakePOST<T: Encodable>(
        _ path: String, response: T, headerFields: [String: String] = [:], statusCode: Int = 200,
        delay: TimeInterval = 0
    ) async {
        await fake(.post, path, response: Self.fakeResponse(response, headerFields, statusCode, delay))
    }

    /// Answers `POST path` with an empty body, `headerFields` and `statusCode`, after `delay` seconds.
    public func fakePOST(
        _ path: String, headerFields: [String: String] = [:], statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(.post, path, response: Self.fakeResponse(headerFields, statusCode, delay))
    }

    /// Answers `POST path` with the contents of `fileName` in `bundle` (its `Content-Type` from the
    /// extension) and `statusCode`, after `delay` seconds. `fileName` may include a subdirectory
    /// (`Fixtures/entries.json`); without one, the bundle's resources and their subdirectories
    /// (two levels deep) are searched.
    public func fakePOST(
        _ path: String, fileName: String, bundle: Bundle = .main, statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(
            .post, path,
            response: Self.fakeResponse(fileName: fileName, bundle: bundle, statusCode: statusCode, delay: delay))
    }

    // MARK: PUT

    /// Answers `PUT path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor. Each `{name}` segment
    /// of `path` matches any one segment and fills `{name}` in the string values of a JSON response.
    public nonisolated(nonsending) func fakePUT<T: Encodable>(
        _ path: String, response: T, headerFields: [String: String] = [:], statusCode: Int = 200,
        delay: TimeInterval = 0
    ) async {
        await fake(.put, path, response: Self.fakeResponse(response, headerFields, statusCode, delay))
    }

    /// Answers `PUT path` with an empty body, `headerFields` and `statusCode`, after `delay` seconds.
    public func fakePUT(
        _ path: String, headerFields: [String: String] = [:], statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(.put, path, response: Self.fakeResponse(headerFields, statusCode, delay))
    }

    /// Answers `PUT path` with the contents of `fileName` in `bundle` (its `Content-Type` from the
    /// extension) and `statusCode`, after `delay` seconds. `fileName` may include a subdirectory
    /// (`Fixtures/entries.json`); without one, the bundle's resources and their subdirectories
    /// (two levels deep) are searched.
    public func fakePUT(
        _ path: String, fileName: String, bundle: Bundle = .main, statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(
            .put, path,
            response: Self.fakeResponse(fileName: fileName, bundle: bundle, statusCode: statusCode, delay: delay))
    }

    // MARK: PATCH

    /// Answers `PATCH path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor. Each `{name}` segment
    /// of `path` matches any one segment and fills `{name}` in the string values of a JSON response.
    public nonisolated(nonsending) func fakePATCH<T: Encodable>(
        _ path: String, response: T, headerFields: [String: String] = [:], statusCode: Int = 200,
        delay: TimeInterval = 0
    ) async {
        await fake(.patch, path, response: Self.fakeResponse(response, headerFields, statusCode, delay))
    }

    /// Answers `PATCH path` with an empty body, `headerFields` and `statusCode`, after `delay` seconds.
    public func fakePATCH(
        _ path: String, headerFields: [String: String] = [:], statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(.patch, path, response: Self.fakeResponse(headerFields, statusCode, delay))
    }

    /// Answers `PATCH path` with the contents of `fileName` in `bundle` (its `Content-Type` from the
    /// extension) and `statusCode`, after `delay` seconds. `fileName` may include a subdirectory
    /// (`Fixtures/entries.json`); without one, the bundle's resources and their subdirectories
    /// (two levels deep) are searched.
    public func fakePATCH(
        _ path: String, fileName: String, bundle: Bundle = .main, statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(
            .patch, path,
            response: Self.fakeResponse(fileName: fileName, bundle: bundle, statusCode: statusCode, delay: delay))
    }

    // MARK: DELETE

    /// Answers `DELETE path` with `response` (JSON; `Data` and `String` as they are), `headerFields`
    /// and `statusCode`, after `delay` seconds. `response` is encoded in the caller's isolation, so
    /// it may be a model whose conformance is isolated to the caller's actor. Each `{name}` segment
    /// of `path` matches any one segment and fills `{name}` in the string values of a JSON response.
    public nonisolated(nonsending) func fakeDELETE<T: Encodable>(
        _ path: String, response: T, headerFields: [String: String] = [:], statusCode: Int = 200,
        delay: TimeInterval = 0
    ) async {
        await fake(.delete, path, response: Self.fakeResponse(response, headerFields, statusCode, delay))
    }

    /// Answers `DELETE path` with an empty body, `headerFields` and `statusCode`, after `delay` seconds.
    public func fakeDELETE(
        _ path: String, headerFields: [String: String] = [:], statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(.delete, path, response: Self.fakeResponse(headerFields, statusCode, delay))
    }

    /// Answers `DELETE path` with the contents of `fileName` in `bundle` (its `Content-Type` from the
    /// extension) and `statusCode`, after `delay` seconds. `fileName` may include a subdirectory
    /// (`Fixtures/entries.json`); without one, the bundle's resources and their subdirectories
    /// (two levels deep) are searched.
    public func fakeDELETE(
        _ path: String, fileName: String, bundle: Bundle = .main, statusCode: Int = 200, delay: TimeInterval = 0
    ) {
        fake(
            .delete, path,
            response: Self.fakeResponse(fileName: fileName, bundle: bundle, statusCode: statusCode, delay: delay))
    }
}
