import Foundation
import HarnessSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The local server for the real share: nginx if installed, else the Python fault server (started
/// by `HarnessServer`).
final class LocalServer {
    let baseURL: String
    let paths: (ok: String, garbage: String, unavailable: String, dropped: String, auth: String)
    private let process: Process?
    private let harnessServer: HarnessServer?
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if let nginx {
            let port = try Self.freePort()
            let config = directory.appendingPathComponent("nginx.conf")
            try Self.nginxConfig(port: port, directory: directory).write(to: config, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: nginx)
            process.arguments = ["-c", config.path, "-p", directory.path, "-e", directory.path + "/error.log"]
            baseURL = "http://127.0.0.1:\(port)"
            paths = ("/ok", "/garbage", "/unavailable", "/dropped", "/auth")
        } else {
            let server = try HarnessServer(script: "fault_server.py", timeout: 10)
            struct Ports: Decodable { let port: Int }
            baseURL = "http://127.0.0.1:\(try server.info(Ports.self).port)"
            paths = ("/ok", "/garbage-json", "/status?code=503&retry_after=0", "/close-before-headers", "/record")
            self.process = nil
            harnessServer = server
            return
        }
        self.process = process
        harnessServer = nil
        try process.run()
        for _ in 0..<100 where !Self.accepts(baseURL) { usleep(50_000) }
    }

    /// Whether something accepts connections at `baseURL`'s port.
    private static func accepts(_ baseURL: String) -> Bool {
        guard let port = URLComponents(string: baseURL)?.port else { return false }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    var name: String { process == nil ? "fault_server.py" : "nginx" }

    func stop() {
        harnessServer?.stop()
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw URLError(.cannotConnectToHost) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func nginxConfig(port: Int, directory: URL) -> String {
        let path = directory.path
        return """
            daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                keepalive_requests 1000000;
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port);
                    location = /ok { return 200 '{"ok":true}'; }
                    location = /garbage { return 200 '<html>not json</html>'; }
                    location = /unavailable { add_header Retry-After 0 always; return 503 '{"error":"busy"}'; }
                    location = /dropped { return 444; }
                    location = /auth {
                        if ($http_authorization !~ "^Bearer fresh-") { return 401 '{"error":"expired"}'; }
                        return 200 '{"ok":true}';
                    }
                }
            }
            """
    }
}
