import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The verbs. Each returns `Result<T, NetworkingError>` for any `Decodable & Sendable` `T` (including
// `JSONResponse`, `Data` and `String`), or `Result<Void, NetworkingError>` when only success matters.
// The method you call picks how the body is encoded and its `Content-Type`. These encode and decode
// off the caller; for models that are not `Sendable` type arguments (a conformance isolated to the
// caller's actor), Swift picks those of `Networking+VerbsForIsolatedModels.swift` instead.

extension Networking {
    /// Sends `GET path` with optional query items (order and repeated names kept) and decodes the response.
    public nonisolated(nonsending) func get<T: Decodable & Sendable>(
        _ path: String, query: [URLQueryItem] = [], cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        await send(.get, path, query: query, cachingLevel: cachingLevel)
    }

    /// Sends `GET path?…` with the members of a flat `Encodable` as the query and decodes the response.
    public nonisolated(nonsending) func get<T: Decodable & Sendable, Q: Encodable & Sendable>(
        _ path: String, query: Q, cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        await send(.get, path, queryModel: query, cachingLevel: cachingLevel)
    }

    /// Sends `GET path` with optional query items (order and repeated names kept) and ignores the body.
    public nonisolated(nonsending) func get(
        _ path: String, query: [URLQueryItem] = [], cachingLevel: CachingLevel = .none
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.get, path, query: query, cachingLevel: cachingLevel)
    }

    /// Sends `GET path?…` with the members of a flat `Encodable` as the query and ignores the body.
    public nonisolated(nonsending) func get<Q: Encodable & Sendable>(
        _ path: String, query: Q, cachingLevel: CachingLevel = .none
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.get, path, queryModel: query, cachingLevel: cachingLevel)
    }

    /// Sends `DELETE path` with optional query items (order and repeated names kept) and decodes the response.
    public nonisolated(nonsending) func delete<T: Decodable & Sendable>(
        _ path: String, query: [URLQueryItem] = []
    ) async -> Result<T, NetworkingError> {
        await send(.delete, path, query: query)
    }

    /// Sends `DELETE path?…` with the members of a flat `Encodable` as the query and decodes the response.
    public nonisolated(nonsending) func delete<T: Decodable & Sendable, Q: Encodable & Sendable>(
        _ path: String, query: Q
    ) async -> Result<T, NetworkingError> {
        await send(.delete, path, queryModel: query)
    }

    /// Sends `DELETE path` with optional query items (order and repeated names kept) and ignores the body.
    public nonisolated(nonsending) func delete(
        _ path: String, query: [URLQueryItem] = []
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.delete, path, query: query)
    }

    /// Sends `DELETE path?…` with the members of a flat `Encodable` as the query and ignores the body.
    public nonisolated(nonsending) func delete<Q: Encodable & Sendable>(
        _ path: String, query: Q
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.delete, path, queryModel: query)
    }

    /// Sends `POST path` with no body and decodes the response.
    public nonisolated(nonsending) func post<T: Decodable & Sendable>(
        _ path: String
    ) async -> Result<T, NetworkingError> {
        await send(.post, path)
    }

    /// Sends `POST path` with `body` as JSON (`application/json`, ISO-8601 dates) and decodes the response.
    public nonisolated(nonsending) func post<T: Decodable & Sendable, B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await send(.post, path, body: .json(body))
    }

    /// Sends `POST path` with a flat `Encodable` as `application/x-www-form-urlencoded` and decodes the response.
    public nonisolated(nonsending) func post<T: Decodable & Sendable, F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await send(.post, path, body: .form(form))
    }

    /// Sends `POST path` as `multipart/form-data` with file parts and string fields and decodes the response.
    public nonisolated(nonsending) func post<T: Decodable & Sendable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await send(.post, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `POST path` with `data` verbatim under `contentType` and decodes the response.
    public nonisolated(nonsending) func post<T: Decodable & Sendable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await send(.post, path, body: .data(data, contentType: contentType))
    }

    /// Sends `POST path` with no body and ignores the response body.
    public nonisolated(nonsending) func post(_ path: String) async -> Result<Void, NetworkingError> {
        await sendVoid(.post, path)
    }

    /// Sends `POST path` with `body` as JSON (`application/json`, ISO-8601 dates) and ignores the response body.
    public nonisolated(nonsending) func post<B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.post, path, body: .json(body))
    }

    /// Sends `POST path` with a flat `Encodable` as `application/x-www-form-urlencoded` and ignores the response body.
    public nonisolated(nonsending) func post<F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.post, path, body: .form(form))
    }

    /// Sends `POST path` as `multipart/form-data` with file parts and string fields and ignores the response body.
    public nonisolated(nonsending) func post(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.post, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `POST path` with `data` verbatim under `contentType` and ignores the response body.
    public nonisolated(nonsending) func post(
        _ path: String, data: Data, contentType: String
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.post, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PUT path` with no body and decodes the response.
    public nonisolated(nonsending) func put<T: Decodable & Sendable>(
        _ path: String
    ) async -> Result<T, NetworkingError> {
        await send(.put, path)
    }

    /// Sends `PUT path` with `body` as JSON (`application/json`, ISO-8601 dates) and decodes the response.
    public nonisolated(nonsending) func put<T: Decodable & Sendable, B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await send(.put, path, body: .json(body))
    }

    /// Sends `PUT path` with a flat `Encodable` as `application/x-www-form-urlencoded` and decodes the response.
    public nonisolated(nonsending) func put<T: Decodable & Sendable, F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await send(.put, path, body: .form(form))
    }

    /// Sends `PUT path` as `multipart/form-data` with file parts and string fields and decodes the response.
    public nonisolated(nonsending) func put<T: Decodable & Sendable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await send(.put, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PUT path` with `data` verbatim under `contentType` and decodes the response.
    public nonisolated(nonsending) func put<T: Decodable & Sendable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await send(.put, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PUT path` with no body and ignores the response body.
    public nonisolated(nonsending) func put(_ path: String) async -> Result<Void, NetworkingError> {
        await sendVoid(.put, path)
    }

    /// Sends `PUT path` with `body` as JSON (`application/json`, ISO-8601 dates) and ignores the response body.
    public nonisolated(nonsending) func put<B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.put, path, body: .json(body))
    }

    /// Sends `PUT path` with a flat `Encodable` as `application/x-www-form-urlencoded` and ignores the response body.
    public nonisolated(nonsending) func put<F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.put, path, body: .form(form))
    }

    /// Sends `PUT path` as `multipart/form-data` with file parts and string fields and ignores the response body.
    public nonisolated(nonsending) func put(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.put, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PUT path` with `data` verbatim under `contentType` and ignores the response body.
    public nonisolated(nonsending) func put(
        _ path: String, data: Data, contentType: String
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.put, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PATCH path` with no body and decodes the response.
    public nonisolated(nonsending) func patch<T: Decodable & Sendable>(
        _ path: String
    ) async -> Result<T, NetworkingError> {
        await send(.patch, path)
    }

    /// Sends `PATCH path` with `body` as JSON (`application/json`, ISO-8601 dates) and decodes the response.
    public nonisolated(nonsending) func patch<T: Decodable & Sendable, B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<T, NetworkingError> {
        await send(.patch, path, body: .json(body))
    }

    /// Sends `PATCH path` with a flat `Encodable` as `application/x-www-form-urlencoded` and decodes the response.
    public nonisolated(nonsending) func patch<T: Decodable & Sendable, F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<T, NetworkingError> {
        await send(.patch, path, body: .form(form))
    }

    /// Sends `PATCH path` as `multipart/form-data` with file parts and string fields and decodes the response.
    public nonisolated(nonsending) func patch<T: Decodable & Sendable>(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<T, NetworkingError> {
        await send(.patch, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PATCH path` with `data` verbatim under `contentType` and decodes the response.
    public nonisolated(nonsending) func patch<T: Decodable & Sendable>(
        _ path: String, data: Data, contentType: String
    ) async -> Result<T, NetworkingError> {
        await send(.patch, path, body: .data(data, contentType: contentType))
    }

    /// Sends `PATCH path` with no body and ignores the response body.
    public nonisolated(nonsending) func patch(_ path: String) async -> Result<Void, NetworkingError> {
        await sendVoid(.patch, path)
    }

    /// Sends `PATCH path` with `body` as JSON (`application/json`, ISO-8601 dates) and ignores the response body.
    public nonisolated(nonsending) func patch<B: Encodable & Sendable>(
        _ path: String, body: B
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.patch, path, body: .json(body))
    }

    /// Sends `PATCH path` with a flat `Encodable` as `application/x-www-form-urlencoded` and ignores the response body.
    public nonisolated(nonsending) func patch<F: Encodable & Sendable>(
        _ path: String, form: F
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.patch, path, body: .form(form))
    }

    /// Sends `PATCH path` as `multipart/form-data` with file parts and string fields and ignores the response body.
    public nonisolated(nonsending) func patch(
        _ path: String, parts: [FormDataPart], fields: [String: String] = [:]
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.patch, path, body: .multipart(parts: parts, fields: fields))
    }

    /// Sends `PATCH path` with `data` verbatim under `contentType` and ignores the response body.
    public nonisolated(nonsending) func patch(
        _ path: String, data: Data, contentType: String
    ) async -> Result<Void, NetworkingError> {
        await sendVoid(.patch, path, body: .data(data, contentType: contentType))
    }
}
