import Foundation
import XCTest

@testable import NetworkingCore

/// The storage and retrieval rules of RFC 6265bis (§5.7, §5.8.3), one table row per rule: a
/// store receives `Set-Cookie` lines from one URL, then a request to another URL gets a header.
final class CookieStoreTests: XCTestCase {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    struct Case {
        let rule: String
        let lines: [String]
        var from = "http://example.com/"
        /// Lines received after `lines`, from `laterFrom`.
        var later: [String] = []
        var laterFrom = "http://example.com/"
        var to = "http://example.com/"
        /// The `Cookie` header the request to `to` gets, `nil` for none.
        let header: String?
    }

    static let domainCases: [Case] = [
        Case(rule: "host-only is sent to its host", lines: ["a=1"], header: "a=1"),
        Case(rule: "host-only is not sent to a subdomain", lines: ["a=1"], to: "http://www.example.com/", header: nil),
        Case(rule: "host-only is not sent to a parent", lines: ["a=1"], from: "http://www.example.com/", header: nil),
        Case(rule: "host comparison ignores case", lines: ["a=1"], from: "http://EXAMPLE.com/", header: "a=1"),
        Case(
            rule: "Domain is sent to subdomains", lines: ["a=1; Domain=example.com"], to: "http://a.b.example.com/",
            header: "a=1"),
        Case(
            rule: "a leading dot in Domain is ignored", lines: ["a=1; Domain=.example.com"],
            to: "http://www.example.com/", header: "a=1"),
        Case(
            rule: "Domain from a subdomain to its parent", lines: ["a=1; Domain=example.com"],
            from: "http://www.example.com/", header: "a=1"),
        Case(rule: "Domain is case-insensitive", lines: ["a=1; Domain=EXAMPLE.COM"], header: "a=1"),
        Case(
            rule: "a foreign Domain is rejected", lines: ["a=1; Domain=other.com"], to: "http://other.com/",
            header: nil),
        Case(rule: "a foreign Domain stores nothing for the host", lines: ["a=1; Domain=other.com"], header: nil),
        Case(
            rule: "Domain must domain-match on a label boundary", lines: ["a=1; Domain=ample.com"],
            to: "http://ample.com/", header: nil),
        Case(
            rule: "a subdomain cannot set its sibling", lines: ["a=1; Domain=b.example.com"],
            from: "http://a.example.com/", to: "http://b.example.com/", header: nil),
        Case(
            rule: "Domain of a child is rejected", lines: ["a=1; Domain=www.example.com"],
            to: "http://www.example.com/", header: nil),
        Case(rule: "a bare TLD Domain is rejected", lines: ["a=1; Domain=com"], to: "http://other.com/", header: nil),
        Case(
            rule: "a listed public suffix is rejected", lines: ["a=1; Domain=co.uk"], from: "http://shop.co.uk/",
            to: "http://other.co.uk/", header: nil),
        Case(
            rule: "a hosting suffix is rejected", lines: ["a=1; Domain=github.io"], from: "http://me.github.io/",
            to: "http://you.github.io/", header: nil),
        Case(
            rule: "a public suffix equal to the host is host-only", lines: ["a=1; Domain=localhost"],
            from: "http://localhost/", to: "http://localhost/", header: "a=1"),
        Case(
            rule: "a public suffix host-only cookie stays on the host", lines: ["a=1; Domain=github.io"],
            from: "http://github.io/", to: "http://me.github.io/", header: nil),
        Case(
            rule: "an empty Domain is ignored: host-only", lines: ["a=1; Domain="], to: "http://www.example.com/",
            header: nil),
        Case(
            rule: "only one leading dot is dropped from Domain", lines: ["a=1; Domain=..example.com"],
            to: "http://www.example.com/", header: nil),
        Case(
            rule: "the last Domain wins", lines: ["a=1; Domain=other.com; Domain=example.com"],
            to: "http://www.example.com/", header: "a=1"),
        Case(
            rule: "an IP host takes host-only cookies", lines: ["a=1"], from: "http://127.0.0.1:8080/",
            to: "http://127.0.0.1:9090/", header: "a=1"),
        Case(
            rule: "an IP host's cookie is not sent to localhost", lines: ["a=1"], from: "http://127.0.0.1/",
            to: "http://localhost/", header: nil),
        Case(
            rule: "an IP host may not set a Domain suffix", lines: ["a=1; Domain=0.0.1"], from: "http://127.0.0.1/",
            to: "http://127.0.0.1/", header: nil),
        Case(
            rule: "an IP host's own address as Domain is host-only", lines: ["a=1; Domain=127.0.0.1"],
            from: "http://127.0.0.1/", to: "http://127.0.0.1/", header: "a=1"),
        Case(
            rule: "an IPv6 host takes host-only cookies", lines: ["a=1"], from: "http://[::1]:8080/",
            to: "http://[::1]:8080/", header: "a=1"),
        Case(rule: "cookies ignore the port", lines: ["a=1"], to: "http://example.com:8443/", header: "a=1"),
        Case(rule: "cookies ignore the scheme (not Secure)", lines: ["a=1"], to: "https://example.com/", header: "a=1"),
    ]

    static let pathCases: [Case] = [
        Case(rule: "default path of / is /", lines: ["a=1"], to: "http://example.com/x/y", header: "a=1"),
        Case(
            rule: "default path is the directory", lines: ["a=1"], from: "http://example.com/docs/page",
            to: "http://example.com/docs/other", header: "a=1"),
        Case(
            rule: "default path excludes the parent", lines: ["a=1"], from: "http://example.com/docs/page",
            to: "http://example.com/", header: nil),
        Case(
            rule: "default path of a one-segment path is /", lines: ["a=1"], from: "http://example.com/page",
            to: "http://example.com/other", header: "a=1"),
        Case(
            rule: "default path of a trailing slash", lines: ["a=1"], from: "http://example.com/docs/",
            to: "http://example.com/docs", header: "a=1"),
        Case(rule: "Path matches itself", lines: ["a=1; Path=/docs"], to: "http://example.com/docs", header: "a=1"),
        Case(
            rule: "Path matches below a slash", lines: ["a=1; Path=/docs"], to: "http://example.com/docs/a",
            header: "a=1"),
        Case(
            rule: "Path does not match a longer segment", lines: ["a=1; Path=/docs"], to: "http://example.com/docsx",
            header: nil),
        Case(
            rule: "Path ending in a slash matches below", lines: ["a=1; Path=/docs/"],
            to: "http://example.com/docs/a", header: "a=1"),
        Case(
            rule: "Path ending in a slash does not match without it", lines: ["a=1; Path=/docs/"],
            to: "http://example.com/docs", header: nil),
        Case(rule: "Path is case-sensitive", lines: ["a=1; Path=/Docs"], to: "http://example.com/docs", header: nil),
        Case(
            rule: "a Path not starting with / is the default", lines: ["a=1; Path=docs"],
            from: "http://example.com/x/y", to: "http://example.com/x/z", header: "a=1"),
        Case(
            rule: "an empty Path is the default", lines: ["a=1; Path="], from: "http://example.com/x/y",
            to: "http://example.com/", header: nil),
        Case(
            rule: "the last Path wins", lines: ["a=1; Path=/a; Path=/b"], to: "http://example.com/b",
            header: "a=1"),
        Case(
            rule: "a request with a query matches on its path", lines: ["a=1; Path=/p"],
            to: "http://example.com/p?x=/q", header: "a=1"),
    ]

    static let secureCases: [Case] = [
        Case(
            rule: "Secure from https is sent over https", lines: ["a=1; Secure"], from: "https://example.com/",
            to: "https://example.com/", header: "a=1"),
        Case(
            rule: "Secure is never sent over http", lines: ["a=1; Secure"], from: "https://example.com/",
            to: "http://example.com/", header: nil),
        Case(
            rule: "Secure is not set from http", lines: ["a=1; Secure"], to: "https://example.com/", header: nil),
        Case(
            rule: "Secure is not set from http://localhost", lines: ["a=1; Secure"], from: "http://localhost/",
            to: "https://localhost/", header: nil),
        Case(
            rule: "Secure is not set from http://127.0.0.1", lines: ["a=1; Secure"], from: "http://127.0.0.1/",
            to: "https://127.0.0.1/", header: nil),
        Case(
            rule: "HttpOnly is stored and sent", lines: ["a=1; HttpOnly"], header: "a=1"),
        Case(
            rule: "SameSite=Lax is accepted", lines: ["a=1; SameSite=Lax"], header: "a=1"),
        Case(
            rule: "SameSite=Strict is accepted", lines: ["a=1; SameSite=Strict"], header: "a=1"),
        Case(
            rule: "SameSite=None without Secure is rejected", lines: ["a=1; SameSite=None"], header: nil),
        Case(
            rule: "SameSite=None with Secure is accepted", lines: ["a=1; SameSite=None; Secure"],
            from: "https://example.com/", to: "https://example.com/", header: "a=1"),
        Case(
            rule: "an unknown SameSite is accepted as default", lines: ["a=1; SameSite=bogus"], header: "a=1"),
        Case(
            rule: "http may not overwrite a Secure cookie", lines: ["a=1; Secure"], from: "https://example.com/",
            later: ["a=2"], to: "https://example.com/", header: "a=1"),
        Case(
            rule: "http may not shadow a Secure cookie on a subpath", lines: ["a=1; Secure; Domain=example.com"],
            from: "https://example.com/", later: ["a=2; Path=/x"], laterFrom: "http://www.example.com/",
            to: "https://www.example.com/x", header: "a=1"),
        Case(
            rule: "https may overwrite a Secure cookie", lines: ["a=1; Secure"], from: "https://example.com/",
            later: ["a=2; Secure"], laterFrom: "https://example.com/", to: "https://example.com/", header: "a=2"),
        Case(
            rule: "__Secure- needs Secure", lines: ["__Secure-a=1"], from: "https://example.com/",
            to: "https://example.com/", header: nil),
        Case(
            rule: "__Secure- with Secure is accepted", lines: ["__Secure-a=1; Secure; Domain=example.com"],
            from: "https://example.com/", to: "https://www.example.com/", header: "__Secure-a=1"),
        Case(
            rule: "the __Secure- prefix is case-insensitive", lines: ["__SECURE-a=1"], from: "https://example.com/",
            to: "https://example.com/", header: nil),
        Case(
            rule: "__Host- with Secure, no Domain and Path=/ is accepted", lines: ["__Host-a=1; Secure; Path=/"],
            from: "https://example.com/x/y", to: "https://example.com/", header: "__Host-a=1"),
        Case(
            rule: "__Host- needs Path=/", lines: ["__Host-a=1; Secure"], from: "https://example.com/",
            to: "https://example.com/", header: nil),
        Case(
            rule: "__Host- rejects another Path", lines: ["__Host-a=1; Secure; Path=/x"],
            from: "https://example.com/x/", to: "https://example.com/x/", header: nil),
        Case(
            rule: "__Host- rejects Domain", lines: ["__Host-a=1; Secure; Path=/; Domain=example.com"],
            from: "https://example.com/", to: "https://example.com/", header: nil),
        Case(
            rule: "__Host- needs Secure", lines: ["__Host-a=1; Path=/"], from: "https://example.com/",
            to: "https://example.com/", header: nil),
        Case(
            rule: "a nameless cookie may not carry a prefix", lines: ["__Host-a"], from: "https://example.com/",
            to: "https://example.com/", header: nil),
    ]

    static let expiryCases: [Case] = [
        Case(rule: "Max-Age in the future keeps it", lines: ["a=1; Max-Age=60"], header: "a=1"),
        Case(rule: "Max-Age=0 stores nothing", lines: ["a=1; Max-Age=0"], header: nil),
        Case(rule: "Max-Age=0 deletes", lines: ["a=1", "a=2; Max-Age=0"], header: nil),
        Case(rule: "a negative Max-Age deletes", lines: ["a=1", "a=2; Max-Age=-5"], header: nil),
        Case(rule: "a non-numeric Max-Age is ignored", lines: ["a=1; Max-Age=ten"], header: "a=1"),
        Case(rule: "Max-Age with a plus sign is ignored", lines: ["a=1; Max-Age=+0"], header: "a=1"),
        Case(
            rule: "Max-Age wins over a past Expires", lines: ["a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60"],
            header: "a=1"),
        Case(
            rule: "Max-Age=0 wins over a future Expires",
            lines: ["a=1", "a=1; Max-Age=0; Expires=Fri, 01 Jan 2100 00:00:00 GMT"],
            header: nil),
        Case(
            rule: "an Expires in the future keeps it", lines: ["a=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT"],
            header: "a=1"),
        Case(
            rule: "a past Expires deletes", lines: ["a=1", "a=2; Expires=Thu, 01 Jan 1970 00:00:00 GMT"], header: nil),
        Case(rule: "an unparsable Expires is ignored", lines: ["a=1; Expires=tomorrow"], header: "a=1"),
        Case(
            rule: "deleting needs the same path", lines: ["a=1; Path=/x", "a=2; Path=/y; Max-Age=0"],
            to: "http://example.com/x", header: "a=1"),
        Case(
            rule: "deleting needs the same domain kind", lines: ["a=1; Domain=example.com", "a=2; Max-Age=0"],
            header: "a=1"),
    ]

    static let replacementAndOrderCases: [Case] = [
        Case(rule: "a later cookie replaces the value", lines: ["a=1", "a=2"], header: "a=2"),
        Case(rule: "names are case-sensitive", lines: ["a=1", "A=2"], header: "a=1; A=2"),
        Case(
            rule: "longer paths come first", lines: ["a=1; Path=/", "b=2; Path=/x"], to: "http://example.com/x/y",
            header: "b=2; a=1"),
        Case(rule: "equal paths: earlier creation first", lines: ["b=2", "a=1", "c=3"], header: "b=2; a=1; c=3"),
        Case(
            rule: "a replaced cookie keeps its creation time", lines: ["a=1", "b=2", "a=3"], header: "a=3; b=2"),
        Case(
            rule: "same name on two paths is two cookies", lines: ["a=1; Path=/", "a=2; Path=/x"],
            to: "http://example.com/x", header: "a=2; a=1"),
        Case(
            rule: "host-only and Domain cookies of one name coexist", lines: ["a=1", "a=2; Domain=example.com"],
            header: "a=1; a=2"),
    ]

    static let parsingCases: [Case] = [
        Case(rule: "spaces around name and value are trimmed", lines: [" a = 1 ; Path=/"], header: "a=1"),
        Case(rule: "a value may contain =", lines: ["a=b=c"], header: "a=b=c"),
        Case(rule: "a quoted value is kept as given", lines: ["a=\"1\""], header: "a=\"1\""),
        Case(rule: "an empty value is a cookie", lines: ["a="], header: "a="),
        Case(rule: "a line without = is a nameless cookie", lines: ["token"], header: "token"),
        Case(rule: "an empty line is ignored", lines: [""], header: nil),
        Case(rule: "a line of only = is ignored", lines: ["="], header: nil),
        Case(rule: "a line of only ; is ignored", lines: [";"], header: nil),
        Case(rule: "a control character ignores the line", lines: ["a=1\u{01}"], header: nil),
        Case(rule: "a NUL ignores the line", lines: ["a=\u{0}1"], header: nil),
        Case(rule: "DEL ignores the line", lines: ["a=1\u{7F}"], header: nil),
        Case(rule: "a tab is allowed", lines: ["a=1\t; Path=/"], header: "a=1"),
        Case(
            rule: "attribute names are case-insensitive", lines: ["a=1; pAtH=/x"], to: "http://example.com/",
            header: nil),
        Case(rule: "unknown attributes are ignored", lines: ["a=1; Priority=High; Partitioned"], header: "a=1"),
        Case(rule: "empty attributes are ignored", lines: ["a=1;;; ;"], header: "a=1"),
        Case(
            rule: "name and value of 4096 bytes are kept", lines: ["a=" + String(repeating: "v", count: 4095)],
            header: "a=" + String(repeating: "v", count: 4095)),
        Case(
            rule: "name and value over 4096 bytes are ignored", lines: ["a=" + String(repeating: "v", count: 4096)],
            header: nil),
        Case(
            rule: "an attribute value over 1024 bytes is ignored",
            lines: ["a=1; Path=/" + String(repeating: "p", count: 1024)], to: "http://example.com/", header: "a=1"),
        Case(rule: "a malformed line does not hide a good one", lines: ["\u{01}", "b=2"], header: "b=2"),
    ]

    static let allCases = domainCases + pathCases + secureCases + expiryCases + replacementAndOrderCases + parsingCases

    func testTheTableHasTheRulesCovered() {
        XCTAssertGreaterThanOrEqual(Self.allCases.count, 60)
        XCTAssertEqual(Set(Self.allCases.map(\.rule)).count, Self.allCases.count, "each rule once")
    }

    func testEachRule() throws {
        for row in Self.allCases {
            var store = CookieStore()
            let from = try XCTUnwrap(URL(string: row.from), row.rule)
            for line in row.lines { store.receive(line, from: from, now: Self.now) }
            let laterFrom = try XCTUnwrap(URL(string: row.laterFrom), row.rule)
            for line in row.later { store.receive(line, from: laterFrom, now: Self.now) }
            let to = try XCTUnwrap(URL(string: row.to), row.rule)
            XCTAssertEqual(store.cookieHeader(for: to, now: Self.now.addingTimeInterval(1)), row.header, row.rule)
        }
    }
}
