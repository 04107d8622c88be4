import Foundation
import Networking
import XCTest

/// The session the HAR tests export and replay: a GET with a query, a POST of JSON, a 404 and a
/// binary body, each result reduced to a line that compares equal only when the status and the
/// body are the same.
enum HARSession {
    struct Person: Codable, Sendable {
        let name: String
        let born: Int
    }

    /// The query of the first request.
    static let query = [URLQueryItem(name: "x", value: "1"), URLQueryItem(name: "city", value: "Zürich")]

    /// Runs the session through `networking`.
    static func run(_ networking: Networking) async -> [String] {
        func line(_ result: Result<Data, NetworkingError>) -> String {
            switch result {
            case .success(let data): return "ok \(data.base64EncodedString())"
            case .failure(.http(let error)):
                return "http \(error.statusCode) \(error.metadata.body.base64EncodedString())"
            case .failure(let error): return "error \(error)"
            }
        }
        var lines: [String] = []
        lines.append(line(await networking.get("/get", query: query)))
        lines.append(line(await networking.post("/post", body: Person(name: "Ada", born: 1815))))
        lines.append(line(await networking.get("/status/404")))
        lines.append(line(await networking.get("/bytes/64", query: [URLQueryItem(name: "seed", value: "7")])))
        return lines
    }

    /// The base URL of the local httpbin (`HTTPBIN_BASE_URL`).
    static let httpbin = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"

    /// Fails the test with a clear message when httpbin is not reachable.
    static func requireHTTPBin(file: StaticString = #filePath, line: UInt = #line) async throws {
        let probe = Networking(baseURL: httpbin)
        let result: Result<Void, NetworkingError> = await probe.get("/get")
        if case .failure(let error) = result {
            XCTFail(
                "httpbin is not reachable at \(httpbin) (\(error)); start it and set HTTPBIN_BASE_URL", file: file,
                line: line)
            throw error
        }
    }

    /// A new empty folder under the temporary directory.
    static func makeFolder() throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("networking-har-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
