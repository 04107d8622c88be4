// Transfers recipes: a download with a terminal progress bar, a resumable download that is
// interrupted and continued, streamed lines, and a Server-Sent Events client.
//
// Uses httpbin (HTTPBIN_BASE_URL, default http://127.0.0.1:8080) and starts the test server
// Tests/Harness/transfer_server.py itself (python3, loopback only) for slow files and events.
import Foundation
import Networking

let httpbinURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("transfers-recipe-\(getpid())")
try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: workDirectory) }

func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

/// `[##########----------]  50%  512.0 KiB / 1.0 MiB`, or a byte count while the total is unknown.
func progressBar(_ progress: TransferProgress, width: Int = 30) -> String {
    let done = ByteCountFormatter.string(fromByteCount: progress.completedBytes, countStyle: .binary)
    guard let fraction = progress.fractionCompleted, let total = progress.totalBytes else { return "\(done)" }
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = String(repeating: " ", count: 3 - String(Int(fraction * 100)).count) + "\(Int(fraction * 100))"
    return "[\(bar)] \(percent)%  \(done) / \(ByteCountFormatter.string(fromByteCount: total, countStyle: .binary))"
}

/// Shows progress: in a terminal, one bar redrawn in place; otherwise (`make demo`'s log) a line at
/// each quarter.
struct ProgressPrinter {
    static let isTerminal = isatty(STDOUT_FILENO) != 0
    private var lastQuarter = -1

    mutating func show(_ progress: TransferProgress) {
        if Self.isTerminal { return write("\r" + progressBar(progress)) }
        let quarter = Int((progress.fractionCompleted ?? 0) * 4)
        if quarter > lastQuarter {
            lastQuarter = quarter
            print("  " + progressBar(progress))
        }
    }

    /// Ends the bar's line in a terminal.
    static var lineEnd: String { isTerminal ? "\n" : "" }
}

/// Starts `transfer_server.py` and returns its base URL (the process ends when we do).
func startTransferServer() throws -> (Process, String) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Harness/transfer_server.py")
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    process.standardOutput = output
    process.standardInput = Pipe()  // the server exits when this pipe closes, i.e. when we exit
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).prefix { $0.isNumber }) else {
        throw NetworkingError.invalidRequest("transfer_server.py did not start: \(line)")
    }
    return (process, "http://127.0.0.1:\(port)")
}

let (server, serverURL) = try startTransferServer()
let local = Networking(baseURL: serverURL)

// 1. A download to a file with a progress bar. The body goes to a temporary file next to the
//    destination and is moved into place only when complete.
print("== Download with a progress bar")
let destination = workDirectory.appendingPathComponent("video.bin")
let (updates, reporter) = ProgressReporter.makeStream()
async let downloaded = local.download(
    "/file/video", to: destination, query: [URLQueryItem(name: "size", value: "\(2 << 20)")],
    headers: ["X-Chunk-Delay": "0.005"], progress: reporter)
var bar = ProgressPrinter()
for await update in updates { bar.show(update) }
switch await downloaded {
case .success(let file): print(ProgressPrinter.lineEnd + "✓ \(file.byteCount) bytes in \(file.url.lastPathComponent)")
case .failure(let error): print(ProgressPrinter.lineEnd + "✗ \(error.localizedDescription)")
}

// 2. A resumable download: interrupted at about 40 %, then continued with Range + If-Range.
print("== Resumable download")
let manager = DownloadManager(networking: local)
let archive = workDirectory.appendingPathComponent("archive.bin")
let (firstUpdates, firstReporter) = ProgressReporter.makeStream()
let firstAttempt = Task {
    await manager.download(
        "/file/archive?size=\(4 << 20)", to: archive, headers: ["X-Chunk-Delay": "0.005"], progress: firstReporter)
}
var firstBar = ProgressPrinter()
for await update in firstUpdates {
    firstBar.show(update)
    if (update.fractionCompleted ?? 0) >= 0.4 {
        firstAttempt.cancel()  // as if the app were killed: the partial file and its state stay
        break
    }
}
if case .failure(.cancelled) = await firstAttempt.value {
    print(ProgressPrinter.lineEnd + "✓ interrupted at about 40 % (as planned)")
}
for pending in manager.pendingDownloads(in: workDirectory) {
    print("pending: \(pending.url.path) with \(pending.bytesOnDisk) bytes on disk, ETag \(pending.entityTag ?? "none")")
    switch await manager.resume(pending) {
    case .success(let file):
        print("✓ resumed from byte \(file.resumedFrom) (HTTP \(file.statusCode)), \(file.byteCount) bytes")
    case .failure(let error): print("✗ \(error.localizedDescription)")
    }
}

// 3. Streaming lines from httpbin: each line is handed over as it arrives.
print("== Lines from httpbin /stream/3")
let httpbin = Networking(baseURL: httpbinURL)
switch await httpbin.lines("/stream/3") {
case .success(let lines):
    do {
        for try await line in lines { print("line: \(line.prefix(60))…") }
    } catch {
        print("✗ \(error.localizedDescription)")
    }
case .failure(let error):
    print("✗ httpbin at \(httpbinURL): \(error.localizedDescription)")
}

// 4. A Server-Sent Events client. The server closes after two events; the client reconnects after
//    the server's `retry:` delay, sending Last-Event-ID, and stops when the server answers 204.
print("== Server-Sent Events")
let events = await local.serverSentEvents(
    "/sse/reconnect", query: [URLQueryItem(name: "key", value: "recipe")],
    reconnection: ServerSentEventStream.Reconnection(maxAttempts: 3))
do {
    for try await event in events { print("event \(event.event) id=\(event.id ?? "-"): \(event.data)") }
    print("✓ the server ended the stream")
} catch {
    print("✗ \(error.localizedDescription)")
}

server.terminate()
