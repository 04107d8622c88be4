#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// `ServerTrust` against the TLS fixture: a private CA in place of the system store, SPKI pins
    /// per host with a backup key (the server rotates from key a to key b), a mismatch as a typed
    /// error naming the host, and report-only pinning. The server's certificates are issued by
    /// `pinning-ca.pem` for `localhost`, `api.test` and `127.0.0.1`.
    final class CurlPinningTests: XCTestCase {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        private static let pinA = "sha256//UIXULRnfq+IR/Xk01vP7ut2C+dgUYVBlv8jEJ+fPPTM="
        private static let pinB = "aoH/ISXg46CHudbYJIL+K/E2FO4Lj6eACZC/JRncXV8="
        private static let wrongPin = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        private static let ca = fixtures.appendingPathComponent("pinning-ca.pem").path

        /// Starts the server with key pair `key` (`a` or `b`); returns it and its port.
        private func startServer(key: String) throws -> (FixtureServer, Int) {
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: [
                    "python3", Self.fixtures.appendingPathComponent("tls_server.py").path, Self.fixtures.path,
                    "pinning-server-\(key).pem", "pinning-server-\(key).key",
                ])
            guard let port = server.ports.first else {
                throw FixtureServer.DidNotStart(server: "TLS test server", output: server.firstLine)
            }
            return (server, port)
        }

        private func transport(_ trust: ServerTrust) throws -> CurlTransport {
            try CurlTransport(configuration: .init(networkPath: NetworkPath(proxy: .direct), trust: trust))
        }

        private func get(_ transport: CurlTransport, host: String = "127.0.0.1", port: Int)
            async throws(NetworkingError)
            -> HTTPExchange
        {
            guard let url = URL(string: "https://\(host):\(port)/hello") else { throw .invalidResponse }
            return try await transport.send(URLRequest(url: url))
        }

        private func pins(_ host: String, _ digests: [String]) throws -> [PublicKeyPins] {
            [try PublicKeyPins(host: host, sha256: digests)]
        }

        func testPrivateCAReplacesTheSystemStore() async throws {
            let (server, port) = try startServer(key: "a")
            defer { server.stop() }
            let trusted = try await get(transport(ServerTrust(certificateAuthorities: .file(Self.ca))), port: port)
            XCTAssertEqual(trusted.statusCode, 200)
            let otherCA = Self.fixtures.appendingPathComponent("other-ca.pem").path
            for trust in [ServerTrust(certificateAuthorities: .file(otherCA)), ServerTrust.system] {
                let transport = try transport(trust)
                do {
                    _ = try await get(transport, port: port)
                    XCTFail("a server from another CA was trusted under \(trust)")
                } catch {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, .serverCertificateUntrusted)
                }
            }
        }

        func testBackupPinKeepsWorkingAfterTheKeyRotates() async throws {
            let trust = ServerTrust(
                certificateAuthorities: .file(Self.ca), pins: try pins("127.0.0.1", [Self.pinA, Self.pinB]))
            let transport = try transport(trust)
            let onlyA = try self.transport(
                ServerTrust(certificateAuthorities: .file(Self.ca), pins: try pins("127.0.0.1", [Self.pinA])))
            let (first, firstPort) = try startServer(key: "a")
            let before = try await get(transport, port: firstPort)
            XCTAssertEqual(before.statusCode, 200)
            XCTAssertNil(before.metrics?.pinMismatch)
            first.stop()
            let (second, port) = try startServer(key: "b")
            defer { second.stop() }
            let after = try await get(transport, port: port)
            XCTAssertEqual(after.statusCode, 200, "the backup pin matches the new key")
            do {
                _ = try await get(onlyA, port: port)
                XCTFail("a key matching no pin was accepted")
            } catch {
                XCTAssertEqual(error.pinnedKeyMismatchHost, "127.0.0.1")
            }
        }

        func testPinMismatchIsATypedErrorNamingTheHost() async throws {
            let (server, port) = try startServer(key: "a")
            defer { server.stop() }
            let trust = ServerTrust(
                certificateAuthorities: .file(Self.ca), pins: try pins("localhost", [Self.wrongPin]))
            let transport = try transport(trust)
            do {
                _ = try await get(transport, host: "localhost", port: port)
                XCTFail("a key matching no pin was accepted")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .serverCertificateUntrusted)
                XCTAssertEqual(error.pinnedKeyMismatchHost, "localhost")
                XCTAssertEqual(
                    error.description,
                    "The secure connection to localhost failed: the public key of the certificate of localhost did "
                        + "not match any key pinned for it.")
            }
            let unpinnedHost = try await get(transport, host: "127.0.0.1", port: port)
            XCTAssertEqual(unpinnedHost.statusCode, 200, "pins apply to their host only")
        }

        func testReportOnlyLetsTheRequestThroughAndSaysSo() async throws {
            let (server, port) = try startServer(key: "b")
            defer { server.stop() }
            let trust = ServerTrust(
                certificateAuthorities: .file(Self.ca), pins: try pins("*.test", [Self.pinA]), enforcement: .reportOnly)
            let transport = try CurlTransport(
                configuration: .init(
                    networkPath: NetworkPath(
                        proxy: .direct,
                        hostOverrides: [HostOverride(host: "api.test", port: port, addresses: ["127.0.0.1"])]),
                    trust: trust))
            for _ in 0..<2 {
                let exchange = try await get(transport, host: "api.test", port: port)
                XCTAssertEqual(exchange.statusCode, 200)
                XCTAssertEqual(exchange.metrics?.pinMismatch, "api.test")
            }
            let matching = try CurlTransport(
                configuration: .init(
                    networkPath: transport.configuration.networkPath,
                    trust: ServerTrust(
                        certificateAuthorities: .file(Self.ca), pins: try pins("*.test", [Self.pinB]),
                        enforcement: .reportOnly)))
            let exchange = try await get(matching, host: "api.test", port: port)
            XCTAssertNil(exchange.metrics?.pinMismatch, "a matching key is not reported")
            let otherCA = Self.fixtures.appendingPathComponent("other-ca.pem").path
            var untrusted = trust
            untrusted.certificateAuthorities = .file(otherCA)
            let reportOnlyUntrusted = try CurlTransport(
                configuration: .init(networkPath: transport.configuration.networkPath, trust: untrusted))
            do {
                _ = try await get(reportOnlyUntrusted, host: "api.test", port: port)
                XCTFail("report-only pinning let an untrusted chain through")
            } catch {
                XCTAssertNil(error.pinnedKeyMismatchHost)
            }
        }
    }
#endif
