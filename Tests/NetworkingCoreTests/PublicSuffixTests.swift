import Foundation
import XCTest

@testable import NetworkingCore

/// A `Domain` that is a public suffix of the Public Suffix List, of either section, is rejected,
/// or makes a host-only cookie when it is the request's host (RFC 6265bis §5.7, step 9): over the
/// store's default list, the shipped list and the system's libpsl.
final class PublicSuffixTests: XCTestCase {
    struct Case {
        let rule: String
        let line: String
        let from: String
        /// The `Cookie` header each URL gets afterwards, `nil` for none.
        let sent: [(to: String, header: String?)]
    }

    static let storeCases: [Case] = [
        Case(
            rule: "an ICANN second-level registry is rejected", line: "a=1; Domain=co.at",
            from: "https://www.attacker.co.at/",
            sent: [("https://www.victim.co.at/", nil), ("https://www.attacker.co.at/", nil)]),
        Case(
            rule: "another ICANN registry is rejected", line: "a=1; Domain=edu.pl",
            from: "https://www.attacker.edu.pl/",
            sent: [("https://www.victim.edu.pl/", nil), ("https://www.attacker.edu.pl/", nil)]),
        Case(
            rule: "a PRIVATE-section suffix is rejected", line: "a=1; Domain=github.io",
            from: "https://attacker.github.io/",
            sent: [("https://victim.github.io/", nil), ("https://attacker.github.io/", nil)]),
        Case(
            rule: "another PRIVATE-section suffix is rejected", line: "a=1; Domain=myshopify.com",
            from: "https://attacker.myshopify.com/", sent: [("https://victim.myshopify.com/", nil)]),
        Case(
            rule: "a name under a wildcard rule is rejected", line: "a=1; Domain=foo.ck", from: "https://www.foo.ck/",
            sent: [("https://other.foo.ck/", nil), ("https://www.foo.ck/", nil)]),
        Case(
            rule: "a name under a deeper wildcard rule is rejected", line: "a=1; Domain=kent.sch.uk",
            from: "https://www.school.kent.sch.uk/", sent: [("https://www.other.kent.sch.uk/", nil)]),
        Case(
            rule: "the parent of a wildcard rule is rejected", line: "a=1; Domain=kawasaki.jp",
            from: "https://www.ward.kawasaki.jp/", sent: [("https://www.other.kawasaki.jp/", nil)]),
        Case(
            rule: "a wildcard rule's exception is accepted", line: "a=1; Domain=www.ck", from: "https://a.www.ck/",
            sent: [("https://b.www.ck/", "a=1"), ("https://www.ck/", "a=1"), ("https://other.ck/", nil)]),
        Case(
            rule: "a deeper exception is accepted", line: "a=1; Domain=city.kawasaki.jp",
            from: "https://www.city.kawasaki.jp/", sent: [("https://mail.city.kawasaki.jp/", "a=1")]),
        Case(
            rule: "a sibling of the exception is rejected", line: "a=1; Domain=ward.kawasaki.jp",
            from: "https://www.ward.kawasaki.jp/", sent: [("https://mail.ward.kawasaki.jp/", nil)]),
        Case(
            rule: "a name registered under a wildcard is accepted", line: "a=1; Domain=school.kent.sch.uk",
            from: "https://www.school.kent.sch.uk/",
            sent: [("https://mail.school.kent.sch.uk/", "a=1"), ("https://www.other.kent.sch.uk/", nil)]),
        Case(
            rule: "a registrable domain is accepted for its subdomains", line: "a=1; Domain=example.co.uk",
            from: "https://www.example.co.uk/",
            sent: [
                ("https://shop.example.co.uk/", "a=1"), ("https://example.co.uk/", "a=1"),
                ("https://other.co.uk/", nil),
            ]),
        Case(
            rule: "a public suffix equal to the host is host-only", line: "a=1; Domain=co.at", from: "https://co.at/",
            sent: [("https://co.at/", "a=1"), ("https://www.co.at/", nil)]),
        Case(
            rule: "a PRIVATE suffix equal to the host is host-only", line: "a=1; Domain=github.io",
            from: "https://github.io/", sent: [("https://github.io/", "a=1"), ("https://victim.github.io/", nil)]),
    ]

    /// Domains, and whether each is a public suffix.
    static let listCases: [(domain: String, isPublic: Bool)] = [
        ("com", true), ("example.com", false), ("co.at", true), ("attacker.co.at", false), ("edu.pl", true),
        ("github.io", true), ("attacker.github.io", false), ("myshopify.com", true),
        ("shop.myshopify.com", false), ("ck", true), ("foo.ck", true), ("www.foo.ck", false),
        ("www.ck", false), ("a.www.ck", false), ("kawasaki.jp", true), ("ward.kawasaki.jp", true),
        ("city.kawasaki.jp", false), ("www.city.kawasaki.jp", false), ("sch.uk", true), ("kent.sch.uk", true),
        ("school.kent.sch.uk", false), ("co.uk", true), ("example.co.uk", false),
        // An internationalised rule (個人.香港), as it is and in Punycode.
        ("\u{500B}\u{4EBA}.\u{9999}\u{6E2F}", true), ("xn--gmqw5a.xn--j6w193g", true),
        ("www.\u{500B}\u{4EBA}.\u{9999}\u{6E2F}", false), ("www.xn--gmqw5a.xn--j6w193g", false),
    ]

    /// libpsl's list, whatever its date, loaded once.
    private static let libpsl = SystemPublicSuffixList.load(newerThan: .distantPast)

    /// libpsl's list, or a skip where it does not load.
    private func systemList() throws -> SystemPublicSuffixList {
        guard let list = Self.libpsl else {
            throw XCTSkip("libpsl.so.5 does not load here")
        }
        return list
    }

    private func checkStore(_ source: PublicSuffixSource?, file: StaticString = #filePath, line: UInt = #line) {
        let now = CookieStoreTests.now
        for test in Self.storeCases {
            var store = CookieStore()
            if let source { store.publicSuffixes = source }
            store.receive(test.line, from: URL(string: test.from)!, now: now)
            for (to, header) in test.sent {
                XCTAssertEqual(
                    store.cookieHeader(for: URL(string: to)!, now: now), header, "\(test.rule): to \(to)",
                    file: file, line: line)
            }
        }
    }

    private func checkList(_ source: PublicSuffixSource, file: StaticString = #filePath, line: UInt = #line) {
        for (domain, isPublic) in Self.listCases {
            XCTAssertEqual(
                CookieDomain.isPublicSuffix(domain, in: source), isPublic, domain, file: file, line: line)
        }
    }

    func testTheStoreByDefault() {
        checkStore(nil)
    }

    func testTheStoreOverTheShippedList() {
        checkStore(.shipped)
    }

    func testTheStoreOverLibpsl() throws {
        checkStore(.system(try systemList()))
    }

    func testPublicSuffixesInTheShippedList() {
        checkList(.shipped)
    }

    func testPublicSuffixesInLibpsl() throws {
        checkList(.system(try systemList()))
    }

    func testARejectedDomainSaysWhy() {
        var store = CookieStore()
        store.publicSuffixes = .shipped
        let outcome = store.receive("a=1; Domain=co.at", from: URL(string: "https://www.attacker.co.at/")!)
        XCTAssertEqual(outcome, .ignored("Domain=co.at is a public suffix"))
    }

    func testTheShippedListIsTheWholeList() {
        // Both sections, with Punycode twins, single labels left out: about 9,500 rules.
        XCTAssertGreaterThan(PublicSuffixList.shipped.count, 9000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd_HH-mm-ss_'UTC'"
        XCTAssertEqual(formatter.date(from: PublicSuffixList.shippedVersion), PublicSuffixList.shippedDate)
    }

    func testTheCompactFormIsRead() {
        let list = PublicSuffixList(compactRules: ["ck: * !www uk: ac co\nuk: gov", "kawasaki.jp: * !city"])
        XCTAssertEqual(list.count, 7)
        for domain in ["co.uk", "gov.uk", "foo.ck", "ck", "x.kawasaki.jp"] {
            XCTAssertTrue(list.isPublicSuffix(domain), domain)
        }
        for domain in ["www.ck", "example.co.uk", "net.uk", "city.kawasaki.jp", "a.b.ck"] {
            XCTAssertFalse(list.isPublicSuffix(domain), domain)
        }
    }

    func testLibpslIsChosenOnlyWhenItsListIsNewer() throws {
        XCTAssertNil(SystemPublicSuffixList.load(newerThan: .distantFuture))
        let system = try systemList()
        XCTAssertLessThan(system.date, Date())
        if case .system(let chosen) = PublicSuffixSource.preferred {
            XCTAssertGreaterThan(chosen.date, PublicSuffixList.shippedDate)
        } else {
            XCTAssertLessThanOrEqual(system.date, PublicSuffixList.shippedDate)
        }
    }
}
