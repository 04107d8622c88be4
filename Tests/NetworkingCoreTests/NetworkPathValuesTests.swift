import Foundation
import XCTest

@testable import NetworkingCore

/// The values of `NetworkPath` and `ServerTrust`: parsing, the checks that keep caller input from
/// putting unintended bytes on the wire, curl's rules for the environment and for no-proxy lists,
/// and descriptions that never show a password.
final class NetworkPathValuesTests: XCTestCase {
    private func reason(_ body: () throws(NetworkingError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            guard case .invalidRequest(let reason) = error else { return "unexpected \(error)" }
            XCTAssertTrue(error.description.hasPrefix("The request could not be built: "), error.description)
            return reason
        }
    }

    func testProxyURLsParseAsCurlSpellsThem() throws {
        let plain = try Proxy(url: "proxy.internal:3128")
        XCTAssertEqual(plain.kind, .http)
        XCTAssertEqual(plain.url, "http://proxy.internal:3128")
        let socks = try Proxy(url: "SOCKS5H://user%40corp:p%3Ass@[::1]")
        XCTAssertEqual(socks.kind, .socks5h)
        XCTAssertEqual(socks.host, "::1")
        XCTAssertEqual(socks.port, Proxy.defaultPort)
        XCTAssertEqual(socks.credentials?.username, "user@corp")
        XCTAssertEqual(socks.credentials?.password, "p:ss")
        XCTAssertEqual(socks.url, "socks5h://[::1]:1080")
        XCTAssertEqual(socks.description, "socks5h://user@corp:<redacted>@[::1]:1080")
        XCTAssertFalse(String(describing: socks).contains("p:ss"))
        XCTAssertEqual(try Proxy(url: "http://10.0.0.1:8080/").port, 8080)
    }

    func testProxyInputThatCouldReachTheWireIsRejected() {
        let bad = [
            "http://proxy\r\n.internal:3128", "http://proxy.internal:3128\0", "https://proxy.internal:3128",
            "ftp://proxy", "http://proxy:99999", "http://proxy:0", "http://proxy/path", "http://pro xy:1",
            "http://[::1:80", "http://proxy:port", "", "sco::1]:1080/", "http://a:b:1", "\u{5B7}", "http://\u{5B7}:1",
            "http://pröxy:1",
        ]
        for url in bad {
            let message = reason { () throws(NetworkingError) in _ = try Proxy(url: url) }
            XCTAssertNotNil(message, "'\(url)' was accepted")
        }
        XCTAssertTrue(
            reason { () throws(NetworkingError) in _ = try Proxy(url: "https://u:secret@proxy:1") }?.contains("secret")
                == false, "a rejected URL's password stays out of the message")
        XCTAssertNotNil(
            reason { () throws(NetworkingError) in _ = try ProxyCredentials(username: "a\nb", password: "") })
        XCTAssertNotNil(
            reason { () throws(NetworkingError) in _ = try ProxyCredentials(username: "a", password: "x\r") })
        XCTAssertNotNil(
            reason { () throws(NetworkingError) in _ = try ProxyCredentials(username: "a:b", password: "") })
        XCTAssertNotNil(reason { () throws(NetworkingError) in _ = try ProxyCredentials(username: "", password: "x") })
    }

    func testNoProxyRulesMatchAsCurlMatchesThem() throws {
        let bypass = try ProxyBypass("localhost, .internal.example ,10.0.0.0/8,fd00::/8,192.168.1.7")
        XCTAssertEqual(bypass.description, "localhost,internal.example,10.0.0.0/8,fd00::/8,192.168.1.7")
        for host in [
            "localhost", "LOCALHOST.", "internal.example", "api.internal.example", "10.200.3.4", "[fd00::1]",
            "192.168.1.7",
        ] {
            XCTAssertTrue(bypass.bypasses(host: host), host)
        }
        for host in ["example", "badinternal.example", "11.0.0.1", "fe80::1", "192.168.1.8", "localhost.evil"] {
            XCTAssertFalse(bypass.bypasses(host: host), host)
        }
        XCTAssertTrue(try ProxyBypass("*").bypasses(host: "anything.example"))
        let wildcards = try ProxyBypass(".*.internal, *..example")
        XCTAssertEqual(wildcards.description, "internal,example")
        XCTAssertEqual(try ProxyBypass(wildcards.description), wildcards, "a list reads back the same")
        XCTAssertEqual(try ProxyBypass(".*").rules, [.everything], "'.*' is '*'")
        XCTAssertFalse(ProxyBypass.none.bypasses(host: "localhost"))
        for list in ["10.0.0.0/33", "10.0.0.0/x", "not-an-ip/8", "a\r\nb", "bad;host", "10.0.0.0\0x/8"] {
            XCTAssertNotNil(reason { () throws(NetworkingError) in _ = try ProxyBypass(list) }, list)
        }
    }

    func testEnvironmentIsReadByCurlsRules() throws {
        let http = try Proxy(url: "http://h:1")
        let https = try Proxy(url: "http://s:2")
        let all = try Proxy(url: "socks5h://a:3")
        XCTAssertEqual(try ProxyConfiguration.reading([:]), .direct)
        XCTAssertEqual(try ProxyConfiguration.reading(["HTTP_PROXY": "http://h:1"]), .direct, "upper case is ignored")
        XCTAssertEqual(
            try ProxyConfiguration.reading(["http_proxy": "http://h:1", "HTTPS_PROXY": "http://s:2"]),
            .proxies(http: http, https: https, bypass: .none))
        XCTAssertEqual(
            try ProxyConfiguration.reading(["https_proxy": "http://s:2", "HTTPS_PROXY": "http://ignored:9"]),
            .proxies(http: nil, https: https, bypass: .none), "lower case first")
        XCTAssertEqual(
            try ProxyConfiguration.reading(["ALL_PROXY": "socks5h://a:3", "no_proxy": "localhost", "NO_PROXY": "x"]),
            .proxies(http: all, https: all, bypass: try ProxyBypass("localhost")))
        let config = try ProxyConfiguration.reading(["all_proxy": "socks5h://a:3", "no_proxy": "*.internal"])
        XCTAssertNil(config.proxy(for: try XCTUnwrap(URL(string: "https://api.internal/x"))))
        XCTAssertEqual(config.proxy(for: try XCTUnwrap(URL(string: "wss://example.com/x"))), all)
        let message = reason { () throws(NetworkingError) in
            _ = try ProxyConfiguration.reading(["http_proxy": "http://h:1\r\nX: y"])
        }
        XCTAssertEqual(message?.hasPrefix("The environment variable http_proxy does not name a usable proxy"), true)
    }

    func testHostOverridesAndPathsAreChecked() throws {
        let override = try HostOverride(host: "api.test", port: 8443, addresses: ["127.0.0.1", "[::1]"])
        XCTAssertEqual(override.curlEntry, "api.test:8443:127.0.0.1,[::1]")
        for (host, port, addresses) in [
            ("api.test", 1, []), ("api.test", 1, ["example.com"]), ("api.test\r\n", 1, ["127.0.0.1"]),
            ("a:b", 1, ["127.0.0.1"]), ("api.test", 70000, ["127.0.0.1"]), ("api.test", 1, ["127.0.0.1,10.0.0.1"]),
            ("api.test", 1, ["127.0.0.1\0\u{1}4"]),
        ] {
            let message = reason { () throws(NetworkingError) in
                _ = try HostOverride(host: host, port: port, addresses: addresses)
            }
            XCTAssertNotNil(message, "\(host):\(port) \(addresses)")
        }
        for path in [
            NetworkPath(unixSocketPath: "/tmp/a\0b"), NetworkPath(localAddress: "eth0 x"),
            NetworkPath(happyEyeballsDelay: .infinity),
        ] {
            XCTAssertNotNil(reason { () throws(NetworkingError) in try path.validate() })
        }
        XCTAssertNil(reason { () throws(NetworkingError) in try NetworkPath(proxy: .direct).validate() })
        XCTAssertTrue(NetworkPath().isDefault)
    }

    func testPinsAreCheckedAndApplyPerHost() throws {
        let digest = Data(repeating: 7, count: 32).base64EncodedString()
        let pins = try PublicKeyPins(host: "*.Example.com", sha256: ["sha256//" + digest, digest])
        XCTAssertEqual(pins.curlValue, "sha256//\(digest);sha256//\(digest)")
        XCTAssertTrue(pins.applies(to: "api.example.com"))
        XCTAssertFalse(pins.applies(to: "example.com"))
        XCTAssertFalse(pins.applies(to: "api.example.com.evil"))
        let trust = ServerTrust(pins: [pins, try PublicKeyPins(host: "example.com", sha256: [digest])])
        XCTAssertEqual(trust.pins(for: "EXAMPLE.com")?.host, "example.com")
        XCTAssertNil(trust.pins(for: "other.org"))
        let short = Data(repeating: 7, count: 20).base64EncodedString()
        for (host, digests) in [("a.test", [short]), ("a.test", []), ("a\r\n.test", [digest]), ("a.test", ["%%"])] {
            XCTAssertNotNil(reason { () throws(NetworkingError) in _ = try PublicKeyPins(host: host, sha256: digests) })
        }
        XCTAssertNotNil(
            reason { () throws(NetworkingError) in
                try ServerTrust(certificateAuthorities: .file("/ca\n.pem")).validate()
            })
    }
}
