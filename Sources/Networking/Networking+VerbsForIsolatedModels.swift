import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The verbs for models that are not `Sendable` type arguments: a model whose conformance is
// isolated to the caller's actor (in a target whose default isolation is `MainActor`, a model
// declared plainly: `struct User: Codable`), or a class that is not `Sendable`. Swift picks these
// only when the `Decodable & Sendable` verbs of `Networking+Verbs.swift` do not apply, so code that
// compiled before keeps calling those, which decode off the caller.
//
// These run in the caller's isolation (`nonisolated(nonsending)`): the body and the query model are
// encoded there and the response is decoded there, as the model's conformance requires; only bytes
// cross to the pipeline, which builds and sends the request on the global executor (see
// `Networking+CallerDecoding.swift`). On the main actor, decoding a 1 MB body costs the main actor
// the time the Getting started article gives; a model marked `nonisolated` is decoded off it.

extension Networking {
    /// Sends `GET path` with optional query items (order and repeated names kept) and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func get<T: Decodable>(
        _ path: String, query: [URLQueryItem] = [], cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        await sendHere(.get, path, query: query, cachingLevel: cachingLevel)
    }

    /// Sends `GET path?…` with the members of a flat `Encodable` as the query, encoded in the caller's
    /// isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func get<T: Decodable, Q: Encodable>(
        _ path: String, query: Q, cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        await sendHere(.get, path, queryModel: query, cachingLevel: cachingLevel, decode: Self.decoding(T.self))
    }

    /// Sends `GET path?…` with the members of a flat `Encodable` as the query, encoded in the caller's
    /// isolation, ignores the response body.
    public nonisolated(nonsending) func get<Q: Encodable>(
        _ path: String, query: Q, cachingLevel: CachingLevel = .none
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.get, path, queryModel: query, cachingLevel: cachingLevel, decode: Self.ignoringBody)
    }

    /// Sends `DELETE path` with optional query items (order and repeated names kept) and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func delete<T: Decodable>(
        _ path: String, query: [URLQueryItem] = []
    ) async -> Result<T, NetworkingError> {
        await sendHere(.delete, path, query: query)
    }

    /// Sends `DELETE path?…` with the members of a flat `Encodable` as the query, encoded in the caller's
    /// isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func delete<T: Decodable, Q: Encodable>(
        _ path: String, query: Q
    ) async -> Result<T, NetworkingError> {
        await sendHere(.delete, path, queryModel: query, decode: Self.decoding(T.self))
    }

    /// Sends `DELETE path?…` with the members of a flat `Encodable` as the query, encoded in the caller's
    /// isolation, ignores the response body.
    public nonisolated(nonsending) func delete<Q: Encodable>(
        _ path: String, query: Q
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.delete, path, queryModel: query, decode: Self.ignoringBody)
    }

    /// Sends `POST path` with no body and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func post<T: Decodable>(_ path: String) async -> Result<T, NetworkingError> {
        await sendHere(.post, path)
    }

    /// Sends `POST path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func post<T: Decodable, B: Encodable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await sendHere(.post, path, body: body, decode: Self.decoding(T.self))
    }

    /// Sends `POST path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func post<T: Decodable, F: Encodable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await sendHere(.post, path, body: form, asForm: true, decode: Self.decoding(T.self))
    }

    /// Sends `POST path` as `multipart/form-data` with file parts and string fields and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func post<T: Decodable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await sendHere(.post, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `POST path` with `data` verbatim under `contentType` and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func post<T: Decodable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await sendHere(.post, path, body: .data(data, contentType: contentType))
    }

    /// Sends `POST path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, ignores the response body.
    public nonisolated(nonsending) func post<B: Encodable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.post, path, body: body, decode: Self.ignoringBody)
    }

    /// Sends `POST path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, ignores the response body.
    public nonisolated(nonsending) func post<F: Encodable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.post, path, body: form, asForm: true, decode: Self.ignoringBody)
    }

    /// Sends `PUT path` with no body and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func put<T: Decodable>(_ path: String) async -> Result<T, NetworkingError> {
        await sendHere(.put, path)
    }

    /// Sends `PUT path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func put<T: Decodable, B: Encodable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await sendHere(.put, path, body: body, decode: Self.decoding(T.self))
    }

    /// Sends `PUT path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func put<T: Decodable, F: Encodable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await sendHere(.put, path, body: form, asForm: true, decode: Self.decoding(T.self))
    }

    /// Sends `PUT path` as `multipart/form-data` with file parts and string fields and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func put<T: Decodable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await sendHere(.put, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PUT path` with `data` verbatim under `contentType` and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func put<T: Decodable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await sendHere(.put, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PUT path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, ignores the response body.
    public nonisolated(nonsending) func put<B: Encodable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.put, path, body: body, decode: Self.ignoringBody)
    }

    /// Sends `PUT path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, ignores the response body.
    public nonisolated(nonsending) func put<F: Encodable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.put, path, body: form, asForm: true, decode: Self.ignoringBody)
    }

    /// Sends `PATCH path` with no body and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func patch<T: Decodable>(_ path: String) async -> Result<T, NetworkingError> {
        await sendHere(.patch, path)
    }

    /// Sends `PATCH path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func patch<T: Decodable, B: Encodable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await sendHere(.patch, path, body: body, decode: Self.decoding(T.self))
    }

    /// Sends `PATCH path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, decodes the response in the caller's isolation.
    public nonisolated(nonsending) func patch<T: Decodable, F: Encodable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await sendHere(.patch, path, body: form, asForm: true, decode: Self.decoding(T.self))
    }

    /// Sends `PATCH path` as `multipart/form-data` with file parts and string fields and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func patch<T: Decodable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await sendHere(.patch, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PATCH path` with `data` verbatim under `contentType` and decodes the response in the caller's isolation.
    public nonisolated(nonsending) func patch<T: Decodable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await sendHere(.patch, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PATCH path` with `body` as JSON (`application/json`, ISO-8601 dates), encoded in the
    /// caller's isolation, ignores the response body.
    public nonisolated(nonsending) func patch<B: Encodable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.patch, path, body: body, decode: Self.ignoringBody)
    }

    /// Sends `PATCH path` with a flat `Encodable` as `application/x-www-form-urlencoded`, encoded in
    /// the caller's isolation, ignores the response body.
    public nonisolated(nonsending) func patch<F: Encodable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendHere(.patch, path, body: form, asForm: true, decode: Self.ignoringBody)
    }
}
