import Foundation
import HarnessSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP/2 chaos server of the soak's HTTP/2 mode (`Tests/Harness/h2_chaos_server.py`), started
/// by `HarnessServer` with the harness venv's python and the arguments in `H2_CHAOS_ARGS` (such as
/// `--faults slow`, split at spaces); it exits when this process does.
final class H2ChaosServer {
    /// HTTP/2 over TLS (ALPN h2), with a certificate `caFile` vouches for.
    let tlsPort: Int
    /// Plain HTTP/1.0: `/_faults`.
    let controlPort: Int
    /// The CA of the certificate of `tlsPort`.
    let caFile: String
    private let server: HarnessServer

    /// Why the server could not be started.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private struct Info: Decodable {
        let tlsPort: Int
        let controlPort: Int
        let caFile: String

        enum CodingKeys: String, CodingKey {
            case tlsPort = "tls_port"
            case controlPort = "control_port"
            case caFile = "ca_file"
        }
    }

    init() throws {
        let extra = ProcessInfo.processInfo.environment["H2_CHAOS_ARGS"] ?? ""
        do {
            server = try HarnessServer(
                script: "h2_chaos_server.py", arguments: extra.split(separator: " ").map(String.init),
                python: .harnessVenv, timeout: 60)
            let info = try server.info(Info.self)
            tlsPort = info.tlsPort
            controlPort = info.controlPort
            caFile = info.caFile
        } catch {
            throw Unavailable(description: "\(error)")
        }
    }

    /// `https://127.0.0.1:<tlsPort>`.
    var baseURL: String { "https://127.0.0.1:\(tlsPort)" }

    /// How many times the server did each thing (`/_faults`), or why it could not be asked.
    func faults() -> Result<[String: Int], Unavailable> {
        guard let body = Self.get(port: controlPort, target: "/_faults") else {
            return .failure(Unavailable(description: "the control port \(controlPort) did not answer"))
        }
        guard let counts = try? JSONDecoder().decode([String: Int].self, from: body) else {
            let text = String(decoding: body, as: UTF8.self)
            return .failure(Unavailable(description: "the control port answered \(text)"))
        }
        return .success(counts)
    }

    /// Ends the server (see `HarnessServer.stop()`).
    func stop() { server.stop() }

    /// The body of `GET target` from the HTTP/1.0 server on loopback `port`, read until it closes.
    private static func get(port: Int, target: String) -> Data? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { return nil }
        let request = Array("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, 0) == request.count else { return nil }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let end = response.indices.first(where: { response[$0...].starts(with: separator) }) else { return nil }
        return Data(response[(end + 4)...])
    }
}
