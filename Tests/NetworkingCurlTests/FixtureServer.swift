#if os(Linux)
    import Foundation

    /// A test server in `Fixtures/` run as a child process: it prints its first line (its ports)
    /// when it is ready and exits when its standard input closes, as the test's `stop()` does.
    final class FixtureServer {
        private let process: Process
        private let input: Pipe
        /// The first line the server printed (or what it printed before it exited).
        let firstLine: String

        /// Starts `executable` with `arguments` and waits for its first line.
        init(executable: String, arguments: [String]) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let output = Pipe()
            input = Pipe()
            process.standardOutput = output
            process.standardInput = input  // the server exits when this closes
            try process.run()
            var line = ""
            while !line.contains("\n") {  // up to the first newline, or what came before the end
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += String(decoding: chunk, as: UTF8.self)
            }
            firstLine = line
        }

        /// The port numbers of the first line.
        var ports: [Int] { firstLine.split(whereSeparator: \.isWhitespace).compactMap { Int($0) } }

        /// A fixture server that did not start (`server` names it), with what it printed or why.
        struct DidNotStart: Error, CustomStringConvertible {
            let server: String
            let output: String
            var description: String {
                "the \(server) did not start: '\(output.trimmingCharacters(in: .whitespacesAndNewlines))'"
            }
        }

        /// Stops the server and waits for it to exit.
        func stop() {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
    }
#endif
