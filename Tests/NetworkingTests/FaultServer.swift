import Foundation
import HarnessSupport
import Synchronization
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The fault-injection server (`Tests/Harness/fault_server.py`), started by a test's `setUp` and
/// stopped by its `tearDown`, through `HarnessServer` (which also ties its life to the test
/// process's).
///
/// The server listens on three loopback ports picked by the kernel (`port`, `otherPort` as
/// "another origin", and `tlsPort`: the main routes over TLS with the fixture certificate, ALPN
/// http/1.1 only) and reports them on its first line of output.
final class FaultServer {
    /// The main port.
    let port: Int
    /// A second port of the same server: another origin for redirect tests.
    let otherPort: Int
    /// The main routes over TLS (HTTP/1.1 only), with the certificate `caFile` signed.
    let tlsPort: Int
    private let server: HarnessServer

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// `http://127.0.0.1:<otherPort>`.
    var otherBaseURL: String { "http://127.0.0.1:\(otherPort)" }
    /// `https://127.0.0.1:<tlsPort>`.
    var tlsBaseURL: String { "https://127.0.0.1:\(tlsPort)" }
    /// The CA that signed the TLS port's certificate (`Tests/NetworkingCurlTests/Fixtures/ca.pem`).
    var caFile: String { Self.fixtures.appendingPathComponent("ca.pem").path }

    /// The TLS fixtures the TLS port serves (`Tests/NetworkingCurlTests/Fixtures`).
    static var fixtures: URL { HarnessServer.root.appendingPathComponent("Tests/NetworkingCurlTests/Fixtures") }

    /// Starts a server and waits (at most 20 s) for it to report its ports.
    init() throws {
        server = try HarnessServer(
            script: "fault_server.py",
            arguments: [
                "--tls", Self.fixtures.appendingPathComponent("server.pem").path,
                Self.fixtures.appendingPathComponent("server.key").path,
            ], timeout: 20)
        struct Ports: Decodable {
            let port: Int
            let otherPort: Int
            let tlsPort: Int

            enum CodingKeys: String, CodingKey {
                case port
                case otherPort = "other_port"
                case tlsPort = "tls_port"
            }
        }
        let ports = try server.info(Ports.self)
        port = ports.port
        otherPort = ports.otherPort
        tlsPort = ports.tlsPort
    }

    /// Stops the server (see `HarnessServer.stop()`).
    func stop() { server.stop() }

    // MARK: Control endpoints

    /// The headers the server recorded under `id` (`/redirect` and `/record` hops), in order.
    func recorded(_ id: String) async throws -> [RecordedHop] {
        try JSONDecoder().decode([RecordedHop].self, from: try await control("/control/recorded?id=\(id)"))
    }

    /// How many requests the server counted under `id`.
    func count(_ id: String) async throws -> Int {
        struct Count: Decodable { let count: Int }
        return try JSONDecoder().decode(Count.self, from: try await control("/control/count?id=\(id)")).count
    }

    /// Every request line the server received (but the control ones), in order.
    func requestLines() async throws -> [String] {
        try JSONDecoder().decode([String].self, from: try await control("/control/request-lines"))
    }

    /// How many connections the server has open now, not counting the one asking.
    func openConnections() async throws -> Int {
        struct Count: Decodable { let count: Int }
        return try JSONDecoder().decode(Count.self, from: try await control("/control/open-connections")).count
    }

    /// GET on the control endpoints over a socket of its own (not through any URLSession, so
    /// that asking never touches the connection pool under test), closed before returning.
    private func control(_ target: String) async throws -> Data {
        let port = self.port
        return try await Task.detached { try RawHTTP.get(port: port, target: target) }.value
    }

    /// One hop the server recorded.
    struct RecordedHop: Decodable {
        let port: Int
        let path: String
        let headers: [[String]]

        /// The value of header `name` (case-insensitive), if it arrived.
        func value(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }
}

/// A minimal blocking HTTP/1.0 GET over a POSIX socket, for the fault server's control endpoints.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func get(port: Int, target: String) throws -> Data {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port) failed: \(errno)") }
        let request = Array("GET \(target) HTTP/1.0\r\nConnection: close\r\n\r\n".utf8)
        guard write(descriptor, request, request.count) == request.count else {
            throw Failure(description: "write failed")
        }
        var response = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            response += chunk[0..<count]
        }
        guard let split = Data(response).range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no response from the control endpoint \(target)")
        }
        return Data(response)[split.upperBound...]
    }
}

/// The process's open file descriptors (`/proc/self/fd`), each with what it points at
/// (`socket:[123]`, `pipe:[456]`, a path…).
///
/// Measured on Linux: a `URLSession` holds a socket pair (libcurl's multi handle) for its whole
/// life plus one socket per pooled connection, and closes them all once it is invalidated and
/// released. The first session of a process also makes libdispatch create its `eventpoll`,
/// `eventfd` and `timerfd` descriptors, which stay for the life of the process (as do those of
/// Foundation's run loops, which come and go with threads): `anon_inode` descriptors are
/// therefore left out, and what is compared is every socket, pipe and file.
struct OpenFileDescriptors: Equatable, CustomStringConvertible {
    let targets: [Int32: String]

    /// The descriptors open now (the one used to list the directory, and `anon_inode`s, excluded).
    static func current() -> OpenFileDescriptors {
        var targets: [Int32: String] = [:]
        guard let directory = opendir("/proc/self/fd") else { return OpenFileDescriptors(targets: [:]) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name), descriptor != own else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/fd/\(name)", &buffer, buffer.count - 1)
            let target =
                length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            if !target.hasPrefix("anon_inode:") { targets[descriptor] = target }
        }
        closedir(directory)
        return OpenFileDescriptors(targets: targets)
    }

    var count: Int { targets.count }

    /// The descriptors open here and not in `other` (or open there on something else).
    func added(since other: OpenFileDescriptors) -> [Int32: String] {
        targets.filter { other.targets[$0.key] != $0.value }
    }

    var description: String {
        targets.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")
    }
}

/// Runs `operation` and returns its value, or `nil` if it has not finished within `seconds`
/// (it is then cancelled and abandoned: a hang fails the test instead of stalling the suite).
func withWatchdog<T: Sendable>(
    seconds: Double, _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let race = WatchdogRace<T>()
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        race.arm(continuation)
        let work = Task {
            let value = await operation()
            race.finish(value)
        }
        race.setTimer(
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                if race.finish(nil) { work.cancel() }
            })
    }
    race.cancelTimer()
    return value
}

/// The state `withWatchdog` shares between the operation and its timer: whichever finishes first
/// resumes the caller.
private final class WatchdogRace<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T?, Never>?>(nil)
    private let timer = Mutex<Task<Void, Never>?>(nil)

    func arm(_ continuation: CheckedContinuation<T?, Never>) { self.continuation.withLock { $0 = continuation } }

    func setTimer(_ task: Task<Void, Never>) { timer.withLock { $0 = task } }

    func cancelTimer() { timer.withLock { $0 }?.cancel() }

    /// Resumes the caller with `value` if nobody has yet; `true` if this call did.
    @discardableResult
    func finish(_ value: T?) -> Bool {
        guard let waiting = continuation.withLock({ $0.take() }) else { return false }
        waiting.resume(returning: value)
        return true
    }
}
