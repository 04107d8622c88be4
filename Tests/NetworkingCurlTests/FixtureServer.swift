#if os(Linux)
    import Foundation
    import HarnessSupport

    /// A test server in `Fixtures/` (or `Tests/Harness`) run as a child process by `HarnessServer`:
    /// it prints its first line (its ports) when it is ready and exits when its standard input
    /// closes, as `stop()` does.
    final class FixtureServer {
        private let server: HarnessServer
        /// The first line the server printed.
        var firstLine: String { server.firstLine }

        /// Starts `executable` with `arguments` and waits for its first line.
        init(executable: String, arguments: [String]) throws {
            server = try HarnessServer(executable: executable, arguments: arguments)
        }

        /// The port numbers of the first line.
        var ports: [Int] { server.ports }

        /// A fixture server that did not start (`server` names it), with what it printed or why.
        struct DidNotStart: Error, CustomStringConvertible {
            let server: String
            let output: String
            var description: String {
                "the \(server) did not start: '\(output.trimmingCharacters(in: .whitespacesAndNewlines))'"
            }
        }

        /// Stops the server and waits for it to exit.
        func stop() { server.stop() }
    }
#endif
