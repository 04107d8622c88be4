import Foundation
import Networking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `files` scenario: a 1 GiB download to a file and a 1 GiB upload from a file, each in a
/// fresh child process (`Benchmarks files-child MODE CLIENT URL DIR`), for Networking on its
/// default transport, for raw URLSession (`downloadTask`, `uploadTask(fromFile:)`) and for
/// Networking on `URLSessionTransport`, and for the download raw libcurl (`CurlBulkBaseline`: a
/// write callback writing each chunk to the file), the floor for a transport on libcurl. The
/// figures are the transfer's time and the peak RSS rise during it; the targets (default
/// transport) are at most 64 MiB, and a download within 1.1× raw libcurl's time.
///
/// The served file is sparse (`Fixtures.hugePath`, made by `Benchmarks fixtures`), the upload
/// source too (made in DIR, `.build/bench/files-PID`); nginx's `/upload` answers 204 and discards
/// the body, which it still reads to the end (curl reports every byte as sent).
enum FileTransfers {
    static let size: Int64 = 1 << 30
    static let clients = ["networking", "raw", "urlsession"]
    /// Raw libcurl downloads only: an upload from a file is not what its floor is measured for.
    static let downloadClients = clients + (isLinux ? ["libcurl"] : [])
    static let isLinux: Bool = {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }()
    static let modes = ["download", "upload"]
    static let targetMiB = 64.0

    @MainActor
    static func scenario(_ context: Context, _ report: Report) async throws {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(".build/bench/files-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var rises: [String: [String: [Double]]] = [:]  // mode → client → bytes
        var seconds: [String: [String: [Double]]] = [:]
        for run in 0..<context.memoryRuns {
            for mode in modes {
                for client in (mode == "download" ? downloadClients : clients).rotated(by: run) {
                    let (rise, time) = try child(mode: mode, client: client, context: context, directory: directory)
                    rises[mode, default: [:]][client, default: []].append(rise)
                    seconds[mode, default: [:]][client, default: []].append(time)
                }
            }
        }
        report.begin(
            "files", "1 GiB download to a file and upload from a file (peak RSS rise in a fresh process each)",
            clients: [
                ("networking", "Networking (default transport)"), ("raw", "raw URLSession"),
                ("urlsession", "Networking on URLSessionTransport"), ("libcurl", "libcurl (raw)"),
            ], baseline: "raw", subject: "networking", floor: isLinux ? "libcurl" : nil)
        for mode in modes {
            let rise = (rises[mode] ?? [:]).mapValues { Stats($0).median / 1_048_576 }
            report.add("\(mode) peak RSS rise MiB", key: "\(mode)_rss_rise_mib", rise)
            report.add(
                "\(mode) s (median)", key: "\(mode)_seconds", (seconds[mode] ?? [:]).mapValues { Stats($0).median })
            report.target(
                "Networking 1 GiB \(mode) \(mode == "download" ? "to" : "from") a file: peak RSS rise MiB",
                value: rise["networking"] ?? .infinity, atMost: targetMiB, unit: " MiB")
        }
        let downloads = (seconds["download"] ?? [:]).mapValues { Stats($0).median }
        if let networking = downloads["networking"], let libcurl = downloads["libcurl"] {
            report.target(
                "Networking 1 GiB download to a file: time / raw libcurl", value: networking / libcurl, atMost: 1.1)
        }
        report.note(
            "peak RSS rise = VmHWM after the transfer − VmRSS before it, median of \(context.memoryRuns) runs; "
                + "raw URLSession: downloadTask / uploadTask(fromFile:) on URLSessionConfiguration.default; "
                + "raw libcurl: curl_easy_perform, a write callback write(2)ing each chunk to the file")
    }

    /// Runs one child; returns its peak RSS rise in bytes and the transfer's duration in seconds.
    static func child(mode: String, client: String, context: Context, directory: URL) throws -> (Double, Double) {
        let (status, text) = try ChildProcess.run(["files-child", mode, client, context.baseURL, directory.path])
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard status == 0, fields.count >= 2 else {
            throw BenchmarkFailure(description: "files-child \(mode) \(client) failed (\(status)): \(text)")
        }
        return (fields[0], fields[1])
    }

    /// The child: warms the client up on the small file, transfers 1 GiB and prints
    /// `rise seconds baseline peak peakWasReset`.
    static func runChild(mode: String, client: String, baseURL: String, directory: URL) async throws {
        let context = Context(baseURL: baseURL, rounds: 1, memoryRuns: 1)
        let source = directory.appendingPathComponent("upload-\(client).bin")
        let destination = directory.appendingPathComponent("download-\(client).bin")
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: destination)
        }
        if mode == "upload" { try makeSparseFile(source) }
        let transfer: @Sendable () async throws -> Int64
        switch (mode, client) {
        case ("download", "networking"), ("download", "urlsession"):
            let networking = try await warmNetworking(baseURL, client)
            transfer = {
                let file = try await networking.download(Fixtures.hugePath, to: destination).get()
                return file.byteCount
            }
        case ("upload", "networking"), ("upload", "urlsession"):
            let networking = try await warmNetworking(baseURL, client)
            transfer = {
                let sent = Mutex<Int64>(0)
                let reporter = ProgressReporter(report: { value in sent.withLock { $0 = value.completedBytes } })
                try await networking.upload(
                    Fixtures.uploadPath, fileURL: source, contentType: "application/octet-stream", progress: reporter
                ).get()
                return sent.withLock { $0 }
            }
        case ("download", "raw"):
            let session = try await warmSession(context)
            let url = try context.url(Fixtures.hugePath)
            transfer = { try await rawDownload(session, url) }
        case ("upload", "raw"):
            let session = try await warmSession(context)
            var request = URLRequest(url: try context.url(Fixtures.uploadPath))
            request.httpMethod = "POST"
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            transfer = { [request] in try await rawUpload(session, request, source) }
        #if os(Linux)
            case ("download", "libcurl"):
                transfer = try CurlBulkBaseline.childFileDownload(
                    small: try context.url(Fixtures.smallPath), huge: try context.url(Fixtures.hugePath),
                    to: destination)
        #endif
        default:
            throw BenchmarkFailure(description: "unknown files-child \(mode) \(client)")
        }
        let baseline = Measure.status("VmRSS")
        let reset = Measure.resetPeakRSS()
        let start = ContinuousClock.now
        let bytes = try await transfer()
        let time = Measure.micros(ContinuousClock.now - start) / 1e6
        let peak = Measure.status("VmHWM")
        guard bytes == size else { throw BenchmarkFailure(description: "\(mode) moved \(bytes) bytes, not \(size)") }
        print("\(peak - baseline) \(time) \(baseline) \(peak) \(reset)")
    }

    private static func makeSparseFile(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// Networking on its default transport, or on `URLSessionTransport` for `urlsession`.
    private static func warmNetworking(_ baseURL: String, _ client: String) async throws -> Networking {
        let networking =
            client == "urlsession"
            ? Networking(baseURL: baseURL, transport: URLSessionTransport()) : Networking(baseURL: baseURL)
        let warm: Result<Data, NetworkingError> = await networking.get(Fixtures.smallPath)
        _ = try warm.get()
        return networking
    }

    private static func warmSession(_ context: Context) async throws -> URLSession {
        let session = URLSession(configuration: Clients.rawConfiguration())
        _ = try await session.data(for: URLRequest(url: try context.url(Fixtures.smallPath)))
        return session
    }

    /// `downloadTask(with:)`; the temporary file is measured and removed in the handler.
    private static func rawDownload(_ session: URLSession, _ url: URL) async throws -> Int64 {
        try await withCheckedThrowingContinuation { continuation in
            session.downloadTask(with: url) { location, _, error in
                guard let location else {
                    return continuation.resume(throwing: error ?? BenchmarkFailure(description: "no file"))
                }
                let attributes = try? FileManager.default.attributesOfItem(atPath: location.path)
                try? FileManager.default.removeItem(at: location)
                continuation.resume(returning: (attributes?[.size] as? NSNumber)?.int64Value ?? -1)
            }.resume()
        }
    }

    /// `uploadTask(with:fromFile:)`; returns the bytes the task sent.
    private static func rawUpload(_ session: URLSession, _ request: URLRequest, _ file: URL) async throws -> Int64 {
        let box = Mutex<URLSessionUploadTask?>(nil)
        let status: Int = try await withCheckedThrowingContinuation { continuation in
            let task = session.uploadTask(with: request, fromFile: file) { _, response, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            box.withLock { $0 = task }
            task.resume()
        }
        guard status == 204 else { throw BenchmarkFailure(description: "upload answered \(status)") }
        // FoundationNetworking leaves countOfBytesSent at 0 for completion-handler tasks; libcurl
        // underneath only completes a task once the whole body has gone out.
        let sent = box.withLock { $0?.countOfBytesSent ?? 0 }
        return sent > 0 ? sent : size
    }
}
