import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test server run as a child of the test process: one of the Python servers in `Tests/Harness`
/// (or any program that prints a first line when it is ready), started, its first line read, and
/// stopped.
///
/// The server's standard input is a pipe whose other end only this object holds; its standard
/// error is the test's. Each harness server calls `tie_to_parent()` of
/// `Tests/Harness/harness_lifetime.py`, so it exits when that pipe closes (`stop()`, or the test
/// process ending however it ends, which the kernel closes it for), when it is re-parented (its
/// test process is gone even if the pipe's end leaked into another child), or on SIGTERM, which it
/// unblocks: a child inherits the blocked signals of the thread that starts it, and Foundation's
/// `Process` does not reset them. A server left running would also hold the test's standard error
/// open and keep `swift test` waiting for it.
package final class HarnessServer: Sendable {
    /// Which Python runs a harness script.
    package enum Python: Sendable {
        /// `python3` on `PATH`: scripts that use the standard library only.
        case system
        /// The harness virtual environment's (`HTTPBIN_VENV`, else `.build/harness-venv`, which
        /// `Tests/Harness/httpbin.sh start` makes): scripts that need `h2` or `hypercorn`.
        case harnessVenv
    }

    /// Why a server could not be started, with what it printed.
    package struct StartFailure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The repository's root directory.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `Tests/Harness`, where the servers' scripts are.
    package static let harness = root.appendingPathComponent("Tests/Harness")

    /// The first line the server printed on its standard output (what it says about its ports),
    /// without the line feed.
    package let firstLine: String
    /// What the server is: its script or program, for messages.
    package let name: String
    private let running: Mutex<Running?>

    private struct Running {
        let process: Process
        let input: Pipe
        let output: Pipe
    }

    /// Starts `Tests/Harness/<script>` with `arguments` under `python`, and waits (at most
    /// `timeout` seconds) for its first line.
    package convenience init(
        script: String, arguments: [String] = [], python: Python = .system, timeout: Double = 30
    ) throws(StartFailure) {
        let path = Self.harness.appendingPathComponent(script).path
        switch python {
        case .system:
            try self.init(executable: "/usr/bin/env", arguments: ["python3", path] + arguments, timeout: timeout)
        case .harnessVenv:
            let venv =
                ProcessInfo.processInfo.environment["HTTPBIN_VENV"].flatMap { $0.isEmpty ? nil : $0 }
                ?? Self.root.appendingPathComponent(".build/harness-venv").path
            let interpreter = URL(fileURLWithPath: venv).appendingPathComponent("bin/python").path
            guard FileManager.default.isExecutableFile(atPath: interpreter) else {
                throw StartFailure(
                    description: "no \(interpreter) for \(script): run Tests/Harness/httpbin.sh start (it makes the "
                        + "venv with h2 and hypercorn)")
            }
            try self.init(executable: interpreter, arguments: [path] + arguments, timeout: timeout)
        }
    }

    /// Starts `executable` with `arguments`, and waits (at most `timeout` seconds) for its first
    /// line.
    package init(executable: String, arguments: [String], timeout: Double = 30) throws(StartFailure) {
        name = arguments.first { $0.hasSuffix(".py") }.map { URL(fileURLWithPath: $0).lastPathComponent } ?? executable
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            throw StartFailure(description: "\(name) could not be started: \(error)")
        }
        let started = Running(process: process, input: input, output: output)
        let (line, complete) = Self.firstLine(of: output.fileHandleForReading.fileDescriptor, within: timeout)
        guard complete else {
            Self.stop(started)
            throw StartFailure(
                description: "\(name) did not print its first line within \(timeout) s (it printed '\(line)'); "
                    + "is python3 on PATH?")
        }
        firstLine = line
        running = Mutex(started)
    }

    deinit { stop() }

    /// The words of the first line that are numbers, in order (a server that prints `name <port>`,
    /// or its ports).
    package var ports: [Int] { firstLine.split(whereSeparator: \.isWhitespace).compactMap { Int($0) } }

    /// The first line read as JSON.
    package func info<Info: Decodable>(_ type: Info.Type) throws(StartFailure) -> Info {
        do {
            return try JSONDecoder().decode(type, from: Data(firstLine.utf8))
        } catch {
            throw StartFailure(description: "\(name) printed \(firstLine), not what the test reads: \(error)")
        }
    }

    /// Stops the server and waits for it: its standard input closes, on which it exits; then
    /// SIGTERM, then SIGKILL, each after two seconds. Stopping again does nothing.
    package func stop() {
        guard let started = running.withLock({ $0.take() }) else { return }
        Self.stop(started)
    }

    private static func stop(_ started: Running) {
        try? started.input.fileHandleForWriting.close()
        let process = started.process
        if !exits(process, within: 2) {
            process.terminate()
            if !exits(process, within: 2) { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? started.output.fileHandleForReading.close()
    }

    private static func exits(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }

    /// The first line `descriptor` gives within `seconds`, and whether it ended (what came, when
    /// the output ended or the time ran out first).
    private static func firstLine(of descriptor: Int32, within seconds: Double) -> (String, Bool) {
        var line = [UInt8]()
        let deadline = Date().addingTimeInterval(seconds)
        var complete = false
        while !complete, Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { complete = true } else { line.append(byte) }
        }
        return (String(decoding: line, as: UTF8.self), complete)
    }
}
