import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// How a request runs when its models belong to the caller's actor. A model declared plainly in a
// target whose default isolation is `MainActor` (`struct User: Codable`) has main-actor-isolated
// conformances: it can be encoded and decoded on the main actor only, and cannot be a `Sendable`
// type argument. The verbs that accept such models (`Networking+VerbsForIsolatedModels.swift`) run
// in the caller's isolation: they encode the body and the query model there, send bytes through
// the pipeline on the global executor (the network part never runs on the caller's actor), and
// decode the response back where they were called. Everything else (interceptors, fakes, caches,
// observers and logs, cancellation) is what `perform` does.

extension Networking {
    /// Encodes with `encode` and decodes with `decode` in the caller's isolation; builds and sends
    /// the request off it. `encode` adds the query model's items and the body to the request,
    /// with the client's JSON encoder; a failure is the request's failure, told to the observers
    /// as a request that could not be built.
    nonisolated(nonsending) func performHere<T>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem], cachingLevel: CachingLevel,
        downloadProgress: ProgressReporter? = nil,
        encode: (inout HTTPRequest, JSONEncoder) throws(NetworkingError) -> Void,
        decode: (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        let tracker = downloadProgress.map { TransferProgressTracker($0) }
        defer { tracker?.finish() }
        let registration = registry.register(key: path)
        defer { registry.unregister(registration) }
        let current = await currentSnapshot()
        var request = HTTPRequest(method: method, path: path, query: query)
        do throws(NetworkingError) {
            try encode(&request, current.pipeline.builder.encoder)
        } catch {
            current.pipeline.reportUnbuildable(method: method, headers: request.headers, error)
            return .failure(error)
        }
        let transport = cachingLevel == .none ? nil : verbTransport(cachingLevel, on: current)
        let decoder = current.pipeline.decoder
        let sent = await current.pipeline.send(request, transport: transport, downloadProgress: tracker?.reporter)
        return sent.decoded { (exchange) throws(NetworkingError) -> T in
            let value = try decode(exchange, decoder)
            tracker?.complete(completedBytes: Int64(exchange.body.count))
            return value
        }
    }

    /// Sends a request whose parts need no encoding and decodes the response as `T` in the
    /// caller's isolation.
    nonisolated(nonsending) func sendHere<T: Decodable>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: RequestBody? = nil,
        cachingLevel: CachingLevel = .none
    ) async -> Result<T, NetworkingError> {
        await performHere(
            method, path, query: query, cachingLevel: cachingLevel, encode: { request, _ in request.body = body },
            decode: Self.decoding(T.self))
    }

    /// Sends a request with `model`'s members appended to the query, encoded in the caller's
    /// isolation, and decodes the response with `decode` there.
    nonisolated(nonsending) func sendHere<T, Q: Encodable>(
        _ method: HTTPMethod, _ path: String, queryModel: Q, cachingLevel: CachingLevel = .none,
        decode: (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await performHere(
            method, path, query: [], cachingLevel: cachingLevel,
            encode: { (request, _) throws(NetworkingError) in
                request.query = try FlatEncoder.encode(queryModel, as: "query").map {
                    URLQueryItem(name: $0.0, value: $0.1)
                }
            }, decode: decode)
    }

    /// Sends a request with `body` encoded as JSON (`asForm`: as a URL-encoded form) in the caller's
    /// isolation, and decodes the response with `decode` there.
    nonisolated(nonsending) func sendHere<T, B: Encodable>(
        _ method: HTTPMethod, _ path: String, body: B, asForm: Bool = false,
        decode: (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T
    ) async -> Result<T, NetworkingError> {
        await performHere(
            method, path, query: [], cachingLevel: .none,
            encode: { (request, encoder) throws(NetworkingError) in
                request.body = RequestBody(
                    asForm ? try RequestBody.form(body) : try RequestBody.json(body, encoder: encoder))
            }, decode: decode)
    }

    /// Sends `GET path` and decodes the response as `T` in the caller's isolation, reporting
    /// download progress (the `Decodable & Sendable` one of `Networking+Transfers.swift` decodes
    /// off the caller; Swift picks this one for a model that is not a `Sendable` type argument).
    public nonisolated(nonsending) func get<T: Decodable>(
        _ path: String, query: [URLQueryItem] = [], progress: ProgressReporter
    ) async -> Result<T, NetworkingError> {
        await performHere(
            .get, path, query: query, cachingLevel: .none, downloadProgress: progress,
            encode: { _, _ in }, decode: Self.decoding(T.self))
    }

    /// Decodes a 2xx response as `T` (see `ResponseDecoding`), where it is called.
    static func decoding<T: Decodable>(
        _ type: T.Type
    ) -> (HTTPExchange, JSONDecoder) throws(NetworkingError) -> T {
        { (exchange, decoder) throws(NetworkingError) -> T in
            try ResponseDecoding.decode(T.self, from: exchange, decoder: decoder)
        }
    }

    /// Ignores a 2xx response's body.
    static func ignoringBody(_ exchange: HTTPExchange, _ decoder: JSONDecoder) {}
}
