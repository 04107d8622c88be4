import Foundation

extension HARDocument {
    /// The entries as fixtures for `ReplayingTransport`, in order, each named `entry N` (from 1,
    /// its place in the file).
    ///
    /// An entry without a response (status 0: blocked, cancelled or failed in the browser) has
    /// nothing to replay and is left out. Bodies are decoded: `content.text` from base64 when its
    /// `encoding` says so; a request's `postData.text` likewise when its `_encoding` does, else
    /// its form `params` when it has no text, joined as `name=value&…` (values as the file gives
    /// them, as browsers write them: encoded as in the body). `Content-Encoding` and `Transfer-Encoding` are
    /// dropped from the response's fields, since the format keeps bodies decoded, and so are
    /// HTTP/2 pseudo-fields (`:status`). Throws a `Problem` naming the field that cannot be
    /// used.
    func fixtures() throws(Problem) -> [(name: String, fixture: Fixture)] {
        var fixtures: [(name: String, fixture: Fixture)] = []
        for (index, entry) in log.entries.enumerated() where entry.response.status != 0 {
            let path = "log.entries[\(index)]"
            fixtures.append((name: "entry \(index + 1)", fixture: try Self.fixture(entry, path: path)))
        }
        return fixtures
    }

    private static func fixture(_ entry: Entry, path: String) throws(Problem) -> Fixture {
        let request = entry.request
        guard let url = URL(string: request.url), url.host != nil else {
            throw Problem(reason: "\(path).request.url is not an absolute URL: \(request.url)")
        }
        guard (100..<1000).contains(entry.response.status) else {
            throw Problem(reason: "\(path).response.status is not a status code: \(entry.response.status)")
        }
        var requestHeaders = fields(request.headers ?? [], dropping: [])
        if let type = request.postData?.mimeType, !type.isEmpty,
            !requestHeaders.keys.contains(where: { $0.caseInsensitiveEquals("Content-Type") })
        {
            requestHeaders["Content-Type"] = type
        }
        let (requestBody, requestEncoding) = Fixture.encodeBody(
            try requestBody(request.postData, path: "\(path).request.postData"))
        let (responseBody, responseEncoding) = Fixture.encodeBody(
            try responseBody(entry.response.content, path: "\(path).response.content"))
        return Fixture(
            request: Fixture.Request(
                method: request.method.uppercased(), url: url.absoluteString, headers: requestHeaders,
                body: requestBody, bodyEncoding: requestEncoding),
            response: Fixture.Response(
                statusCode: entry.response.status, url: nil,
                headers: fields(entry.response.headers ?? [], dropping: ["content-encoding", "transfer-encoding"]),
                body: responseBody, bodyEncoding: responseEncoding))
    }

    /// The fields as a fixture keeps them: one value per name (repeated ones joined with `, `),
    /// pseudo-fields and the names in `dropping` (lowercased) left out.
    private static func fields(_ list: [NameValue], dropping: Set<String>) -> [String: String] {
        var result: [String: String] = [:]
        for field in list where !field.name.hasPrefix(":") && !dropping.contains(field.name.lowercased()) {
            if let name = result.keys.first(where: { $0.caseInsensitiveEquals(field.name) }) {
                result[name] = (result[name] ?? "") + ", " + field.value
            } else {
                result[field.name] = field.value
            }
        }
        return result
    }

    private static func requestBody(_ postData: PostData?, path: String) throws(Problem) -> Data? {
        guard let postData else { return nil }
        if let text = postData.text {
            return try decoded(text, encoding: postData.encoding, path: path)
        }
        guard let params = postData.params, !params.isEmpty else { return nil }
        return Data(params.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&").utf8)
    }

    private static func responseBody(_ content: Content?, path: String) throws(Problem) -> Data? {
        guard let text = content?.text else { return nil }
        return try decoded(text, encoding: content?.encoding, path: path)
    }

    /// The bytes of `text`: base64-decoded when `encoding` is `base64`, UTF-8 when there is none.
    private static func decoded(_ text: String, encoding: String?, path: String) throws(Problem) -> Data {
        switch encoding?.lowercased() {
        case nil, "": return Data(text.utf8)
        case "base64":
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                throw Problem(reason: "\(path).text is not valid base64")
            }
            return data
        case let other?:
            throw Problem(reason: "\(path) has the encoding \"\(other)\", which is not supported (only base64 is)")
        }
    }
}
