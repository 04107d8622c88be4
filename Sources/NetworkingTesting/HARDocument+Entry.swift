import Foundation

extension HARDocument.Entry {
    /// The HAR entry of `exchange`: the values of the fields `redaction` names become
    /// `<redacted>` (and the secrets they carry are scrubbed from text bodies); bodies are kept
    /// only when `includesBodies`, their sizes always.
    init(_ exchange: HARExchange, redaction: SecretRedaction, includesBodies: Bool) {
        let secrets =
            redaction.secrets(in: exchange.requestHeaders)
            + (exchange.response.map { redaction.secrets(in: $0.headers) } ?? [])
        let body = HARBody(redaction: redaction, secrets: secrets, includesBodies: includesBodies)
        let version = Self.httpVersion(exchange.metrics?.networkProtocol)
        let timings = HARDocument.Timings(metrics: exchange.metrics, duration: exchange.duration)
        self.init(
            startedDateTime: HARDates.string(from: exchange.started), time: timings.total,
            request: Self.request(exchange, version: version, redaction: redaction, body: body),
            response: exchange.response.map { Self.response($0, exchange, version, redaction, body) }
                ?? Self.noResponse, cache: HARDocument.Cache(), timings: timings, serverIPAddress: nil,
            connection: nil, error: exchange.failure)
    }

    private static func request(
        _ exchange: HARExchange, version: String, redaction: SecretRedaction, body: HARBody
    ) -> HARDocument.Request {
        let components = URLComponents(url: exchange.url, resolvingAgainstBaseURL: true)
        let query = (components?.queryItems ?? []).map { HARDocument.NameValue(name: $0.name, value: $0.value ?? "") }
        let contentType = exchange.requestHeaders["Content-Type"] ?? ""
        let postData = exchange.requestBody.flatMap { data -> HARDocument.PostData? in
            guard !data.isEmpty, let (text, encoding) = body.text(of: data) else { return nil }
            return HARDocument.PostData(mimeType: contentType, text: text, params: nil, encoding: encoding)
        }
        let measured = exchange.metrics?.requestBodyBytes.map { Int(clamping: $0) }
        return HARDocument.Request(
            method: exchange.method, url: exchange.url.absoluteString, httpVersion: version,
            cookies: requestCookies(exchange.requestHeaders, redaction),
            headers: fields(exchange.requestHeaders, redaction), queryString: query, postData: postData,
            headersSize: -1, bodySize: exchange.requestBody.map(\.count) ?? measured ?? 0)
    }

    private static func response(
        _ response: ResponseMetadata, _ exchange: HARExchange, _ version: String, _ redaction: SecretRedaction,
        _ body: HARBody
    ) -> HARDocument.Response {
        let (text, encoding) = body.text(of: response.body) ?? (nil, nil)
        // The bytes received: none from a cache, as the format asks. They also size a body that
        // went to a file (a download) rather than into memory.
        let received: Int =
            exchange.metrics?.isFromCache == true
            ? 0 : exchange.metrics?.responseBodyBytes.map { Int(clamping: $0) } ?? response.body.count
        let isRedirect = (300..<400).contains(response.statusCode)
        return HARDocument.Response(
            status: response.statusCode, statusText: HTTPReasonPhrase.of(response.statusCode), httpVersion: version,
            cookies: responseCookies(response.headers, redaction), headers: fields(response.headers, redaction),
            content: HARDocument.Content(
                size: response.body.isEmpty ? received : response.body.count,
                mimeType: response.headers["Content-Type"] ?? "",
                text: response.body.isEmpty ? nil : text, encoding: encoding),
            redirectURL: isRedirect ? response.headers["Location"] ?? "" : "", headersSize: -1, bodySize: received)
    }

    /// The response of a request that got none, as browsers write it: status 0.
    private static let noResponse = HARDocument.Response(
        status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
        content: HARDocument.Content(size: 0, mimeType: "", text: nil, encoding: nil), redirectURL: "",
        headersSize: -1, bodySize: -1)

    private static func fields(_ headers: HTTPHeaders, _ redaction: SecretRedaction) -> [HARDocument.NameValue] {
        headers.map { HARDocument.NameValue(name: $0.name, value: redaction.value($0.value, forField: $0.name)) }
    }

    /// The cookies of the `Cookie` fields, their values redacted with the field's.
    private static func requestCookies(_ headers: HTTPHeaders, _ redaction: SecretRedaction) -> [HARDocument.Cookie] {
        headers.filter { $0.name.caseInsensitiveEquals("Cookie") }.flatMap { field in
            field.value.split(separator: ";").compactMap { pair -> HARDocument.Cookie? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !name.isEmpty else { return nil }
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                return HARDocument.Cookie(name: name, value: redaction.value(value, forField: field.name))
            }
        }
    }

    /// The cookies of the `Set-Cookie` fields with their attributes, values redacted with the field's.
    private static func responseCookies(_ headers: HTTPHeaders, _ redaction: SecretRedaction) -> [HARDocument.Cookie] {
        headers.filter { $0.name.caseInsensitiveEquals("Set-Cookie") }.compactMap { field in
            guard let cookie = SetCookie(field.value), !cookie.name.isEmpty else { return nil }
            return HARDocument.Cookie(
                name: cookie.name, value: redaction.value(cookie.value, forField: field.name), path: cookie.path,
                domain: cookie.domain, expires: cookie.expires.map(HARDates.string(from:)),
                httpOnly: cookie.isHTTPOnly, secure: cookie.isSecure)
        }
    }

    /// The format's spelling of a measured protocol (`HTTP/1.1`, `HTTP/2`), empty when unknown.
    private static func httpVersion(_ networkProtocol: String?) -> String {
        switch networkProtocol?.lowercased() {
        case "http/1.0": "HTTP/1.0"
        case "http/1.1": "HTTP/1.1"
        case "h2", "h2c": "HTTP/2"
        case "h3": "HTTP/3"
        case let other?: other.uppercased()
        case nil: ""
        }
    }
}
