import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The resumable upload server (`Tests/Harness/resumable_upload_server.py`): the one
/// `with-httpbin.sh` started (`RESUMABLE_UPLOAD_BASE_URL`), or else one this test process starts
/// on first use, which exits with the process.
struct ResumableUploadServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    let port: Int

    /// What the server stored for one key (see the script's `GET /_control/<key>`).
    struct Report: Decodable, Sendable {
        struct Upload: Decodable, Sendable {
            let id: String
            let interop: Int
            let offset: Int64
            let length: Int64?
            let complete: Bool
            let deleted: Bool
            let bytes: Int64
            let sha256: String?
        }
        struct Plain: Decodable, Sendable {
            let bytes: Int64
            let sha256: String
        }
        /// Body bytes read for the key, in all requests.
        let received: Int64
        /// The requests, in order: "POST", "HEAD <offset>", "PATCH <offset>", "DELETE".
        let requests: [String]
        let uploads: [Upload]
        /// Uploads the server took as plain ones.
        let plain: [Plain]
    }

    /// What the server stored under `key`.
    func report(_ key: String) async throws -> Report {
        let port = port
        let data = try await Task.detached { try RawHTTP.get(port: port, target: "/_control/\(key)") }.value
        return try JSONDecoder().decode(Report.self, from: data)
    }

    /// Why no server could be used.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The server of this run; throws `Unavailable` when there is none and none could be started.
    static func shared() throws -> ResumableUploadServer {
        switch started {
        case .success(let server): return server
        case .failure(let failure): throw failure
        }
    }

    private static let started: Result<ResumableUploadServer, Unavailable> = {
        if let url = ProcessInfo.processInfo.environment["RESUMABLE_UPLOAD_BASE_URL"], !url.isEmpty {
            guard let port = URL(string: url)?.port else {
                return .failure(Unavailable(description: "RESUMABLE_UPLOAD_BASE_URL (\(url)) has no port"))
            }
            return .success(ResumableUploadServer(baseURL: url, port: port))
        }
        return launch()
    }()

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The process this test process started, kept for the life of the process.
    nonisolated(unsafe) private static var launched: Process?

    private static func launch() -> Result<ResumableUploadServer, Unavailable> {
        let script = root.appendingPathComponent("Tests/Harness/resumable_upload_server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // `--parent`: the server exits once this process is gone, however it ends.
        process.arguments = ["python3", script, "--parent", String(getpid())]
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            return .failure(Unavailable(description: "\(script) could not be started: \(error)"))
        }
        launched = process
        var line = [UInt8]()
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") {
                let text = String(decoding: line, as: UTF8.self)
                guard let port = text.split(separator: " ").last.flatMap({ Int($0) }) else { break }
                return .success(ResumableUploadServer(baseURL: "http://127.0.0.1:\(port)", port: port))
            }
            line.append(byte)
        }
        return .failure(
            Unavailable(description: "\(script) did not report its port: \(String(decoding: line, as: UTF8.self))"))
    }
}
