import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request described by its parts, before it becomes a `URLRequest`.
@usableFromInline package struct HTTPRequest: Sendable {
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
