#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Glibc
    import Networking
    import NetworkingCurl
    import XCTest

    /// Requests through the harness's proxies (`ProxyHarness`): tinyproxy forwarding plain requests
    /// and tunnelling https with CONNECT, with and without Basic credentials; microsocks as SOCKS5
    /// and SOCKS5h; no-proxy rules; the environment's proxies. Each test checks the proxy's log
    /// (or the `Via` header it adds) to see that the request went through it, or did not.
    final class CurlProxyTests: CurlIntegrationTestCase {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")

        private func transport(_ proxy: ProxyConfiguration, overrides: [HostOverride] = []) throws -> CurlTransport {
            let ca = Self.fixtures.appendingPathComponent("ca.pem").path
            return try CurlTransport(
                configuration: .init(
                    networkPath: NetworkPath(proxy: proxy, hostOverrides: overrides),
                    trust: ServerTrust(certificateAuthorities: .file(ca))))
        }

        /// The headers httpbin received for `url` (its `/anything` echo, asked to keep the `Via`
        /// header a proxy adds), and the status.
        private func echoedHeaders(_ transport: CurlTransport, _ url: URL) async throws -> [String: String] {
            let shown = try XCTUnwrap(URL(string: url.absoluteString + "?show_env=1"))
            let exchange = try await transport.send(URLRequest(url: shown))
            XCTAssertEqual(exchange.statusCode, 200)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
            var headers: [String: String] = [:]
            for (name, value) in echo["headers"]?.objectValue ?? [:] { headers[name] = value.stringValue }
            return headers
        }

        /// What the log named by `name` gained while `body` ran.
        private func logged(_ name: String, during body: () async throws -> Void) async throws -> String {
            let before = try ProxyHarness.log(name).utf8.count
            try await body()
            try await Task.sleep(for: .milliseconds(100))  // the proxy writes its log after answering
            return String(decoding: try ProxyHarness.log(name).utf8.dropFirst(before), as: UTF8.self)
        }

        private func startTLSServer() throws -> (FixtureServer, Int) {
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: ["python3", Self.fixtures.appendingPathComponent("tls_server.py").path, Self.fixtures.path])
            guard let port = server.ports.first else {
                throw FixtureServer.DidNotStart(server: "TLS test server", output: server.firstLine)
            }
            return (server, port)
        }

        func testPlainRequestIsForwardedByTheHTTPProxy() async throws {
            let transport = try transport(.proxy(ProxyHarness.httpProxy()))
            let marker = UUID().uuidString
            var headers: [String: String] = [:]
            let log = try await logged("PROXY_HTTP_LOG") {
                headers = try await echoedHeaders(transport, HTTPBin.url("/anything/\(marker)"))
            }
            XCTAssertEqual(headers["Via"]?.contains("tinyproxy"), true, "httpbin saw \(headers)")
            XCTAssertTrue(log.contains("GET \(HTTPBin.baseURL)/anything/\(marker)"), "the proxy logged: \(log)")
        }

        func testHTTPSIsTunnelledWithConnectWithAndWithoutCredentials() async throws {
            let (server, port) = try startTLSServer()
            defer { server.stop() }
            let url = try XCTUnwrap(URL(string: "https://127.0.0.1:\(port)/hello"))
            for (proxy, log) in [
                (try ProxyHarness.httpProxy(), "PROXY_HTTP_LOG"), (try ProxyHarness.authProxy(), "PROXY_AUTH_LOG"),
            ] {
                let transport = try transport(.proxy(proxy))
                let lines = try await logged(log) {
                    let exchange = try await transport.send(URLRequest(url: url))
                    XCTAssertEqual(exchange.statusCode, 200)
                    let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
                    XCTAssertEqual(echo["tls"]?.stringValue?.hasPrefix("TLSv1."), true)
                }
                XCTAssertTrue(lines.contains("CONNECT 127.0.0.1:\(port)"), "\(proxy) logged: \(lines)")
            }
        }

        func testBasicCredentialsReachTheProxyAndNeverTheOrigin() async throws {
            let proxy = try ProxyHarness.authProxy()
            let transport = try transport(.proxy(proxy))
            let marker = UUID().uuidString
            var headers: [String: String] = [:]
            let log = try await logged("PROXY_AUTH_LOG") {
                headers = try await echoedHeaders(transport, HTTPBin.url("/anything/\(marker)"))
            }
            XCTAssertTrue(log.contains("/anything/\(marker)"), "the authenticating proxy forwarded it: \(log)")
            XCTAssertNil(headers.first { $0.key.lowercased() == "proxy-authorization" }, "httpbin saw \(headers)")
            let password = try ProxyHarness.value("PROXY_PASSWORD")
            XCTAssertFalse(headers.values.contains { $0.contains(password) })
            XCTAssertFalse("\(proxy) \(transport.configuration.networkPath)".contains(password), "descriptions mask it")
        }

        /// A redirect from an `http` URL to an `https` one moves from the proxy for `http`, which
        /// holds credentials, to the proxy for `https`: a stand-in that records what it is sent and
        /// asks for credentials. The first proxy's credentials never reach the second.
        func testARedirectToAnotherProxyTakesNoCredentialsAlong() async throws {
            let recordFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "proxy-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: recordFile) }
            let recorder = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: [
                    "python3", Self.fixtures.appendingPathComponent("recording_proxy.py").path, recordFile.path,
                ])
            defer { recorder.stop() }
            let port = try XCTUnwrap(recorder.ports.first, recorder.firstLine)
            let recording = try Proxy(.http, host: "127.0.0.1", port: port)
            let transport = try transport(.proxies(http: ProxyHarness.authProxy(), https: recording, bypass: .none))
            let networking = Networking(baseURL: HTTPBin.baseURL, transport: transport)
            await networking.setLogLevel(.none)
            let marker = UUID().uuidString
            let log = try await logged("PROXY_AUTH_LOG") {
                let result: Result<Data, NetworkingError> = await networking.get(
                    "/redirect-to?marker=\(marker)&url=https%3A%2F%2F127.0.0.1%3A9%2Felsewhere")
                guard case .failure(let error) = result else { return XCTFail("the stand-in let it through") }
                XCTAssertEqual(error.failedProxy, recording.url, "\(error)")
            }
            XCTAssertTrue(log.contains(marker), "the first hop went through the authenticating proxy: \(log)")
            let recorded = try String(contentsOf: recordFile, encoding: .utf8)
            XCTAssertTrue(recorded.hasPrefix("CONNECT 127.0.0.1:9 HTTP/1.1\r\n"), "the stand-in got: \(recorded)")
            XCTAssertFalse(recorded.lowercased().contains("proxy-authorization"), "the stand-in got: \(recorded)")
            let user = try ProxyHarness.value("PROXY_USER")
            let password = try ProxyHarness.value("PROXY_PASSWORD")
            let basic = Data("\(user):\(password)".utf8).base64EncodedString()
            for secret in [password, basic] {
                XCTAssertFalse(recorded.contains(secret), "the stand-in got: \(recorded)")
            }
        }

        /// The open proxy with credentials it never asks for.
        private func credentialedOpenProxy() throws -> Proxy {
            let open = try ProxyHarness.httpProxy()
            let credentials = try ProxyCredentials(username: "unasked", password: "unasked-\(UUID().uuidString)")
            return try Proxy(.http, host: open.host, port: open.port, credentials: credentials)
        }

        /// A POST of `body` to httpbin's echo.
        private func post(_ body: Data) -> URLRequest {
            var request = URLRequest(url: HTTPBin.url("/post"))
            request.httpMethod = "POST"
            request.httpBody = body
            return request
        }

        /// Whether `headers` (as httpbin echoed them) carry `Proxy-Authorization`.
        private func carryProxyCredentials(_ headers: [String: String]) -> Bool {
            headers.keys.contains { $0.lowercased() == "proxy-authorization" }
        }

        /// libcurl sends proxy credentials only once the proxy asks for them (a 407): an open
        /// proxy, which would forward them with a plain request, never receives them.
        func testCredentialsAProxyDoesNotAskForNeverReachTheOrigin() async throws {
            let transport = try transport(.proxy(credentialedOpenProxy()))
            let headers = try await echoedHeaders(transport, HTTPBin.url("/headers"))
            XCTAssertEqual(headers["Via"]?.contains("tinyproxy"), true, "it went through the proxy: \(headers)")
            XCTAssertFalse(carryProxyCredentials(headers), "httpbin saw \(headers)")
            let posted = try await transport.send(post(Data("through".utf8)))
            XCTAssertEqual(posted.statusCode, 200)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: posted.body)
            XCTAssertNil(echo["headers"]?["Proxy-Authorization"], "httpbin saw \(echo)")
        }

        /// A proxy that asks gets the credentials, for a request with a body too: libcurl sends
        /// the body again after the 407.
        func testABodyIsSentAgainOnceTheProxyAsksForCredentials() async throws {
            let transport = try transport(.proxy(ProxyHarness.authProxy()))
            let marker = UUID().uuidString
            let posted = try await transport.send(post(Data(marker.utf8)))
            XCTAssertEqual(posted.statusCode, 200)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: posted.body)
            XCTAssertEqual(echo["data"]?.stringValue, marker)
            XCTAssertNil(echo["headers"]?["Proxy-Authorization"], "httpbin saw \(echo)")
        }

        /// libcurl keeps the method a 407 made it pick for the handle's later requests: a handle
        /// that answered the https proxy's challenge forgets it before it forwards a plain request
        /// through the other proxy, which never asked for its credentials.
        func testOneProxysChallengeIsNotAnsweredForAnother() async throws {
            let (server, port) = try startTLSServer()
            defer { server.stop() }
            let transport = try transport(
                .proxies(http: credentialedOpenProxy(), https: ProxyHarness.authProxy(), bypass: .none))
            for _ in 0..<2 {
                let tunnelled = try await transport.send(
                    URLRequest(url: try XCTUnwrap(URL(string: "https://127.0.0.1:\(port)/hello"))))
                XCTAssertEqual(tunnelled.statusCode, 200)
                let headers = try await echoedHeaders(transport, HTTPBin.url("/headers"))
                XCTAssertNotNil(headers["Via"], "it went through the open proxy: \(headers)")
                XCTAssertFalse(carryProxyCredentials(headers), "httpbin saw \(headers)")
            }
        }

        /// libcurl connects to the proxy alone (the proxy connects to the server), so a connect
        /// that fails names the proxy, whatever libcurl's message says.
        func testAProxyNobodyListensOnIsTheFailedProxy() async throws {
            let port = try unusedPort()
            let https = try XCTUnwrap(URL(string: "https://127.0.0.1:9/hello"))
            for proxy in [
                try Proxy(.http, host: "127.0.0.1", port: port), try Proxy(.socks5h, host: "127.0.0.1", port: port),
            ] {
                let transport = try transport(.proxy(proxy))
                for url in [HTTPBin.url("/get"), https] {
                    do {
                        _ = try await transport.send(URLRequest(url: url))
                        XCTFail("\(url) went through \(proxy), which nobody listens on")
                    } catch {
                        guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                        XCTAssertEqual(urlError.code, .cannotConnectToHost, "\(error)")
                        XCTAssertEqual(error.failedProxy, proxy.url, "\(url): \(error)")
                        XCTAssertTrue(
                            error.description.contains(
                                "could not connect to the proxy \(proxy.url) (Connection refused)"),
                            error.description)
                    }
                }
            }
        }

        /// A port of 127.0.0.1 that nothing listens on (bound, then closed).
        private func unusedPort() throws -> Int {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, size) == 0 && getsockname(descriptor, $0, &size) == 0
                }
            }
            guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        /// The library decides which hosts bypass the proxy: libcurl 7.88's own rules ignore IPv6
        /// ranges.
        func testAnIPv6RangeSendsItsHostsDirect() async throws {
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: ["python3", Self.fixtures.appendingPathComponent("ipv6_server.py").path])
            defer { server.stop() }
            let port = try XCTUnwrap(server.ports.first, server.firstLine)
            let url = try XCTUnwrap(URL(string: "http://[::1]:\(port)/v6"))
            let proxy = try ProxyHarness.httpProxy()
            for (rules, bypasses) in [("::1/128", true), ("::/64", true), ("fd00::/8", false), ("::1", true)] {
                let transport = try transport(.proxy(proxy, bypass: ProxyBypass(rules)))
                let exchange = try await transport.send(URLRequest(url: url))
                XCTAssertEqual(exchange.statusCode, 200)
                let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
                XCTAssertEqual(echo["via"]?.stringValue == nil, bypasses, "no_proxy '\(rules)': \(echo)")
            }
        }

        func testWrongProxyPasswordIsATypedProxyError() async throws {
            let (server, port) = try startTLSServer()
            defer { server.stop() }
            let url = try XCTUnwrap(URL(string: "https://127.0.0.1:\(port)/hello"))
            let proxies = [
                try ProxyHarness.authProxy(password: "wrong"), try ProxyHarness.socksProxy(.socks5h, password: "wrong"),
            ]
            for proxy in proxies {
                let transport = try transport(.proxy(proxy))
                do {
                    _ = try await transport.send(URLRequest(url: url))
                    XCTFail("\(proxy) let a wrong password through")
                } catch {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, .userAuthenticationRequired, "\(error)")
                    XCTAssertEqual(error.failedProxy, proxy.url)
                    XCTAssertFalse(error.isRetryable)
                    XCTAssertTrue(error.description.hasPrefix("The "), error.description)
                    XCTAssertTrue(
                        error.description.contains("rejected the request's proxy credentials"), error.description)
                    XCTAssertFalse(error.description.contains("wrong"), "the password stays out: \(error)")
                }
            }
        }

        func testSOCKS5ResolvesNamesInTheClientAndSOCKS5hAtTheProxy() async throws {
            let url = try XCTUnwrap(URL(string: "http://localhost:\(HTTPBin.port)/anything/socks"))
            // SOCKS5h hands the proxy the name.
            let remote = try transport(.proxy(ProxyHarness.socksProxy(.socks5h)))
            let byName = try await logged("PROXY_SOCKS_LOG") { _ = try await echoedHeaders(remote, url) }
            XCTAssertTrue(byName.contains("connected to localhost:\(HTTPBin.port)"), "microsocks logged: \(byName)")
            // SOCKS5 hands it the address the client resolved (here through an override, to IPv4).
            let local = try transport(
                .proxy(ProxyHarness.socksProxy(.socks5)),
                overrides: [HostOverride(host: "localhost", port: HTTPBin.port, addresses: ["127.0.0.1"])])
            let byAddress = try await logged("PROXY_SOCKS_LOG") { _ = try await echoedHeaders(local, url) }
            XCTAssertTrue(
                byAddress.contains("connected to 127.0.0.1:\(HTTPBin.port)"), "microsocks logged: \(byAddress)")
            XCTAssertFalse(byAddress.contains("connected to localhost"), "microsocks logged: \(byAddress)")
        }

        func testNoProxyRulesSendMatchingHostsDirect() async throws {
            let proxy = try ProxyHarness.httpProxy()
            let localhost = try XCTUnwrap(URL(string: "http://localhost:\(HTTPBin.port)/anything/direct"))
            let address = try XCTUnwrap(URL(string: "http://127.0.0.1:\(HTTPBin.port)/anything/proxied"))
            let byHost = try transport(.proxy(proxy, bypass: ProxyBypass("localhost")))
            let log = try await logged("PROXY_HTTP_LOG") {
                let direct = try await echoedHeaders(byHost, localhost)
                XCTAssertNil(direct["Via"], "a no-proxy host goes direct")
                let proxied = try await echoedHeaders(byHost, address)
                XCTAssertNotNil(proxied["Via"], "another host still takes the proxy")
            }
            XCTAssertFalse(log.contains("anything/direct"), "the proxy never saw it: \(log)")
            XCTAssertTrue(log.contains("anything/proxied"), "the proxy logged: \(log)")
            for bypass in ["127.0.0.0/8", "*", ".0.0.1, 127.0.0.1"] {
                let direct = try await echoedHeaders(
                    try transport(.proxy(proxy, bypass: ProxyBypass(bypass))), address)
                XCTAssertNil(direct["Via"], "no_proxy '\(bypass)' sends 127.0.0.1 direct")
            }
        }

        func testEnvironmentProxiesAreReadWhenTheTransportIsCreated() async throws {
            let proxy = try ProxyHarness.httpProxy()
            let url = HTTPBin.url("/anything/environment")
            defer {
                for name in ProxyConfiguration.environmentVariables + ["HTTP_PROXY"] { unsetenv(name) }
            }
            setenv("HTTP_PROXY", proxy.url, 1)  // curl ignores the upper-case name for http
            let ignoring = try CurlTransport()
            XCTAssertEqual(ignoring.configuration.networkPath.proxy, .direct)
            let ignored = try await echoedHeaders(ignoring, url)
            XCTAssertNil(ignored["Via"])
            setenv("http_proxy", proxy.url, 1)
            let proxied = try CurlTransport()
            XCTAssertEqual(proxied.configuration.networkPath.proxy, .proxies(http: proxy, https: nil, bypass: .none))
            let throughProxy = try await echoedHeaders(proxied, url)
            XCTAssertNotNil(throughProxy["Via"], "the environment's proxy is used")
            let older = try await echoedHeaders(ignoring, url)
            XCTAssertNil(older["Via"], "an older transport keeps what it read")
            setenv("NO_PROXY", "127.0.0.1", 1)
            let bypassed = try await echoedHeaders(try CurlTransport(), url)
            XCTAssertNil(bypassed["Via"], "NO_PROXY is read too")
            let explicit = try CurlTransport(configuration: .init(networkPath: .init(proxy: .proxy(proxy))))
            let overriding = try await echoedHeaders(explicit, url)
            XCTAssertNotNil(overriding["Via"], "an explicit setting overrides the environment")
            setenv("http_proxy", "http://proxy.invalid:99999", 1)
            let unusable = try CurlTransport()
            do {
                _ = try await unusable.send(URLRequest(url: url))
                XCTFail("an unusable proxy in the environment was ignored")
            } catch {
                XCTAssertTrue(error.description.contains("http_proxy"), error.description)
            }
        }
    }
#endif
