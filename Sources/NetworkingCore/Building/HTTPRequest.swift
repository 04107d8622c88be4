import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request described by its parts, before it becomes a `URLRequest`.
package struct HTTPRequest: Sendable {
    /// The method.
    package var method: HTTPMethod
    /// A path joined to the base URL by `URLComposer`'s rule, or an absolute URL.
    package var path: String
    /// Query items appended after any query in `path`, in order.
    package var query: [URLQueryItem]
    /// A flat `Encodable` whose members are appended to the query after `query` (see `FlatEncoder`).
    package var queryModel: (any Encodable & Sendable)?
    /// Headers for this request; they override the client's default headers.
    package var headers: HTTPHeaders
    /// The body, if any.
    package var body: RequestBody?
    /// The per-request timeout in seconds; `nil` uses the session's.
    package var timeout: TimeInterval?

    /// Creates a request description.
    package init(
        method: HTTPMethod, path: String, query: [URLQueryItem] = [], queryModel: (any Encodable & Sendable)? = nil,
        headers: HTTPHeaders = [:], body: RequestBody? = nil, timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.queryModel = queryModel
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// Turns `HTTPRequest`s into `URLRequest`s for one base URL and set of default headers.
package struct RequestBuilder: Sendable {
    /// The base URL every relative path is joined to.
    package var baseURL: String {
        didSet { base = URLComposer.Base.parse(baseURL) }
    }
    /// Headers sent with every request (a request's own headers override them).
    package var defaultHeaders: HTTPHeaders
    /// Encodes JSON bodies.
    package var encoder: JSONEncoder
    /// `baseURL` parsed, once for every request built against it.
    private var base: URLComposer.Base.Parsed

    /// Creates a builder.
    package init(baseURL: String, defaultHeaders: HTTPHeaders = [:], encoder: JSONEncoder = JSONCoding.makeEncoder()) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.encoder = encoder
        self.base = URLComposer.Base.parse(baseURL)
    }

    /// Builds the `URLRequest`, or throws `.invalidRequest` naming what is wrong: an invalid base
    /// URL or path, a method that is not a token, a body that cannot be encoded, a header name or
    /// value that could inject a header (CR, LF or NUL).
    ///
    /// A file body becomes an `InputStream` over the file, and a streamed body cannot ride on a
    /// `URLRequest` (it throws `.invalidRequest`): the library's own clients send both beside the
    /// head (see `build(_:)`).
    package func makeURLRequest(_ request: HTTPRequest) throws(NetworkingError) -> URLRequest {
        var (head, beside) = try build(request)
        if let beside {
            if let file = beside.body.fileURL {
                head.httpBodyStream = InputStream(url: file)
            } else {
                throw .invalidRequest("a streamed request body cannot be carried by a URLRequest")
            }
        }
        return head
    }

    /// Builds the head, and the body that travels beside it when it is not bytes (a file or a
    /// stream); errors as `makeURLRequest(_:)`.
    package func build(_ request: HTTPRequest) throws(NetworkingError) -> (URLRequest, BodyBeside?) {
        var query = request.query
        if let model = request.queryModel {
            query += try FlatEncoder.encode(model, as: "query").map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        let url = try URLComposer.compose(base: base, path: request.path, query: query)
        var urlRequest = URLRequest(url: url)
        try RequestHeadCheck.validate(method: request.method.rawValue)
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }  // GET is the default
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        var fields: [HTTPHeaders.Field] = []
        for field in defaultHeaders where !request.headers.contains(field.name) {
            try Self.validate(field)
            fields.append(field)
        }
        for field in request.headers {
            try Self.validate(field)
            fields.append(field)
        }
        urlRequest.setHeaderFields(fields)
        var beside: BodyBeside?
        if let body = request.body {
            let encoded = try body.encoded(with: encoder)
            urlRequest.setValue(encoded.contentType, forHTTPHeaderField: "Content-Type")
            if let data = encoded.data {
                urlRequest.httpBody = data
            } else if let fileURL = encoded.fileURL {
                beside = BodyBeside(HTTPBody(fileURL: fileURL))
            } else if let stream = encoded.stream {
                beside = BodyBeside(stream)
            }
            beside?.mark(&urlRequest)
        }
        return (urlRequest, beside)
    }

    /// Rejects header names that are not RFC 9110 tokens and values containing CR, LF or NUL.
    package static func validate(_ field: HTTPHeaders.Field) throws(NetworkingError) {
        guard RequestHeadCheck.isToken(field.name) else {
            throw .invalidRequest("header name '\(field.name.debugDescription)' is not a valid token")
        }
        guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw .invalidRequest("header '\(field.name)' has a value containing a line break or NUL")
        }
    }
}

extension URLRequest {
    /// Sets `fields` in order, names as given (lookups ignore case), replacing any field of the
    /// same name already set.
    ///
    /// A name given more than once is set once, its values joined in order: with ", " as RFC 9110
    /// §5.3 defines a repeated field to mean, and for `Cookie` with "; " (RFC 6265 §5.4). A
    /// `URLRequest` holds one value per name, and that one line means the same as the repeated ones.
    /// The fields are set together rather than with `setValue(_:forHTTPHeaderField:)`, which on
    /// Linux re-cases each name with `String.capitalized` (microseconds a name).
    mutating func setHeaderFields(_ fields: [HTTPHeaders.Field]) {
        guard !fields.isEmpty else { return }
        var all = allHTTPHeaderFields ?? [:]
        for field in Self.combiningRepeatedNames(fields) {
            if let existing = all.keys.first(where: { $0.caseInsensitiveEquals(field.name) }) {
                all.removeValue(forKey: existing)
            }
            all[field.name] = field.value
        }
        allHTTPHeaderFields = all
    }

    /// `fields` with each repeated name's values joined into its first field (see `setHeaderFields`).
    static func combiningRepeatedNames(_ fields: [HTTPHeaders.Field]) -> [HTTPHeaders.Field] {
        var combined: [HTTPHeaders.Field] = []
        combined.reserveCapacity(fields.count)
        for field in fields {
            guard let index = combined.firstIndex(where: { $0.name.caseInsensitiveEquals(field.name) }) else {
                combined.append(field)
                continue
            }
            let separator = field.name.caseInsensitiveEquals("Cookie") ? "; " : ", "
            combined[index].value += separator + field.value
        }
        return combined
    }

    /// Whether sending this request again sends the same body, as an interceptor sees it: true
    /// for no body, an in-memory body, and a body beside the head that can be sent again (a file,
    /// a replayable stream); false for an `httpBodyStream`, which stands for a one-shot body.
    public var isBodyReplayable: Bool { httpBodyStream == nil }
}
