import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the transfer tests find their servers and helpers.
enum TransferTestEnvironment {
    /// The httpbin the integration tests use (`HTTPBIN_BASE_URL`, default `http://127.0.0.1:8080`).
    static var httpbinBaseURL: String {
        ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
    }

    /// The repository's root directory.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Fails the test with a clear message when httpbin is not reachable.
    static func requireHTTPBin(file: StaticString = #filePath, line: UInt = #line) async throws {
        let networking = Networking(baseURL: httpbinBaseURL, configuration: .ephemeral)
        let result: Result<Void, NetworkingError> = await networking.get("/get")
        if case .failure(let error) = result {
            XCTFail(
                "httpbin is not reachable at \(httpbinBaseURL) (\(error)); start one and set HTTPBIN_BASE_URL",
                file: file, line: line)
            throw error
        }
    }

    /// A built executable of this package (such as `ResumableDownloadChild`), found next to the
    /// test bundle.
    static func executable(named name: String) throws -> URL {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle(for: TransferServer.self).bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw NetworkingError.invalidRequest(
            "executable \(name) not found near \(Bundle.main.bundleURL.path): build with `swift build --build-tests`")
    }

    /// A new empty directory, removed by the caller.
    static func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The bytes `transfer_server.py` serves for `/file/…?size=size` at `version` (mirrors `content()`).
    static func fileContent(version: Int, size: Int) -> Data {
        let block = (0..<4093).map { j in UInt8(truncatingIfNeeded: j * 31 + version * 7 + ((j * j) >> 5)) }
        var data = Data(capacity: size)
        while data.count < size { data.append(contentsOf: block.prefix(size - data.count)) }
        return data
    }

    /// The bytes httpbin's `/range/n` serves: `a`…`z` repeated.
    static func rangeContent(size: Int) -> Data {
        Data((0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) })
    }

    /// CRC-32 (IEEE), as Python's `zlib.crc32`.
    static func crc32(_ data: Data) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// The names in `directory`.
    static func contents(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
}

/// Records progress values and checks the progress contract.
final class ProgressLog: Sendable {
    private let state = Mutex<(values: [TransferProgress], finished: Bool)>(([], false))

    /// A reporter feeding this log.
    var reporter: ProgressReporter {
        ProgressReporter(
            report: { value in self.state.withLock { $0.values.append(value) } },
            finish: { self.state.withLock { $0.finished = true } })
    }

    /// The values received.
    var values: [TransferProgress] { state.withLock { $0.values } }
    /// Whether the reporter was finished.
    var finished: Bool { state.withLock { $0.finished } }

    /// Asserts: finished, monotone, and (on success) ending at `total`.
    func assertComplete(total: Int64, file: StaticString = #filePath, line: UInt = #line) {
        let values = self.values
        XCTAssertTrue(finished, "the progress stream was not finished", file: file, line: line)
        XCTAssertFalse(values.isEmpty, "no progress was reported", file: file, line: line)
        for (earlier, later) in zip(values, values.dropFirst()) {
            XCTAssertLessThanOrEqual(
                earlier.completedBytes, later.completedBytes, "progress went backwards: \(values)", file: file,
                line: line)
        }
        XCTAssertEqual(values.last, TransferProgress(completedBytes: total, totalBytes: total), file: file, line: line)
    }
}

/// `Tests/Harness/transfer_server.py`, started for one test and stopped in `tearDown`.
final class TransferServer {
    /// One request as the server logged it.
    struct LogEntry: Decodable, Sendable {
        var range: String?
        var ifRange: String?
        var version: Int?
        var status: Int?
        var sent: Int?
        var completed: Bool?
        var disconnected: Bool?
        var connection: Int?
        var lastEventID: String?
    }

    let process = Process()
    private let input = Pipe()
    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    private let client: Networking

    init() throws {
        let script = TransferTestEnvironment.repositoryRoot.appendingPathComponent("Tests/Harness/transfer_server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5))
        else {
            process.terminate()
            throw NetworkingError.invalidRequest("transfer_server.py did not start (output: \(text.debugDescription))")
        }
        baseURL = "http://127.0.0.1:\(port)"
        client = Networking(baseURL: baseURL, configuration: .ephemeral)
    }

    /// Stops the server: it exits when its standard input closes.
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { stop() }

    /// The requests `/file/<name>` (or `/slow?key=<name>`, or `/sse/reconnect?key=…` as `sse-<key>`) received.
    func log(_ name: String) async throws -> [LogEntry] {
        try await client.get("/log/\(name)").get()
    }

    /// Waits until the last logged request for `name` has ended (`completed` is set: `true` when
    /// the whole body was sent, `false` when the client went away).
    func waitForEnd(of name: String) async throws -> LogEntry? {
        for _ in 0..<200 {
            if let last = try await log(name).last, last.completed != nil { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await log(name).last
    }

    /// Lets `/held?key=<key>` send the rest of its body.
    func release(_ key: String) async throws {
        let _: JSONResponse = try await client.post("/release/\(key)").get()
    }

    /// Changes the representation of `/file/<name>`.
    func bump(_ name: String) async throws {
        let _: JSONResponse = try await client.post("/bump/\(name)").get()
    }
}
