import Foundation
import NetworkingTesting

/// haralyzer, a Python HAR reader independent of the library, run on a file through
/// `Tests/Harness/har_summary.py` with the harness venv's python (`HTTPBIN_VENV`, else
/// `.build/harness-venv` of this package, where `Tests/Harness/httpbin.sh start` installs it from
/// `httpbin-requirements.txt`).
enum HARalyzer {
    /// What haralyzer read: the log's version and creator, and each entry as it sees it.
    struct Summary: Decodable {
        let version: String
        let creator: HARDocument.Creator
        let entries: [Entry]
    }

    /// One entry as haralyzer sees it (see `har_summary.py`).
    struct Entry: Decodable {
        let method: String
        let url: String
        let status: Int
        let statusText: String
        let httpVersion: String
        let startTime: String?
        let time: Double
        let timings: [String: Double]
        let queryString: [HARDocument.NameValue]
        let requestHeaders: [HARDocument.NameValue]
        let requestCookies: [HARDocument.Cookie]
        let requestMimeType: String?
        let requestText: String?
        let requestBodySize: Int
        let responseHeaders: [HARDocument.NameValue]
        let responseCookies: [HARDocument.Cookie]?
        let mimeType: String
        let contentSize: Int
        let text: String?
        let textEncoding: String?
        let bodySize: Int
        let redirectURL: String?

        /// The value of the request field `name`, compared case-insensitively.
        func requestHeader(_ name: String) -> String? {
            requestHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The value of the response field `name`, compared case-insensitively.
        func responseHeader(_ name: String) -> String? {
            responseHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// Why haralyzer gave no summary.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The harness venv's python.
    static var python: URL {
        let venv =
            ProcessInfo.processInfo.environment["HTTPBIN_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? root.appendingPathComponent(".build/harness-venv").path
        return URL(fileURLWithPath: venv).appendingPathComponent("bin/python")
    }

    /// haralyzer's reading of the HAR file at `file`; fails saying how to get haralyzer when it is
    /// missing. Runs the script on a thread of its own, off the concurrency pool.
    static func summary(of file: URL) async throws -> Summary {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(file) })
            }
        }
    }

    private static func run(_ file: URL) throws -> Summary {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Failure(
                description: "no \(python.path): run Tests/Harness/httpbin.sh start (or make test) to create the "
                    + "harness venv with haralyzer in it")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("Tests/Harness/har_summary.py").path, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = ErrorText(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = errorText.wait()
        switch process.terminationStatus {
        case 0: break
        case 3: throw Failure(description: "haralyzer is missing: \(message)")
        default: throw Failure(description: "har_summary.py failed (\(process.terminationStatus)): \(message)")
        }
        do {
            return try JSONDecoder().decode(Summary.self, from: data)
        } catch {
            throw Failure(description: "har_summary.py printed what is not a summary (\(error)): \(message)")
        }
    }

    /// Standard error read to its end on a thread of its own, so that neither pipe fills while the
    /// other is read.
    private final class ErrorText: @unchecked Sendable {
        // `text` is written by the reading thread before it signals `done`, and read after `wait`.
        private var text = ""
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
                done.signal()
            }
        }

        func wait() -> String {
            done.wait()
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
