#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import XCTest

    @testable import NetworkingCurl

    /// An `https` page that redirects to `http` is not followed by default, and nothing (least of all
    /// a credential or a cookie) goes out on the refused hop. Over TLS on `CurlTransport`:
    /// URLSession on Linux trusts only the system's CAs, so a test server cannot be reached with it;
    /// the pipeline follows redirects for both transports alike, by the policy `SecurityTests`
    /// checks on its own.
    final class DowngradeRedirectTests: XCTestCase {
        func testAnHTTPSToHTTPRedirectIsRefusedAndSendsNothingOverCurl() async throws {
            try await assertDowngradeRefused(
                over: try CurlTransport(configuration: .init(caCertificateFile: PoolServer.caFile)))
        }

        private func assertDowngradeRefused(over transport: any HTTPTransport) async throws {
            let secure = try PoolServer(tls: true)
            let plain = try PoolServer()
            let target = try plain.url("/landing").absoluteString
            let escaped = try XCTUnwrap(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let networking = Networking(baseURL: "https://127.0.0.1:\(secure.ports[0])", transport: transport)
            await networking.setLogLevel(.none)
            await networking.setHeaderFields(["Authorization": "Bearer planted-token", "Cookie": "session=planted"])
            let result: Result<Data, NetworkingError> = await networking.get("/redirect?to=\(escaped)")
            guard case .failure(.transport(let error)) = result else { return XCTFail("followed: \(result)") }
            XCTAssertEqual(error.code, .appTransportSecurityRequiresSecureConnection)
            let secureStats = try await secure.stats()
            XCTAssertEqual(
                secureStats.headers.first?["authorization"], "Bearer planted-token", "sent to its own origin")
            let plainStats = try await plain.stats()
            XCTAssertEqual(plainStats.accepted, 0, "the refused hop opened a connection")
            XCTAssertEqual(plainStats.paths, [])
        }
    }
#endif
