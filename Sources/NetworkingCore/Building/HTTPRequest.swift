import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request described by its parts, before it becomes a `URLRequest`.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// A path joined to the base URL by `URLComposer`'s rule, or an absolute URL.
    public var path: String
    /// Query items appended after any query in `path`, in order.
    public var query: [URLQueryItem]
    /// A flat `Encodable` whose members are appended to the query after `query` (see `FlatEncoder`).
    public var queryModel: (any Encodable & Sendable)?
    /// Headers for this request; they override the client's default headers.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: RequestBody?
    /// The per-request timeout in seconds; `nil` uses the session's.
    public var timeout: TimeInterval?

    /// Creates a request description.
    public init(
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
public struct RequestBuilder: Sendable {
    /// The base URL every relative path is joined to.
    public var baseURL: String {
        didSet { base = URLComposer.Base.parse(baseURL) }
    }
    /// Headers sent with every request (a request's own headers override them).
    public var defaultHeaders: HTTPHeaders {
        didSet { defaultFields = Self.prepare(defaultHeaders) }
    }
    /// Encodes JSON bodies.
    public var encoder: JSONEncoder
    /// `baseURL` parsed, once for every request built against it.
    private var base: URLComposer.Base.Parsed
    /// `defaultHeaders` checked and laid out as a request without headers of its own (most of
    /// them) sends them, once for every such request; or why one of them cannot be sent.
    private var defaultFields: Result<[String: String], NetworkingError>

    /// Creates a builder.
    public init(baseURL: String, defaultHeaders: HTTPHeaders = [:], encoder: JSONEncoder = JSONCoding.makeEncoder()) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.encoder = encoder
        self.base = URLComposer.Base.parse(baseURL)
        self.defaultFields = Self.prepare(defaultHeaders)
    }

    /// `headers` validated in order, with each repeated name's values joined (see
    /// `URLRequest.setHeaderFields`), as `allHTTPHeaderFields`; the first invalid field's error.
    private static func prepare(_ headers: HTTPHeaders) -> Result<[String: String], NetworkingError> {
        var fields: [HTTPHeaders.Field] = []
        for field in headers {
            do throws(NetworkingError) {
                try validate(field)
            } catch {
                return .failure(error)
            }
            fields.append(field)
        }
        var laidOut: [String: String] = [:]
        for field in URLRequest.combiningRepeatedNames(fields) { laidOut[field.name] = field.value }
        return .success(laidOut)
    }

    /// Builds the `URLRequest`, or throws `.invalidRequest` naming what is wrong: an invalid base
    /// URL or path, a method that is not a token, a body that cannot be encoded, a header name or
    /// value that could inject a header (CR, LF or NUL).
    public func makeURLRequest(_ request: HTTPRequest) throws(NetworkingError) -> URLRequest {
        try build(request)
    }

    private func build(_ request: HTTPRequest) throws(NetworkingError) -> URLRequest {
        var query = request.query
        if let model = request.queryModel {
            query += try FlatEncoder.encode(model, as: "query").map { URLQueryItem(name: $0.0, value: $0.1) }
        }
        let url = try URLComposer.compose(base: base, path: request.path, query: query)
        var urlRequest = URLRequest(url: url)
        try RequestHeadCheck.validate(method: request.method.rawValue)
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }  // GET is the default
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        if request.headers.isEmpty {
            let defaults = try defaultFields.get()
            if !defaults.isEmpty { urlRequest.allHTTPHeaderFields = defaults }
        } else {
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
        }
        if let body = request.body {
            let encoded = try body.encoded(with: encoder)
            urlRequest.setValue(encoded.contentType, forHTTPHeaderField: "Content-Type")
            if let data = encoded.data {
                urlRequest.httpBody = data
            } else if let fileURL = encoded.fileURL {
                urlRequest.setFileBody(fileURL)
            } else if let stream = encoded.stream {
                urlRequest.httpBodyStream = HTTPBodyInputStream(body: stream)
            }
        }
        return urlRequest
    }

    /// Rejects header names that are not RFC 9110 tokens and values containing CR, LF or NUL.
    public static func validate(_ field: HTTPHeaders.Field) throws(NetworkingError) {
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

    /// Makes the file at `url` the request's body (a `FileBodyStream`, replacing any other body).
    public mutating func setFileBody(_ url: URL) {
        httpBody = nil
        httpBodyStream = FileBodyStream(fileURL: url)
    }

    /// The file the body is read from, when it is a `FileBodyStream`.
    public var fileBodyURL: URL? { (httpBodyStream as? FileBodyStream)?.fileURL }

    /// Whether sending this request again sends the same body: true for no body, an in-memory
    /// body, a file body (`FileBodyStream`) and an `HTTPBody` that can be sent again
    /// (`HTTPBodyInputStream` of `.multiple` iteration); false for any other `httpBodyStream`.
    public var isBodyReplayable: Bool {
        guard let stream = httpBodyStream else { return true }
        if let carried = stream as? HTTPBodyInputStream { return carried.body.iterationBehavior == .multiple }
        return stream is FileBodyStream
    }
}
