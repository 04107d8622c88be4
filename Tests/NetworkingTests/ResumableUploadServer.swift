import Foundation
import HarnessSupport
import XCTest

/// The resumable upload server (`Tests/Harness/resumable_upload_server.py`): the one
/// `with-httpbin.sh` started (`RESUMABLE_UPLOAD_BASE_URL`), or else one this test process starts
/// on first use (`HarnessServer`), which exits with the process.
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

    /// The server this test process started (through `HarnessServer`), kept for the life of the
    /// process.
    nonisolated(unsafe) private static var launched: HarnessServer?

    private static func launch() -> Result<ResumableUploadServer, Unavailable> {
        do {
            let server = try HarnessServer(script: "resumable_upload_server.py")
            launched = server
            guard let port = server.ports.last else {
                return .failure(Unavailable(description: "resumable_upload_server.py printed \(server.firstLine)"))
            }
            return .success(ResumableUploadServer(baseURL: "http://127.0.0.1:\(port)", port: port))
        } catch {
            return .failure(Unavailable(description: "\(error)"))
        }
    }
}
