import Foundation
import HarnessSupport
import XCTest

/// The misbehaving HTTP/2 server (`Tests/Harness/h2_fault_server.py`): the one `with-httpbin.sh`
/// started (its JSON line in the file `H2_FAULT_INFO`), or else one this test process starts on
/// first use with the harness venv's python (`HarnessServer`), which exits with the process.
struct H2FaultServer: Decodable, Sendable {
    /// HTTP/2 over TLS (ALPN h2), with a certificate `caFile` vouches for.
    let tlsPort: Int
    /// HTTP/2 with prior knowledge.
    let cleartextPort: Int
    /// Plain HTTP/1.0: `/_count`.
    let controlPort: Int
    /// The CA of the certificate of `tlsPort`, `expiredPort` and `wrongHostPort`.
    let caFile: String
    /// TLS servers with an expired certificate, one for another host, and a self-signed one;
    /// `nil` when the server could not make them (no `openssl`).
    let expiredPort: Int?
    let wrongHostPort: Int?
    let selfSignedPort: Int?
    /// A TLS server that offers only TLS 1.0 and 1.1; `nil` when the local OpenSSL cannot.
    let oldTLSPort: Int?
    /// A TLS server that offers only http/1.1 over ALPN and speaks HTTP/1.1.
    let alpnHTTP1Port: Int?
    /// A TLS server that selects h2 over ALPN, then speaks HTTP/1.1.
    let alpnH2HTTP1Port: Int?

    enum CodingKeys: String, CodingKey {
        case tlsPort = "tls_port"
        case cleartextPort = "cleartext_port"
        case controlPort = "control_port"
        case caFile = "ca_file"
        case expiredPort = "expired_port"
        case wrongHostPort = "wrong_host_port"
        case selfSignedPort = "self_signed_port"
        case oldTLSPort = "old_tls_port"
        case alpnHTTP1Port = "alpn_http1_port"
        case alpnH2HTTP1Port = "alpn_h2_http1_port"
    }

    /// `https://127.0.0.1:<tlsPort>`.
    var secureBaseURL: String { "https://127.0.0.1:\(tlsPort)" }
    /// `http://127.0.0.1:<cleartextPort>`.
    var cleartextBaseURL: String { "http://127.0.0.1:\(cleartextPort)" }

    /// What the server counted: requests received and processed (answered).
    struct Count: Decodable, Sendable {
        let received: Int
        let processed: Int
        /// Each ID's own count, when asked by prefix.
        let ids: [String: Count]?
    }

    /// What the server counted under `id`.
    func count(id: String) async throws -> Count {
        try await control("/_count?id=\(id)")
    }

    /// What the server counted under every ID starting with `prefix`, summed and one by one.
    func count(prefix: String) async throws -> Count {
        try await control("/_count?prefix=\(prefix)")
    }

    private func control(_ target: String) async throws -> Count {
        let port = controlPort
        let data = try await Task.detached { try RawHTTP.get(port: port, target: target) }.value
        return try JSONDecoder().decode(Count.self, from: data)
    }

    /// Why no server could be used.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The server of this run; throws `Unavailable` when there is none and none could be started.
    static func shared() throws -> H2FaultServer {
        switch started {
        case .success(let server): return server
        case .failure(let failure): throw failure
        }
    }

    private static let started: Result<H2FaultServer, Unavailable> = {
        let environment = ProcessInfo.processInfo.environment
        if let file = environment["H2_FAULT_INFO"], !file.isEmpty {
            guard let data = FileManager.default.contents(atPath: file) else {
                return .failure(Unavailable(description: "H2_FAULT_INFO names \(file), which cannot be read"))
            }
            return decode(data)
        }
        return launch()
    }()

    /// The server this test process started (through `HarnessServer`), kept for the life of the
    /// process.
    nonisolated(unsafe) private static var launched: HarnessServer?

    private static func launch() -> Result<H2FaultServer, Unavailable> {
        do {
            let server = try HarnessServer(script: "h2_fault_server.py", python: .harnessVenv)
            launched = server
            return decode(Data(server.firstLine.utf8))
        } catch {
            return .failure(Unavailable(description: "\(error)"))
        }
    }

    private static func decode(_ data: Data) -> Result<H2FaultServer, Unavailable> {
        do {
            return .success(try JSONDecoder().decode(H2FaultServer.self, from: data))
        } catch {
            return .failure(
                Unavailable(
                    description: "the HTTP/2 fault server's info (\(String(decoding: data, as: UTF8.self))): \(error)"))
        }
    }
}
