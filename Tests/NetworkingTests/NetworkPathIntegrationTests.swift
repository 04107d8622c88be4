#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCurl
    import XCTest

    @testable import Networking

    /// The network path and trust as a client's settings: `Networking(baseURL:networkPath:trust:)`
    /// and `HTTPClient.Configuration` take every request, download and WebSocket of the client
    /// through the harness's proxies (`Tests/Harness/proxies.sh`), proxy credentials stay out of
    /// what the origin receives, the logs and the events, the environment is read per client, and
    /// URLSessionTransport refuses what Foundation on Linux cannot do.
    final class NetworkPathIntegrationTests: XCTestCase {
        private struct MissingHarness: Error, CustomStringConvertible {
            let name: String
            var description: String {
                "\(name) is not set: run the tests under make test or eval \"$(make -s httpbin)\""
            }
        }

        private func harness(_ name: String) throws -> String {
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
                throw MissingHarness(name: name)
            }
            return value
        }

        private func authProxy() throws -> Proxy {
            let bare = try Proxy(url: harness("PROXY_AUTH_URL"))
            return try Proxy(
                .http, host: bare.host, port: bare.port,
                credentials: ProxyCredentials(username: harness("PROXY_USER"), password: harness("PROXY_PASSWORD")))
        }

        private func log(_ name: String) throws -> String { try String(contentsOfFile: harness(name), encoding: .utf8) }

        /// A new transport of the kind under test that takes the environment's proxies: CurlTransport
        /// reads them now, URLSession's libcurl for each request.
        private func environmentTransport() throws -> any HTTPTransport {
            TestTransport.name == "urlsession" ? URLSessionTransport(configuration: .ephemeral) : try CurlTransport()
        }

        override func setUp() async throws {
            try await super.setUp()
            try await HTTPBin.requireServer()
        }

        func testClientTakesItsProxyWithoutLeakingCredentials() async throws {
            let proxy = try authProxy()
            let password = try harness("PROXY_PASSWORD")
            let networking = Networking(baseURL: HTTPBin.baseURL, networkPath: NetworkPath(proxy: .proxy(proxy)))
            let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("path-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: logFile) }
            await networking.setLogLevel(.all)
            await networking.setLogsToStandardError(false)
            let opened = await networking.setLogFileURL(logFile)
            XCTAssertTrue(opened)
            let events = Task { [stream = await networking.events()] in
                var seen: [String] = []
                for await event in stream {
                    seen.append(String(describing: event))
                    if seen.count == 2 { break }
                }
                return seen
            }
            let marker = UUID().uuidString
            await networking.setHeaderFields(["Proxy-Authorization": "Basic bGVha2VkOmxlYWtlZA=="])
            let result: Result<Data, NetworkingError> = await networking.get("/anything/\(marker)?show_env=1")
            let echo = try JSONDecoder().decode(AnyCodable.self, from: try result.get())
            let headers = echo["headers"]?.objectValue ?? [:]
            XCTAssertEqual(headers["Via"]?.stringValue?.contains("tinyproxy"), true, "through the proxy: \(headers)")
            XCTAssertNil(headers["Proxy-Authorization"], "no proxy credential reaches the origin")
            XCTAssertTrue(try log("PROXY_AUTH_LOG").contains(marker))
            let logged = try String(contentsOf: logFile, encoding: .utf8)
            let described = await events.value.joined(separator: "\n")
            XCTAssertTrue(logged.contains(marker), logged)
            XCTAssertTrue(logged.contains("Proxy-Authorization: <redacted>"), logged)
            XCTAssertFalse(logged.contains("bGVha2VkOmxlYWtlZA=="), "a Proxy-Authorization field was logged: \(logged)")
            XCTAssertFalse(described.contains("bGVha2VkOmxlYWtlZA=="), "an event showed it: \(described)")
            for text in [logged, described] {
                XCTAssertFalse(text.contains(password), "the proxy's password was written: \(text)")
            }
        }

        /// A `Proxy-Authorization` field set on requests reaches no origin, straight or through the
        /// environment's proxy (tinyproxy forwards the field, so only not sending it keeps it from
        /// the origin), over the transport under test, and events show it redacted.
        func testAProxyAuthorizationFieldReachesNoOriginAndNoEvent() async throws {
            let secret = "bGVha2VkOmxlYWtlZA=="
            let proxy = try Proxy(url: harness("PROXY_HTTP_URL"))
            defer { unsetenv("http_proxy") }
            for proxied in [false, true] {
                if proxied { setenv("http_proxy", proxy.url, 1) } else { unsetenv("http_proxy") }
                // The environment is read by CurlTransport when it is made, by URLSession's libcurl
                // for each request: `http_proxy` stays set until the request is done.
                let networking = Networking(baseURL: HTTPBin.baseURL, transport: try environmentTransport())
                await networking.setHeaderFields(["Proxy-Authorization": "Basic \(secret)"])
                let events = Task { [stream = await networking.events()] in
                    var seen: [NetworkingEvent] = []
                    for await event in stream {
                        seen.append(event)
                        if seen.count == 2 { break }
                    }
                    return seen
                }
                let marker = UUID().uuidString
                let result: Result<Data, NetworkingError> = await networking.get("/anything/\(marker)?show_env=1")
                let echo = try JSONDecoder().decode(AnyCodable.self, from: try result.get())
                let headers = echo["headers"]?.objectValue ?? [:]
                let route = proxied ? "through the proxy" : "straight"
                XCTAssertEqual(
                    headers["Via"]?.stringValue?.contains("tinyproxy") ?? false, proxied, "\(route): \(headers)")
                XCTAssertNil(
                    headers.first { $0.key.lowercased() == "proxy-authorization" },
                    "\(route), the origin saw \(headers)")
                XCTAssertFalse("\(echo)".contains(secret), "\(route), the origin saw \(echo)")
                if proxied { XCTAssertTrue(try log("PROXY_HTTP_LOG").contains(marker), "the proxy forwarded it") }
                let seen = await events.value
                XCTAssertEqual(seen.count, 2)
                for event in seen {
                    XCTAssertEqual(event.context.headers["Proxy-Authorization"], "<redacted>", "\(route): \(event)")
                    XCTAssertFalse(String(describing: event).contains(secret), "\(route), an event showed it: \(event)")
                }
            }
        }

        /// The environment's proxies, with credentials in their URLs, carry requests on the
        /// transport under test: tinyproxy asking for Basic credentials, and microsocks as SOCKS5h.
        /// The credentials reach the proxy (which lets the request through) and not the origin.
        func testEnvironmentProxiesWithCredentialsCarryRequests() async throws {
            let user = try harness("PROXY_USER")
            let password = try harness("PROXY_PASSWORD")
            let http = try Proxy(url: harness("PROXY_AUTH_URL"))
            let socks = try Proxy(url: harness("PROXY_SOCKS_URL"))
            let variables = ["http_proxy", "all_proxy"]
            defer { for name in variables { unsetenv(name) } }
            for (name, url, log) in [
                ("http_proxy", "http://\(user):\(password)@\(http.host):\(http.port)", "PROXY_AUTH_LOG"),
                ("all_proxy", "socks5h://\(user):\(password)@\(socks.host):\(socks.port)", "PROXY_SOCKS_LOG"),
            ] {
                for name in variables { unsetenv(name) }
                setenv(name, url, 1)
                let networking = Networking(baseURL: HTTPBin.baseURL, transport: try environmentTransport())
                await networking.setLogLevel(.none)
                let before = try self.log(log).utf8.count
                let marker = UUID().uuidString
                let result: Result<Data, NetworkingError> = await networking.get("/anything/\(marker)?show_env=1")
                let echo = try JSONDecoder().decode(AnyCodable.self, from: try result.get())
                try await Task.sleep(for: .milliseconds(100))  // a proxy writes its log after answering
                let logged = String(decoding: try self.log(log).utf8.dropFirst(before), as: UTF8.self)
                let expected = name == "http_proxy" ? marker : "connected to 127.0.0.1:\(HTTPBin.port)"
                XCTAssertTrue(logged.contains(expected), "\(name): the proxy logged \(logged)")
                let basic = Data("\(user):\(password)".utf8).base64EncodedString()
                for secret in [password, basic] {
                    XCTAssertFalse("\(echo)".contains(secret), "\(name): the origin saw \(echo)")
                }
            }
        }

        func testDownloadsAndWebSocketsTakeTheClientsPath() async throws {
            let proxy = try Proxy(url: harness("PROXY_HTTP_URL"))
            let networking = Networking(baseURL: HTTPBin.baseURL, networkPath: NetworkPath(proxy: .proxy(proxy)))
            let marker = UUID().uuidString
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("dl-\(marker)")
            defer { try? FileManager.default.removeItem(at: destination) }
            let file = try await networking.download("/anything/\(marker)", to: destination).get()
            XCTAssertGreaterThan(file.byteCount, 0)
            try await Task.sleep(for: .milliseconds(100))
            XCTAssertTrue(try log("PROXY_HTTP_LOG").contains("/anything/\(marker)"), "the download went through it")
            let server = try WebSocketTestServer()
            let sockets = Networking(baseURL: server.echoBaseURL, networkPath: NetworkPath(proxy: .proxy(proxy)))
            let socket = try await sockets.webSocket("/echo")
            try await socket.send(.text("through the tunnel"))
            var messages = socket.messages.makeAsyncIterator()
            let echoed = try await messages.next()
            XCTAssertEqual(echoed, .text("through the tunnel"))
            await socket.close()
            XCTAssertTrue(
                try log("PROXY_HTTP_LOG").contains("CONNECT 127.0.0.1:\(server.echoPort)"),
                "the handshake was tunnelled")
        }

        func testHTTPClientConfigurationTakesThePathAndTheEnvironmentIsReadPerClient() async throws {
            let proxy = try Proxy(url: harness("PROXY_HTTP_URL"))
            let configured = HTTPClient(configuration: .init(networkPath: NetworkPath(proxy: .proxy(proxy))))
            let transport = try XCTUnwrap(configured.transport as? CurlTransport)
            XCTAssertEqual(transport.configuration.networkPath.proxy, .proxy(proxy))
            let same = HTTPClient(configuration: .init(networkPath: NetworkPath(proxy: .proxy(proxy))))
            XCTAssertTrue((same.transport as AnyObject) === transport, "clients with the same path share a transport")
            defer { unsetenv("http_proxy") }
            setenv("http_proxy", proxy.url, 1)
            let fromEnvironment = try XCTUnwrap(Networking(baseURL: HTTPBin.baseURL).transport as? CurlTransport)
            XCTAssertEqual(
                fromEnvironment.configuration.networkPath.proxy, .proxies(http: proxy, https: nil, bypass: .none))
            unsetenv("http_proxy")
            let direct = try XCTUnwrap(Networking(baseURL: HTTPBin.baseURL).transport as? CurlTransport)
            XCTAssertEqual(direct.configuration.networkPath.proxy, .direct)
        }

        func testReportOnlyPinMismatchIsLoggedAndTheRequestGoesAhead() async throws {
            let fixtures = WebSocketTestServer.fixtures
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = [
                "python3", fixtures.appendingPathComponent("tls_server.py").path, fixtures.path,
                "pinning-server-b.pem", "pinning-server-b.key",
            ]
            let output = Pipe()
            let input = Pipe()
            server.standardOutput = output
            server.standardInput = input  // the server exits when this closes
            try server.run()
            defer {
                try? input.fileHandleForWriting.close()
                server.terminate()
                server.waitUntilExit()
            }
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let port = try XCTUnwrap(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), line)
            let keyA = "UIXULRnfq+IR/Xk01vP7ut2C+dgUYVBlv8jEJ+fPPTM="
            let override = try HostOverride(host: "api.test", port: port, addresses: ["127.0.0.1"])
            let pins = try PublicKeyPins(host: "api.test", sha256: [keyA])
            let networking = Networking(
                baseURL: "https://api.test:\(port)",
                networkPath: NetworkPath(proxy: .direct, hostOverrides: [override]),
                trust: ServerTrust(
                    certificateAuthorities: .file(fixtures.appendingPathComponent("pinning-ca.pem").path),
                    pins: [pins], enforcement: .reportOnly))
            let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("pins-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: logFile) }
            await networking.setLogsToStandardError(false)
            let opened = await networking.setLogFileURL(logFile)
            XCTAssertTrue(opened)
            let result: Result<Data, NetworkingError> = await networking.get("/hello")
            XCTAssertNoThrow(try result.get(), "report-only pinning lets the request through")
            let logged = try String(contentsOf: logFile, encoding: .utf8)
            XCTAssertTrue(
                logged.contains("the public key of the certificate of api.test did not match any key pinned for it"),
                "at the default level (failures), the mismatch is logged: \(logged)")
        }

        func testURLSessionTransportOnLinuxRefusesWhatItCannotHonour() async throws {
            let pins = try PublicKeyPins(host: "127.0.0.1", sha256: ["UIXULRnfq+IR/Xk01vP7ut2C+dgUYVBlv8jEJ+fPPTM="])
            let cases: [(ServerTrust, NetworkPath, String)] = [
                (ServerTrust(pins: [pins]), .default, "cannot pin public keys on Linux"),
                (ServerTrust(certificateAuthorities: .file("/etc/ssl/private-ca.pem")), .default, "private CA"),
                (.system, NetworkPath(proxy: .proxy(try Proxy(url: "http://127.0.0.1:3128"))), "a proxy set in code"),
                (.system, NetworkPath(unixSocketPath: "/run/daemon.sock"), "Unix domain socket"),
            ]
            for (trust, path, phrase) in cases {
                let networking = Networking(
                    baseURL: HTTPBin.baseURL,
                    transport: URLSessionTransport(configuration: .ephemeral, networkPath: path, trust: trust))
                let result: Result<Data, NetworkingError> = await networking.get("/get")
                guard case .failure(let error) = result else { return XCTFail("\(phrase): the request was sent") }
                guard case .invalidRequest = error else { return XCTFail("\(phrase): got \(error)") }
                XCTAssertTrue(error.description.contains(phrase), error.description)
                XCTAssertTrue(error.description.hasPrefix("The request could not be built: URLSessionTransport cannot"))
                XCTAssertTrue(error.description.hasSuffix("."), error.description)
            }
        }
    }
#endif
