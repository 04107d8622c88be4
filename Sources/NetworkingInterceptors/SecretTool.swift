#if !canImport(Security)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// The Secret Service (GNOME Keyring, KWallet, KeePassXC…) reached through libsecret's
    /// `secret-tool` command, with no library linked: the item is found by the attributes
    /// `service` and `account`, and the secret travels through the tool's standard input and output,
    /// never its arguments (which other users can read in `/proc`).
    struct SecretTool: Sendable {
        /// The `secret-tool` executable.
        let executable: URL

        /// What one run of the tool ended with.
        struct Outcome {
            let status: Int32
            let output: Data
            let errors: String
        }

        /// The tool when the Secret Service may be reachable: `secret-tool` is on `PATH` and the
        /// process has a session bus (`DBUS_SESSION_BUS_ADDRESS`, or `$XDG_RUNTIME_DIR/bus`).
        static func located() -> SecretTool? {
            let bus = ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS").map { !$0.isEmpty } ?? false
            let runtimeBus = ProcessEnvironment.value("XDG_RUNTIME_DIR").map { access($0 + "/bus", F_OK) == 0 } ?? false
            guard bus || runtimeBus, let path = ProcessEnvironment.value("PATH") else { return nil }
            for directory in path.split(separator: ":") where directory.hasPrefix("/") {
                let candidate = "\(directory)/secret-tool"
                if access(candidate, X_OK) == 0 { return SecretTool(executable: URL(fileURLWithPath: candidate)) }
            }
            return nil
        }

        /// The stored secret, or `nil` when the service holds no item with these attributes.
        func lookup(_ attributes: [String: String]) async throws(TokenStorageError) -> Data? {
            let outcome = try await run(["lookup"] + Self.arguments(attributes), input: nil, operation: "read")
            if outcome.status == 0 { return outcome.output }
            if outcome.status == 1 && outcome.errors.isEmpty { return nil }
            throw failure("read", outcome)
        }

        /// Stores `secret` under `attributes`, replacing any item with the same attributes.
        func store(_ secret: Data, label: String, _ attributes: [String: String]) async throws(TokenStorageError) {
            let outcome = try await run(
                ["store", "--label=\(label)"] + Self.arguments(attributes), input: secret, operation: "store")
            guard outcome.status == 0 else { throw failure("store", outcome) }
        }

        /// Deletes the items with `attributes`; succeeds when there is none.
        func clear(_ attributes: [String: String]) async throws(TokenStorageError) {
            let outcome = try await run(["clear"] + Self.arguments(attributes), input: nil, operation: "delete")
            guard outcome.status == 0 || (outcome.status == 1 && outcome.errors.isEmpty) else {
                throw failure("delete", outcome)
            }
        }

        private static func arguments(_ attributes: [String: String]) -> [String] {
            attributes.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        }

        private func failure(_ operation: String, _ outcome: Outcome) -> TokenStorageError {
            let reason = outcome.errors.isEmpty ? "secret-tool exited with status \(outcome.status)" : outcome.errors
            return .secretService(operation: operation, reason: reason)
        }

        /// Runs the tool on a thread of its own (it blocks until the service answers), with `input`
        /// as its standard input.
        private func run(
            _ arguments: [String], input: Data?, operation: String
        ) async throws(TokenStorageError) -> Outcome {
            let result = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Outcome, TokenStorageError>, Never>) in
                DispatchQueue.global().async {
                    continuation.resume(returning: runBlocking(arguments, input: input, operation: operation))
                }
            }
            return try result.get()
        }

        private func runBlocking(
            _ arguments: [String], input: Data?, operation: String
        ) -> Result<Outcome, TokenStorageError> {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do {
                // The secret is written before the tool starts: it waits in the pipe, so no write
                // can meet a closed pipe (and raise SIGPIPE) if the tool exits early.
                process.standardInput = try Self.pipe(holding: input ?? Data())
            } catch {
                return .failure(error)
            }
            do {
                try process.run()
            } catch {
                return .failure(
                    .secretService(operation: operation, reason: "secret-tool could not be started: \(error)"))
            }
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let message = String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return .success(Outcome(status: process.terminationStatus, output: out, errors: message))
        }

        /// A pipe whose reading end holds `data`, its writing end closed.
        private static func pipe(holding data: Data) throws(TokenStorageError) -> Pipe {
            let pipe = Pipe()
            let descriptor = pipe.fileHandleForWriting.fileDescriptor
            // Never block: a secret larger than the pipe's buffer is refused instead.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let code = errno
            try? pipe.fileHandleForWriting.close()
            guard written == data.count else {
                let reason =
                    written < 0 && code != EAGAIN
                    ? "the token could not be passed to secret-tool: \(String(cString: strerror(code)))"
                    : "the token (\(data.count) bytes) is larger than secret-tool's input can take at once"
                throw .secretService(operation: "store", reason: reason)
            }
            return pipe
        }
    }
#endif
