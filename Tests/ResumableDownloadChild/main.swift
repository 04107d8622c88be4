// A child process for the restart test (ResumableDownloadTests): runs one resumable download
// and prints its progress, so that the test can kill it (SIGKILL) halfway and finish the
// download in another process.
//
//     ResumableDownloadChild <base URL> <path> <destination> [seconds to pause per 16 KiB]
//
// Prints "progress <bytes>" lines while downloading, then "done <bytes>" (exit 0) or
// "failed <error>" (exit 1).

import Foundation
import Networking

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: ResumableDownloadChild <base URL> <path> <destination> [delay]\n".utf8))
    exit(2)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// The transport under test, as the integration suites choose it (NETWORKING_TEST_TRANSPORT is
// inherited from the test process): URLSession when asked for, else the library's default.
let useURLSession = ProcessInfo.processInfo.environment["NETWORKING_TEST_TRANSPORT"] == "urlsession"
let networking =
    useURLSession
    ? Networking(baseURL: arguments[1], configuration: .ephemeral) : Networking(baseURL: arguments[1])
let manager = DownloadManager(networking: networking)
let (updates, reporter) = ProgressReporter.makeStream()
let printer = Task {
    for await update in updates { say("progress \(update.completedBytes)") }
}
let headers = arguments.count > 4 ? ["X-Chunk-Delay": arguments[4]] : [:]
let result = await manager.download(
    arguments[2], to: URL(fileURLWithPath: arguments[3]), headers: headers, progress: reporter)
await printer.value
switch result {
case .success(let file):
    say("done \(file.byteCount)")
case .failure(let error):
    say("failed \(error)")
    exit(1)
}
