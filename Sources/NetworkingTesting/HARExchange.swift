import Foundation

/// One exchange as the HAR export sees it, whichever source it came from: a completion an
/// observer collected (`HARCollector`) or a fixture a `RecordingTransport` wrote.
struct HARExchange: Sendable {
    /// The method.
    var method: String
    /// The URL the request was sent to.
    var url: URL
    /// The request's header fields.
    var requestHeaders: HTTPHeaders
    /// The request body, when it was in memory.
    var requestBody: Data?
    /// The response, when one arrived.
    var response: ResponseMetadata?
    /// Why the request failed without a response.
    var failure: String?
    /// When the request started.
    var started: Date
    /// Seconds it took, when no metrics say so.
    var duration: TimeInterval
    /// What was measured, if anything.
    var metrics: TransactionMetrics?
}

extension HARExchange {
    /// The exchange of `completion`, heard at `heard`; `nil` for a request that was never built
    /// (it has no URL, and nothing was sent).
    init?(_ completion: RequestCompletion, heard: Date) {
        guard let url = completion.context.url else { return nil }
        let (seconds, attoseconds) = completion.duration.components
        let duration = Double(seconds) + Double(attoseconds) / 1e18
        let response = completion.response
        self.init(
            method: completion.context.method.rawValue, url: url, requestHeaders: completion.context.headers,
            requestBody: completion.context.body, response: response,
            failure: response == nil ? completion.outcome.error.map { "\($0)" } : nil,
            started: completion.metrics?.startDate ?? heard.addingTimeInterval(-duration), duration: duration,
            metrics: completion.metrics)
    }

    /// The exchange recorded in `fixture`; `written` stands for its start when the fixture has no
    /// timing. `nil` when its URL is not one.
    init?(_ fixture: Fixture, written: Date) {
        guard let url = URL(string: fixture.request.url) else { return nil }
        let metrics = fixture.timing?.metrics
        let responseURL = fixture.response.url.flatMap { URL(string: $0) }
        self.init(
            method: fixture.request.method, url: url, requestHeaders: Self.sorted(fixture.request.headers),
            requestBody: fixture.request.body == nil ? nil : fixture.requestBody,
            response: ResponseMetadata(
                statusCode: fixture.response.statusCode, headers: Self.sorted(fixture.response.headers),
                body: fixture.responseBody, url: responseURL),
            failure: nil, started: metrics?.startDate ?? written, duration: metrics?.duration ?? 0, metrics: metrics)
    }

    /// A fixture's fields (a dictionary) in the order of their names.
    private static func sorted(_ fields: [String: String]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for name in fields.keys.sorted() { headers.add(name: name, value: fields[name] ?? "") }
        return headers
    }
}
