import Foundation

@testable import FuzzSupport

// The Set-Cookie parser and the cookie store (RFC 6265bis §5.6, §5.7):
// - parsing any line terminates and never traps; a parsed cookie has at most 4096 bytes of name
//   and value, no control character, no space or tab at either end, a `Path` that starts with
//   `/` and a `Domain` lowercased;
// - the cookie-date algorithm never traps and gives no year before 1601;
// - splitting a joined field value gives non-empty lines;
// - a store fed the lines from a fuzzed origin never sends a Secure cookie over http, never sends
//   a cookie to a host it does not belong to, never holds more than its limits, never keeps a
//   cookie for a public suffix that is not host-only, and its header carries no control character;
//   a stored cookie survives JSON encoding unchanged.

private let origins = [
    "http://example.com/a/b", "https://www.example.com/", "http://127.0.0.1:8080/x", "https://shop.co.uk/p",
    "http://localhost/", "https://[::1]/", "https://www.attacker.co.at/", "http://a.www.foo.ck/",
    "https://attacker.github.io/",
]

private func hasControl(_ text: String) -> Bool {
    text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let whole = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = CookieDate.parse(whole).map { date in
        if date < Date(timeIntervalSince1970: -11_644_473_600) { fuzzFailure("a cookie date before 1601: \(date)") }
    }
    for line in SetCookie.fieldValues(in: whole) where line.isEmpty { fuzzFailure("an empty split line") }

    var store = CookieStore(maximumCookiesPerDomain: 1 + input.int(below: 8), maximumCookies: 1 + input.int(below: 16))
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    for _ in 0..<(1 + input.int(below: 6)) {
        guard let origin = URL(string: input.pick(origins)) else { continue }
        let line = input.string(maxLength: 200)
        if let parsed = SetCookie(line) {
            if parsed.name.utf8.count + parsed.value.utf8.count > SetCookie.maximumNameValueBytes {
                fuzzFailure("an oversized cookie parsed: \(line.debugDescription)")
            }
            if hasControl(parsed.name) || hasControl(parsed.value) { fuzzFailure("a control character parsed") }
            for part in [parsed.name, parsed.value] where part.first == " " || part.last == " " {
                fuzzFailure("untrimmed \(part.debugDescription)")
            }
            if let path = parsed.path, path.first != "/" { fuzzFailure("Path \(path.debugDescription)") }
            // One leading dot is dropped (a second one stays, and the domain then matches no host).
            if let domain = parsed.domain, domain != domain.lowercased() {
                fuzzFailure("Domain \(domain.debugDescription)")
            }
        }
        store.receive(line, from: origin, now: now)
    }
    if store.count > store.maximumCookies { fuzzFailure("\(store.count) cookies over the limit") }
    for cookie in store.allCookies where !cookie.isHostOnly && CookieDomain.isPublicSuffix(cookie.domain) {
        fuzzFailure("a cookie for the public suffix \(cookie.domain)")
    }
    for target in origins {
        guard let url = URL(string: target), let host = CookieDomain.canonicalHost(of: url) else { continue }
        for cookie in store.cookies(for: url, now: now) {
            if cookie.isSecure, url.scheme == "http" { fuzzFailure("a Secure cookie sent over http") }
            if cookie.isHostOnly
                ? cookie.domain != host : !CookieDomain.domainMatches(host: host, domain: cookie.domain)
            {
                fuzzFailure("\(cookie.domain) sent to \(host)")
            }
        }
        if let header = store.cookieHeader(for: url, now: now), hasControl(header) {
            fuzzFailure("a control character in \(header.debugDescription)")
        }
    }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    for cookie in store.allCookies {
        guard let data = try? encoder.encode(cookie), let back = try? decoder.decode(Cookie.self, from: data) else {
            fuzzFailure("a cookie that does not encode: \(cookie)")
        }
        if back.name != cookie.name || back.value != cookie.value || back.path != cookie.path {
            fuzzFailure("a cookie changed through JSON: \(cookie) → \(back)")
        }
    }
    return 0
}
