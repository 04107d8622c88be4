import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns requests into `LogRecord`s: the spec's headlines plus curl-style detail lines
/// (`  > ` for the request, `  < ` for the response, a bare marker line before a body).
///
/// A request that made more than one attempt lists them, a `  ↻ ` line each (see
/// LogFormatter+Attempts.swift).
///
/// ```
/// 2026-06-14T20:09:58Z → GET /get [F97CE6EB-…]
///   > Accept: application/json
///   > Authorization: <redacted>
/// 2026-06-14T20:09:58Z ← 200 (452 bytes) in 0.022s [F97CE6EB-…]
///   < Content-Type: application/json
///   <
///   < {"url": "http://127.0.0.1:8080/get"}
/// 2026-06-14T20:09:58Z ✗ GET /status/404 [C3569F63-…] failed: The server returned status 404 (not found).
/// ```
package struct LogFormatter: Sendable {
    /// The sensitive header fields.
    package var redaction: HeaderRedaction
    /// Whether sensitive header values and all bodies are replaced with `<redacted>`.
    package var redactsLogs: Bool
    /// The most body bytes shown; longer bodies are truncated with a note of their size.
    package var bodyLimit: Int

    /// Creates a formatter.
    package init(redaction: HeaderRedaction, redactsLogs: Bool, bodyLimit: Int) {
        self.redaction = redaction
        self.redactsLogs = redactsLogs
        self.bodyLimit = bodyLimit
    }

    /// The record of a request starting: `→ METHOD /path?query [ID]` and the request's headers and body.
    package func started(_ context: RequestContext, at date: Date = Date()) -> LogRecord {
        LogRecord(
            date: date, severity: .info, requestID: context.id,
            headline: "→ \(context.method.rawValue) \(Self.target(context.url)) [\(context.id.uuidString)]",
            details: Self.tracing(context.trace, requestDetails(context)))
    }

    /// The record of a request completing: `← STATUS (N bytes) in S.SSSs [ID]` on success,
    /// `✗ METHOD /path [ID] failed: description` on failure, followed by the request's details
    /// when `includingRequest` (no start record was written) and the response's (omitted for
    /// downloads, whose bodies are binary).
    package func completed(
        _ completion: RequestCompletion, includingRequest: Bool, at date: Date = Date()
    ) -> LogRecord {
        let context = completion.context
        let id = context.id.uuidString
        var details = Self.tracing(
            context.trace, attempts: completion.attemptSpanIDs, includingRequest ? requestDetails(context) : [])
        details += Self.attemptLines(completion.attempts)
        if context.kind != .download, let response = completion.response {
            details += responseDetails(response)
        }
        if let host = completion.metrics?.pinMismatch {
            details.append(
                "  ! the public key of the certificate of \(host) did not match any key pinned for it "
                    + "(report-only pinning: the request went ahead)")
        }
        switch completion.outcome {
        case .success(let statusCode, let byteCount):
            let seconds = String(format: "%.3f", Self.seconds(completion.duration))
            return LogRecord(
                date: date, severity: .info, requestID: context.id,
                headline: "← \(statusCode) (\(byteCount) bytes) in \(seconds)s [\(id)]", details: details)
        case .failure(let error):
            let reason = Self.singleLine(error.localizedDescription)
            return LogRecord(
                date: date, severity: .failure, requestID: context.id,
                headline: "✗ \(context.method.rawValue) \(Self.target(context.url)) [\(id)] failed: \(reason)",
                details: details)
        }
    }

    /// The request's headers and body, prefixed `  > `.
    func requestDetails(_ context: RequestContext) -> [String] {
        var lines: [String] = []
        let fileBody = context.bodyFile?.path
        for field in context.headers {
            lines.append("  > \(field.name): \(headerValue(field))")
        }
        if let fileBody {
            lines += ["  >", "  > " + (redactsLogs ? HeaderRedaction.placeholder : "<body streamed from \(fileBody)>")]
        } else if let body = context.body, !body.isEmpty {
            lines += bodyLines(body, marker: "  >")
        }
        return lines
    }

    /// The response's headers and body, prefixed `  < `.
    func responseDetails(_ response: ResponseMetadata) -> [String] {
        var lines = response.headers.map { "  < \($0.name): \(headerValue($0))" }
        if !response.body.isEmpty { lines += bodyLines(response.body, marker: "  <") }
        return lines
    }

    private func headerValue(_ field: HTTPHeaders.Field) -> String {
        redactsLogs || redaction.alwaysRedacts(field.name)
            ? redaction.value(field.value, forField: field.name) : field.value
    }

    /// A bare marker line, then the body: redacted, described as binary, or as text line by line,
    /// truncated to `bodyLimit` bytes.
    func bodyLines(_ body: Data, marker: String) -> [String] {
        if redactsLogs { return [marker, "\(marker) \(HeaderRedaction.placeholder) (\(body.count) bytes)"] }
        let shown = body.prefix(max(0, bodyLimit))
        guard let text = Self.text(shown, truncated: shown.count < body.count) else {
            return [marker, "\(marker) <\(body.count) bytes of binary data>"]
        }
        var lines = [marker]
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines.append(line.isEmpty ? marker : "\(marker) \(line)")
        }
        if shown.count < body.count {
            lines.append("\(marker) … (\(body.count) bytes, first \(shown.count) shown)")
        }
        return lines
    }

    /// `data` as UTF-8 text, or `nil` if it looks binary (invalid UTF-8 or control characters
    /// other than tab, CR and LF). A character cut by truncation at the end is dropped.
    static func text(_ data: Data, truncated: Bool) -> String? {
        var data = data
        var decoded = String(data: data, encoding: .utf8)
        if decoded == nil && truncated {
            for _ in 0..<3 where decoded == nil && !data.isEmpty {
                data = data.dropLast()
                decoded = String(data: data, encoding: .utf8)
            }
        }
        guard let decoded else { return nil }
        let isBinary = decoded.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0x7F
        }
        return isBinary ? nil : decoded
    }

    /// The URL's path and query as sent (`/get?page=2`), or `<no URL>`.
    static func target(_ url: URL?) -> String {
        guard let url else { return "<no URL>" }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    static func seconds(_ duration: Duration) -> Double {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
