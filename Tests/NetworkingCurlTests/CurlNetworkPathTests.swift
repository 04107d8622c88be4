#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Where connections go, against loopback servers: a host override (`--resolve`), a Unix
    /// domain socket, the local address connections are made from, the Happy Eyeballs delay, and
    /// settings that cannot be used.
    final class CurlNetworkPathTests: CurlIntegrationTestCase {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")

        private func transport(_ path: NetworkPath) throws -> CurlTransport {
            try CurlTransport(configuration: .init(networkPath: path))
        }

        private func echo(_ transport: CurlTransport, _ url: String) async throws -> AnyCodable {
            let exchange = try await transport.send(URLRequest(url: try XCTUnwrap(URL(string: url))))
            XCTAssertEqual(exchange.statusCode, 200, url)
            return try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
        }

        func testHostOverrideSendsANameToTheGivenAddress() async throws {
            let port = HTTPBin.port
            let override = try HostOverride(host: "api.test", port: port, addresses: ["127.0.0.1"])
            let transport = try transport(NetworkPath(proxy: .direct, hostOverrides: [override]))
            let echo = try await echo(transport, "http://api.test:\(port)/headers")
            XCTAssertEqual(echo["headers"]?["Host"]?.stringValue, "api.test:\(port)", "the server sees the name")
            let plain = try CurlTransport(configuration: .init(networkPath: NetworkPath(proxy: .direct)))
            let unresolved = URLRequest(url: try XCTUnwrap(URL(string: "http://api.test:\(port)/get")))
            do {
                _ = try await plain.send(unresolved)
                XCTFail("api.test resolved without the override")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .cannotFindHost)
            }
        }

        func testHostOverrideKeepsTheNameForTLS() async throws {
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: [
                    "python3", Self.fixtures.appendingPathComponent("tls_server.py").path, Self.fixtures.path,
                    "pinning-server-a.pem", "pinning-server-a.key",
                ])
            defer { server.stop() }
            let port = try XCTUnwrap(server.ports.first, server.firstLine)
            let transport = try CurlTransport(
                configuration: .init(
                    networkPath: NetworkPath(
                        proxy: .direct,
                        hostOverrides: [HostOverride(host: "api.test", port: port, addresses: ["127.0.0.1"])]),
                    trust: ServerTrust(
                        certificateAuthorities: .file(Self.fixtures.appendingPathComponent("pinning-ca.pem").path))))
            let echo = try await echo(transport, "https://api.test:\(port)/hello")
            XCTAssertEqual(echo["host"]?.stringValue, "api.test:\(port)", "certificate checked for api.test")
        }

        /// A connect to a Unix socket that fails names the socket, never the URL's host and port,
        /// which were not tried; a proxy is not used with a socket, so it is not blamed either.
        func testAFailedUnixSocketIsNamedInTheError() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "uds-\(UUID().uuidString.prefix(8))")
            let missing = directory.appendingPathComponent("missing.sock").path
            let unusedProxy = try Proxy(.http, host: "127.0.0.1", port: 9)
            let request = URLRequest(url: try XCTUnwrap(URL(string: "http://unix.test/_ping")))
            for proxy in [ProxyConfiguration.direct, .proxy(unusedProxy)] {
                let transport = try transport(NetworkPath(proxy: proxy, unixSocketPath: missing))
                do {
                    _ = try await transport.send(request)
                    XCTFail("a socket that does not exist answered")
                } catch {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, .cannotConnectToHost)
                    XCTAssertNil(error.failedProxy, "\(error)")
                    XCTAssertTrue(
                        error.description.hasSuffix(
                            "could not connect to the Unix socket \(missing): No such file or directory."),
                        error.description)
                    XCTAssertFalse(error.description.contains("unix.test"), error.description)
                }
            }
        }

        func testUnixSocketCarriesTheRequests() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "uds-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let socketPath = directory.appendingPathComponent("daemon.sock").path
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: ["python3", Self.fixtures.appendingPathComponent("unix_socket_server.py").path, socketPath])
            defer { server.stop() }
            XCTAssertEqual(server.firstLine.trimmingCharacters(in: .whitespacesAndNewlines), "ready")
            let transport = try transport(NetworkPath(proxy: .direct, unixSocketPath: socketPath))
            let echo = try await echo(transport, "http://docker/v1.43/containers/json")
            XCTAssertEqual(echo["socket"]?.stringValue, socketPath)
            XCTAssertEqual(echo["host"]?.stringValue, "docker")
            XCTAssertEqual(echo["path"]?.stringValue, "/v1.43/containers/json")
            let second = try await self.echo(transport, "http://docker/_ping")
            XCTAssertEqual(second["path"]?.stringValue, "/_ping")
        }

        func testLocalAddressIsThePeerTheServerSees() async throws {
            let transport = try transport(NetworkPath(proxy: .direct, localAddress: "127.0.0.2"))
            let echo = try await echo(transport, HTTPBin.baseURL + "/ip")
            XCTAssertEqual(echo["origin"]?.stringValue, "127.0.0.2")
            let unbound = try await self.echo(try self.transport(NetworkPath(proxy: .direct)), HTTPBin.baseURL + "/ip")
            XCTAssertEqual(unbound["origin"]?.stringValue, "127.0.0.1")
        }

        /// `api.test` resolves to `[::1]` first, where nothing answers (`StalledListener`), then to
        /// 127.0.0.1, where httpbin does: libcurl tries IPv6 alone for the Happy Eyeballs delay,
        /// then IPv4 beside it. A short delay reaches httpbin at once; a long one only once it has
        /// passed. (Bounds are loose: the suite also runs under ThreadSanitizer on busy machines.)
        func testHappyEyeballsDelayIsHowLongTheFirstAddressFamilyIsTriedAlone() async throws {
            let port = HTTPBin.port
            let stalled = try StalledListener(port: port)
            let override = try HostOverride(host: "api.test", port: port, addresses: ["::1", "127.0.0.1"])
            func elapsed(delay: TimeInterval) async throws -> Duration {
                let transport = try transport(
                    NetworkPath(proxy: .direct, hostOverrides: [override], happyEyeballsDelay: delay))
                let clock = ContinuousClock()
                let start = clock.now
                let echo = try await echo(transport, "http://api.test:\(port)/ip")
                let took = clock.now - start
                XCTAssertEqual(echo["origin"]?.stringValue, "127.0.0.1", "with a \(delay) s delay, over IPv4")
                return took
            }
            let short = try await elapsed(delay: 0.05)
            let long = try await elapsed(delay: 1.5)
            withExtendedLifetime(stalled) {}
            XCTAssertGreaterThanOrEqual(long, .milliseconds(1200), "IPv6 was tried alone for the 1.5 s delay")
            XCTAssertLessThan(short, .milliseconds(900), "IPv4 was tried after 50 ms, not \(short)")
            XCTAssertLessThan(short + .milliseconds(500), long, "short: \(short), long: \(long)")
        }

        func testUnusableSettingsFailEveryRequestWithASentence() async throws {
            let paths = [
                NetworkPath(unixSocketPath: "/tmp/" + String(repeating: "s", count: 120)),
                NetworkPath(localAddress: "127.0.0.2\r\nX-Injected: 1"),
                NetworkPath(happyEyeballsDelay: -1),
            ]
            for path in paths {
                let transport = try transport(path)
                do {
                    _ = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
                    XCTFail("\(path) was used")
                } catch {
                    guard case .invalidRequest = error else { return XCTFail("got \(error)") }
                    XCTAssertTrue(
                        error.description.hasPrefix("The request could not be built: The "), error.description)
                    XCTAssertTrue(error.description.hasSuffix("."), error.description)
                }
            }
        }
    }
#endif
