import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Endpoint {
    /// The request this endpoint describes, as the pipeline's `HTTPRequest` (joined to `baseURL`
    /// by the `RequestBuilder` that `makeURLRequest` uses).
    ///
    /// - Parameter encoder: The client's JSON encoder; the endpoint's encoding strategies are
    ///   applied on top of it (see `encoder(basedOn:)`).
    package func makeHTTPRequest(encoder: JSONEncoder) throws(NetworkingError) -> HTTPRequest {
        let encoder = self.encoder(basedOn: encoder)
        let headers = HTTPHeaders(headers ?? [:])
        let body: RequestBody?
        let query: [String: any Sendable]?
        switch task {
        case .none:
            (body, query) = (nil, nil)
        case .queryParameters(let parameters):
            (body, query) = (nil, parameters)
        case .rawBody(let parameters):
            (body, query) = (try Self.rawBody(parameters, encoder: encoder), nil)
        case .encodableBody(let value):
            (body, query) = (Self.encodableBody(value, headers: headers), nil)
        case .rawBodyAndQuery(let parameters, let queryParameters):
            (body, query) = (try Self.rawBody(parameters, encoder: encoder), queryParameters)
        case .encodableBodyAndQuery(let value, let queryParameters):
            (body, query) = (Self.encodableBody(value, headers: headers), queryParameters)
        case .requestBody(let requestBody, let queryParameters):
            (body, query) = (requestBody, queryParameters)
        }
        return HTTPRequest(
            method: method, path: path, query: try EndpointParameters.queryItems(query ?? [:]), headers: headers,
            body: body, timeout: timeoutInterval)
    }

    /// The `URLRequest` this endpoint describes: `makeHTTPRequest` built against `baseURL` with
    /// `defaultHeaders` under the endpoint's own (a `Content-Type` in the endpoint's headers wins
    /// over the body's) and the cache policy set. What interceptors and loggers read of the
    /// endpoint travels beside it (`requestOptions`).
    ///
    /// A file body becomes an `InputStream` over the file; a streamed body cannot ride on a
    /// `URLRequest` (it throws `.invalidRequest`): `HTTPClient` sends both beside the head.
    package func makeURLRequest(
        defaultHeaders: HTTPHeaders = [:], encoder: JSONEncoder = JSONCoding.makeEncoder()
    ) throws(NetworkingError) -> URLRequest {
        var (urlRequest, beside) = try makeRequest(defaultHeaders: defaultHeaders, encoder: encoder)
        try beside?.attach(to: &urlRequest)
        return urlRequest
    }

    /// `makeURLRequest`'s head, with the body beside it when it is a file or a stream.
    package func makeRequest(
        defaultHeaders: HTTPHeaders = [:], encoder: JSONEncoder = JSONCoding.makeEncoder()
    ) throws(NetworkingError) -> (URLRequest, BodyBeside?) {
        let request = try makeHTTPRequest(encoder: encoder)
        let builder = RequestBuilder(
            baseURL: baseURL.absoluteString, defaultHeaders: defaultHeaders, encoder: self.encoder(basedOn: encoder))
        var (urlRequest, beside) = try builder.build(request)
        if request.body != nil, let contentType = request.headers["Content-Type"] {
            urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        urlRequest.cachePolicy = cachePolicy
        return (urlRequest, beside)
    }

    /// What the endpoint asks of interceptors and loggers: `requiresAuthentication`,
    /// `shouldPrintLogs`, `traceContext` and `coalesces` as `RequestOptions`.
    package var requestOptions: RequestOptions {
        var options = RequestOptions(requiresAuthentication: requiresAuthentication, printsLogs: shouldPrintLogs)
        options.traceContext = traceContext
        options.coalesces = coalesces
        return options
    }

    /// `encoder`, or a copy of it with this endpoint's key and date strategies when it sets any
    /// (`.useDefaultKeys` and `.deferredToDate` keep the encoder's).
    package func encoder(basedOn encoder: JSONEncoder) -> JSONEncoder {
        let keepsKeys: Bool
        if case .useDefaultKeys = keyEncodingStrategy { keepsKeys = true } else { keepsKeys = false }
        let keepsDates: Bool
        if case .deferredToDate = dateEncodingStrategy { keepsDates = true } else { keepsDates = false }
        if keepsKeys && keepsDates { return encoder }
        let copy = JSONEncoder()
        copy.outputFormatting = encoder.outputFormatting
        copy.dataEncodingStrategy = encoder.dataEncodingStrategy
        copy.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
        copy.userInfo = encoder.userInfo
        copy.keyEncodingStrategy = keepsKeys ? encoder.keyEncodingStrategy : keyEncodingStrategy
        copy.dateEncodingStrategy = keepsDates ? encoder.dateEncodingStrategy : dateEncodingStrategy
        return copy
    }

    /// `decoder`, or a copy of it with this endpoint's key and date strategies when it sets any
    /// (`.useDefaultKeys` and `.deferredToDate` keep the decoder's).
    package func decoder(basedOn decoder: JSONDecoder) -> JSONDecoder {
        let keepsKeys: Bool
        if case .useDefaultKeys = keyDecodingStrategy { keepsKeys = true } else { keepsKeys = false }
        let keepsDates: Bool
        if case .deferredToDate = dateDecodingStrategy { keepsDates = true } else { keepsDates = false }
        if keepsKeys && keepsDates { return decoder }
        let copy = JSONDecoder()
        copy.dataDecodingStrategy = decoder.dataDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        copy.userInfo = decoder.userInfo
        copy.keyDecodingStrategy = keepsKeys ? decoder.keyDecodingStrategy : keyDecodingStrategy
        copy.dateDecodingStrategy = keepsDates ? decoder.dateDecodingStrategy : dateDecodingStrategy
        return copy
    }

    /// A name for this endpoint in messages: its type, its case for an enum (never the case's
    /// associated values, which may be secrets), and its method and path, such as
    /// `AuthEndpoint.currentUser (GET /v1/users/me)`.
    package var endpointDescription: String {
        var name = String(describing: Self.self)
        if Mirror(reflecting: self).displayStyle == .enum {
            let caseName = String(describing: self).prefix { $0 != "(" }
            name += ".\(caseName)"
        }
        let path = self.path.prefix { $0 != "?" }
        return "\(name) (\(method) \(path))"
    }

    private static func rawBody(
        _ parameters: [String: any Sendable], encoder: JSONEncoder
    ) throws(NetworkingError) -> RequestBody {
        let value = try EndpointParameters.json(parameters, encoder: encoder)
        let plain = JSONEncoder()
        plain.outputFormatting = [.sortedKeys]
        do {
            return .data(try plain.encode(value), contentType: "application/json")
        } catch {
            throw .invalidRequest("body could not be encoded as JSON: \(error)")
        }
    }

    private static func encodableBody(
        _ value: any Encodable & Sendable, headers: HTTPHeaders
    ) -> RequestBody {
        if let data = value as? Data {
            return .data(data, contentType: headers["Content-Type"] ?? "application/octet-stream")
        }
        return .json(value)
    }
}
