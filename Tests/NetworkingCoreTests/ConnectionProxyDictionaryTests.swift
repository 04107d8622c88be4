import Foundation
import XCTest

@testable import NetworkingCore

/// The library's proxy settings as Apple's `connectionProxyDictionary` takes them, on macOS (the
/// whole vocabulary) and on the other Apple platforms (the HTTP proxy keys only), and what is
/// refused rather than dropped.
final class ConnectionProxyDictionaryTests: XCTestCase {
    private func proxy(_ url: String) throws -> Proxy { try Proxy(url: url) }

    private func dictionary(
        _ configuration: ProxyConfiguration, on platform: URLSessionPlatform = .macOS
    ) throws -> [String: AnyHashable]? {
        try ConnectionProxyDictionary.make(configuration, on: platform)
    }

    private func assertRefused(
        _ configuration: ProxyConfiguration, on platform: URLSessionPlatform, mentioning fragments: String...,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let made = try ConnectionProxyDictionary.make(configuration, on: platform)
            XCTFail("expected a refusal, got \(String(describing: made))", file: file, line: line)
        } catch {
            guard case .invalidRequest(let reason) = error else {
                return XCTFail("expected .invalidRequest, got \(error)", file: file, line: line)
            }
            XCTAssertTrue(reason.hasPrefix("URLSessionTransport cannot "), reason, file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(reason.contains(fragment), "'\(reason)' lacks '\(fragment)'", file: file, line: line)
            }
        }
    }

    func testEnvironmentLeavesTheSystemsSettingsAndDirectIsNoProxy() throws {
        for platform in [URLSessionPlatform.macOS, .appleDevices] {
            XCTAssertNil(try dictionary(.environment, on: platform))
            XCTAssertEqual(try dictionary(.direct, on: platform), [:])
            XCTAssertEqual(try dictionary(.proxies(http: nil, https: nil, bypass: .none), on: platform), [:])
        }
    }

    func testAnHTTPProxyForBothSchemesOnMacOS() throws {
        let made = try dictionary(.proxy(try proxy("http://proxy.internal:3128")))
        XCTAssertEqual(
            made,
            [
                "HTTPEnable": 1, "HTTPProxy": "proxy.internal", "HTTPPort": 3128,
                "HTTPSEnable": 1, "HTTPSProxy": "proxy.internal", "HTTPSPort": 3128,
            ])
    }

    func testOtherApplePlatformsTakeTheHTTPProxyKeysAlone() throws {
        let http = try proxy("http://proxy.internal:3128")
        XCTAssertEqual(
            try dictionary(.proxies(http: http, https: nil, bypass: .none), on: .appleDevices),
            ["HTTPEnable": 1, "HTTPProxy": "proxy.internal", "HTTPPort": 3128])
        assertRefused(.proxy(http), on: .appleDevices, mentioning: "send https requests through a proxy", "HTTPS")
        assertRefused(
            .proxy(try proxy("socks5://127.0.0.1:1080")), on: .appleDevices, mentioning: "SOCKS", "macOS only")
        assertRefused(
            .proxies(http: http, https: nil, bypass: try ProxyBypass("example.com")), on: .appleDevices,
            mentioning: "no-proxy rules (example.com)", "exception list")
        XCTAssertEqual(
            try dictionary(.proxies(http: http, https: nil, bypass: .everything), on: .appleDevices), [:],
            "a bypass of every host is no proxy at all")
    }

    func testNoProxyRulesOnMacOS() throws {
        let http = try proxy("http://proxy.internal:3128")
        // Each rule, and the exception-list entries it must become.
        let table: [(rules: String, entries: [String])] = [
            ("example.com", ["example.com", "*.example.com"]),  // the apex and every name under it
            (".internal.example", ["internal.example", "*.internal.example"]),
            ("*.corp.example", ["corp.example", "*.corp.example"]),
            ("localhost", ["localhost", "*.localhost"]),
            ("127.0.0.1", ["127.0.0.1"]),  // an address: no wildcard
            ("::1", ["::1"]),
            ("[fe80::1]", ["fe80::1"]),
            ("10.0.0.0/8", ["10.0.0.0/8"]),
            ("169.254.0.0/16", ["169.254.0.0/16"]),
            ("192.168.1.7/32", ["192.168.1.7"]),
            ("2001:db8::1/128", ["2001:db8::1"]),
            (
                "localhost, 127.0.0.1, .internal.example, 10.0.0.0/8",
                ["localhost", "*.localhost", "127.0.0.1", "internal.example", "*.internal.example", "10.0.0.0/8"]
            ),
        ]
        for (rules, entries) in table {
            let made = try dictionary(.proxies(http: http, https: nil, bypass: try ProxyBypass(rules)))
            XCTAssertEqual(made?["ExceptionsList"], entries as AnyHashable, rules)
            XCTAssertEqual(made?["HTTPProxy"], "proxy.internal", rules)
        }
        XCTAssertNil(try dictionary(.proxy(http))?["ExceptionsList"], "no rules, no list")
        XCTAssertEqual(try dictionary(.proxy(http, bypass: try ProxyBypass("example.com, *"))), [:])
    }

    func testAnIPv6NetworkIsRefusedRatherThanDropped() throws {
        assertRefused(
            .proxy(try proxy("http://proxy.internal:3128"), bypass: try ProxyBypass("example.com, fd00::/8")),
            on: .macOS, mentioning: "fd00::/8")
    }

    func testASOCKSProxyServesBothSchemesOrNone() throws {
        let socks = try proxy("socks5://127.0.0.1:1080")
        XCTAssertEqual(
            try dictionary(.proxy(socks, bypass: try ProxyBypass("example.com"))),
            [
                "SOCKSEnable": 1, "SOCKSProxy": "127.0.0.1", "SOCKSPort": 1080,
                "ExceptionsList": ["example.com", "*.example.com"],
            ])
        let http = try proxy("http://proxy.internal:3128")
        assertRefused(.proxies(http: socks, https: http, bypass: .none), on: .macOS, mentioning: "one SOCKS proxy")
        assertRefused(.proxies(http: nil, https: socks, bypass: .none), on: .macOS, mentioning: "SOCKS")
        assertRefused(
            .proxies(http: socks, https: try proxy("socks5://127.0.0.2:1080"), bypass: .none), on: .macOS,
            mentioning: "SOCKS")
    }

    func testWhatNoApplePlatformCanExpressIsRefused() throws {
        for platform in [URLSessionPlatform.macOS, .appleDevices] {
            assertRefused(
                .proxy(try proxy("http://alice:secret@proxy.internal:3128")), on: platform,
                mentioning: "proxy credentials", "alice")
            assertRefused(.proxy(try proxy("socks5h://127.0.0.1:1080")), on: platform, mentioning: "resolve host names")
        }
    }

    func testTheTransportRefusesThePlatformsUnsupportedSettings() throws {
        let http = try proxy("http://proxy.internal:3128")
        let ipv6 = NetworkPath(proxy: .proxy(http, bypass: try ProxyBypass("fd00::/8")))
        XCTAssertNotNil(URLSessionTransport.unsupportedSettings(ipv6, .system, on: .macOS))
        let plain = NetworkPath(proxy: .proxy(http, bypass: try ProxyBypass("example.com, 10.0.0.0/8")))
        XCTAssertNil(URLSessionTransport.unsupportedSettings(plain, .system, on: .macOS))
        XCTAssertNotNil(URLSessionTransport.unsupportedSettings(plain, .system, on: .appleDevices))
        guard case .invalidRequest(let reason) = URLSessionTransport.unsupportedSettings(plain, .system, on: .corelibs)
        else { return XCTFail("a proxy set in code is refused on swift-corelibs-foundation") }
        XCTAssertTrue(reason.contains("use a proxy set in code on Linux"), reason)
    }
}
