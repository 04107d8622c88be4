#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// TLS against a loopback server whose certificate comes from a private CA
    /// (`Fixtures/`): trust through `caCertificateFile`, public-key pinning, and the errors for an
    /// untrusted certificate and a wrong pin.
    final class CurlTLSTests: XCTestCase {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        private static let serverPin = "sha256//ENSehQbl1gu0i2aPP4e1eS5SUFHIqWTnfCNIxwHbLGQ="
        private var server: FixtureServer?
        private var baseURL = ""

        override func setUp() async throws {
            try await super.setUp()
            let server = try FixtureServer(
                executable: "/usr/bin/env",
                arguments: ["python3", Self.fixtures.appendingPathComponent("tls_server.py").path, Self.fixtures.path])
            self.server = server
            guard let port = server.ports.first else {
                throw FixtureServer.DidNotStart(
                    server: "TLS test server (python3 Fixtures/tls_server.py)", output: server.firstLine)
            }
            baseURL = "https://127.0.0.1:\(port)"
        }

        override func tearDown() async throws {
            server?.stop()
            try await super.tearDown()
        }

        private func request(_ path: String = "/hello", host: String? = nil) -> URLRequest {
            let base = host.map { baseURL.replacingOccurrences(of: "127.0.0.1", with: $0) } ?? baseURL
            guard let url = URL(string: base + path) else { preconditionFailure("bad URL") }
            return URLRequest(url: url)
        }

        func testPrivateCAIsTrustedWhenConfigured() async throws {
            let transport = try CurlTransport(
                configuration: .init(caCertificateFile: Self.fixtures.appendingPathComponent("ca.pem").path))
            let exchange = try await transport.send(request())
            XCTAssertEqual(exchange.statusCode, 200)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
            XCTAssertEqual(echo["tls"]?.stringValue?.hasPrefix("TLSv1."), true)
            let metrics = try XCTUnwrap(exchange.metrics)
            XCTAssertNotNil(metrics.secureConnection, "the TLS handshake is measured")
            XCTAssertEqual(metrics.networkProtocol, "http/1.1")
            let byName = try await transport.send(request(host: "localhost"))
            XCTAssertEqual(byName.statusCode, 200)
        }

        func testSystemStoreRejectsThePrivateCA() async throws {
            let transport = try CurlTransport()
            do {
                _ = try await transport.send(request())
                XCTFail("a certificate from an unknown CA was accepted")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .serverCertificateUntrusted)
            }
        }

        func testPinnedKeyMustMatch() async throws {
            let ca = Self.fixtures.appendingPathComponent("ca.pem").path
            let pinned = try CurlTransport(configuration: .init(caCertificateFile: ca, pinnedPublicKey: Self.serverPin))
            let exchange = try await pinned.send(request())
            XCTAssertEqual(exchange.statusCode, 200)
            let wrongPin = "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
            let mismatched = try CurlTransport(configuration: .init(caCertificateFile: ca, pinnedPublicKey: wrongPin))
            do {
                _ = try await mismatched.send(request())
                XCTFail("a server with another key was accepted")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .serverCertificateUntrusted)
                XCTAssertEqual((urlError as NSError).userInfo[CurlTransport.curlCodeKey] as? Int, 90)
            }
        }

        func testConnectionIsReusedOverTLS() async throws {
            let transport = try CurlTransport(
                configuration: .init(caCertificateFile: Self.fixtures.appendingPathComponent("ca.pem").path))
            let first = try await transport.send(request())
            let second = try await transport.send(request())
            XCTAssertEqual(first.metrics?.isReusedConnection, false)
            XCTAssertEqual(second.metrics?.isReusedConnection, true)
            XCTAssertNil(second.metrics?.secureConnection, "no new handshake on a reused connection")
        }
    }
#endif
