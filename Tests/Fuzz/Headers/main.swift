import Foundation

@testable import FuzzSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Header handling and redaction:
// - `HTTPHeaders` looks names up case-insensitively and `dictionary` keeps every value;
// - `RequestBuilder.validate` accepts exactly the token names and the values without CR, LF or
//   NUL, and a built request carries only fields that passed it;
// - a method is accepted (when requests are built, and by the transports' own check) exactly when
//   it is a token, and a built request's URL holds no CR, LF, NUL or other control byte;
// - a redacted log record and `cURLDescription()` never show a sensitive field's value, whatever
//   the case of its name, the other fields or the body;
// - `shellQuoted` always yields one shell word that reads back as the original.

private let sensitive = ["Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization", "X-Api-Key"]
private let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

/// Reads a POSIX single-quoted word (`'…'` runs joined by `\'`) back, byte by byte; `nil` if
/// malformed.
private func unquote(_ word: String) -> String? {
    let quote = UInt8(ascii: "'")
    let backslash = UInt8(ascii: "\\")
    var result: [UInt8] = []
    var rest = ArraySlice(word.utf8)
    while let first = rest.first {
        if first == backslash, rest.dropFirst().first == quote {
            result.append(quote)
            rest = rest.dropFirst(2)
        } else if first == quote {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return nil }
            result += rest[..<close]
            rest = rest[(close + 1)...]
        } else {
            return nil
        }
    }
    return String(decoding: result, as: UTF8.self)
}

/// Randomises the ASCII case of `name`.
private func recase(_ name: String, _ input: inout FuzzInput) -> String {
    String(name.map { input.bool() ? Character($0.uppercased()) : Character($0.lowercased()) })
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)

    // Case-insensitive lookup and replacement.
    var headers = HTTPHeaders()
    var fields: [(String, String)] = []
    for _ in 0..<(1 + input.int(below: 5)) {
        let name = input.pick(sensitive + ["Accept", "Content-Type", "X-Custom"])
        let value = input.string(maxLength: 60)
        fields.append((name, value))
        headers.add(name: name, value: value)
    }
    let probe = fields[input.int(below: fields.count)].0
    let ascii = String(decoding: probe.utf8.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
    guard headers[ascii] == headers[probe] else { fuzzFailure("lookup of \(probe) depends on case") }
    headers[probe] = "replaced"
    guard headers.filter({ $0.name.caseInsensitiveEquals(probe) }).map(\.value) == ["replaced"] else {
        fuzzFailure("setting \(probe) left other fields of that name")
    }

    // Validation: exactly tokens for names, no CR/LF/NUL in values.
    for (name, value) in fields {
        let field = HTTPHeaders.Field(name: name, value: value)
        let valid =
            !name.isEmpty && name.utf8.allSatisfy(tokenBytes.contains)
            && !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 })
        let accepted = (try? RequestBuilder.validate(field)) != nil
        guard valid == accepted else { fuzzFailure("validate(\(name.debugDescription): \(value.debugDescription))") }
    }
    let builder = RequestBuilder(baseURL: "https://api.example.com", defaultHeaders: headers)
    if let request = try? builder.makeURLRequest(HTTPRequest(method: .get, path: "/x")) {
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            guard (try? RequestBuilder.validate(HTTPHeaders.Field(name: name, value: value))) != nil else {
                fuzzFailure("a built request carries \(name.debugDescription)")
            }
        }
    }

    // The request line: a method, a path and a query from the input. A method is accepted where
    // requests are built, and by every transport, exactly when it is a token; a built request's URL
    // carries no CR, LF, NUL, space or other control byte, whatever the path and query held.
    let method = input.pick(["GET", "POST", "PROPFIND", ""]) + (input.bool() ? input.string(maxLength: 12) : "")
    let isToken = !method.isEmpty && method.utf8.allSatisfy(tokenBytes.contains)
    guard ((try? RequestHeadCheck.validate(method: method)) != nil) == isToken else {
        fuzzFailure("the transports' check of the method \(method.debugDescription)")
    }
    let line = HTTPRequest(
        method: HTTPMethod(rawValue: method), path: "/" + input.string(maxLength: 40),
        query: [URLQueryItem(name: input.string(maxLength: 12), value: input.string(maxLength: 12))])
    if let built = try? RequestBuilder(baseURL: "https://api.example.com").makeURLRequest(line) {
        let sent = built.httpMethod ?? "GET"
        guard !sent.isEmpty, sent.utf8.allSatisfy(tokenBytes.contains) else {
            fuzzFailure("a request was built with the method \(sent.debugDescription)")
        }
        guard let target = built.url?.absoluteString, !target.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            fuzzFailure("a request was built with the URL \(String(describing: built.url).debugDescription)")
        }
    } else if isToken, HTTPMethod(rawValue: method).isValid == false {
        fuzzFailure("HTTPMethod.isValid disagrees with the token check for \(method.debugDescription)")
    }

    // Redaction: plant a marked secret in every sensitive field, under a random case, and a
    // marked body; a redacting log and the cURL rendering show neither.
    let marker = "SECRET\u{1}"
    guard let url = URL(string: "https://api.example.com/x") else { fuzzFailure("URL") }
    var request = URLRequest(url: url)
    var context = HTTPHeaders()
    for name in sensitive {
        let secret = marker + input.string(maxLength: 20)
        let cased = recase(name, &input)
        request.setValue(secret, forHTTPHeaderField: cased)
        context.add(name: cased, value: secret)
    }
    let other = input.string(maxLength: 40).replacingOccurrences(of: "SECRET", with: "")
    request.setValue(other, forHTTPHeaderField: "X-Other")
    context.add(name: "X-Other", value: other)
    let rest = input.rest()
    let body = Data("BODY\u{2}".utf8) + Data(rest)

    let rendered = request.cURLDescription(redacting: Set(sensitive))
    if rendered.containsBytes(marker) { fuzzFailure("cURL rendering shows a secret: \(rendered.debugDescription)") }
    let formatter = LogFormatter(
        redaction: HeaderRedaction(fields: sensitive), redactsLogs: true, bodyLimit: Int(rest.first ?? 0))
    let requestContext = RequestContext(method: .post, url: url, headers: context, body: body, kind: .request)
    let lines = formatter.started(requestContext).details
    if lines.contains(where: { $0.containsBytes(marker) }) { fuzzFailure("a redacted log shows a secret: \(lines)") }
    if lines.contains(where: { $0.containsBytes("BODY\u{2}") }) {
        fuzzFailure("a redacted log shows the body: \(lines)")
    }

    // Shell quoting reads back.
    let word = String(decoding: rest, as: UTF8.self)
    guard unquote(URLRequest.shellQuoted(word)) == word else { fuzzFailure("shellQuoted(\(word.debugDescription))") }
    _ = formatter.bodyLines(body, marker: "  <")
    _ = LogFormatter(redaction: .default, redactsLogs: false, bodyLimit: 16).bodyLines(body, marker: "  <")
    return 0
}
