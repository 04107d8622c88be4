#if !canImport(Security)
    import Foundation
    import XCTest

    @testable import NetworkingInterceptors

    /// `KeychainTokenStorage` where there is no Keychain: the Secret Service (reached through a
    /// stand-in for libsecret's `secret-tool` that keeps the same command line, streams and exit
    /// codes) when it answers, otherwise a file private to the user.
    final class KeychainTokenStorageLinuxTests: XCTestCase {
        private var directory: URL!

        override func setUpWithError() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        override func tearDownWithError() throws {
            try? FileManager.default.removeItem(at: directory)
        }

        private var dataDirectory: URL { directory.appendingPathComponent("share") }

        /// The path of the file `backend` keeps the token in, or `nil` for the Secret Service.
        private func filePath(_ backend: KeychainTokenStorage.Backend) -> String? {
            guard case .file(let url) = backend else { return nil }
            return url.path
        }

        private func permissions(_ url: URL) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue
        }

        /// A `secret-tool` that keeps items in files beside it, logs its arguments, and fails as the
        /// real one does (a message on standard error, status 1) while a file `broken` exists.
        private func fakeSecretTool() throws -> SecretTool {
            let script = directory.appendingPathComponent("secret-tool")
            let text = """
                #!/bin/sh
                here=$(dirname "$0")
                printf '%s\\n' "$*" >> "$here/arguments.log"
                if [ -e "$here/broken" ]; then echo "secret-tool: Cannot create an item in a locked collection" >&2; exit 1; fi
                action=$1; shift
                case "$1" in --label=*) shift ;; esac
                mkdir -p "$here/items"
                item="$here/items/$(printf '%s|' "$@" | od -An -tx1 | tr -d ' \\n')"
                case "$action" in
                  store) cat > "$item" ;;
                  lookup) [ -f "$item" ] || exit 1; cat "$item" ;;
                  clear) rm -f "$item" ;;
                  *) echo "secret-tool: unknown command" >&2; exit 2 ;;
                esac
                """
            try text.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
            return SecretTool(executable: script)
        }

        func testTheDocumentsLineWorksAndKeepsTheTokenPrivate() async throws {
            let previous = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
            setenv("XDG_DATA_HOME", dataDirectory.path, 1)
            defer {
                if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
            }
            let storage = KeychainTokenStorage(service: "com.myrepcard.RepCard")
            let provider = StoredTokenProvider(storage: storage)
            try await provider.setToken(Token(accessToken: "secret"))
            let stored = try await StoredTokenProvider(storage: KeychainTokenStorage(service: "com.myrepcard.RepCard"))
                .token()
            XCTAssertEqual(stored?.accessToken, "secret", "a new storage for the same service reads it back")
            if case .file(let url) = await storage.backend() {
                XCTAssertEqual(url.path, dataDirectory.path + "/com.myrepcard.RepCard/token.token")
                XCTAssertEqual(try permissions(url), 0o600)
                XCTAssertEqual(try permissions(url.deletingLastPathComponent()), 0o700)
            }
            try await provider.clear()
            let afterSignOut = try await storage.loadToken()
            XCTAssertNil(afterSignOut)
        }

        func testWithoutTheSecretServiceTheTokenIsAnOwnerOnlyFileWrittenAtomically() async throws {
            let storage = KeychainTokenStorage(
                service: "com.example.app", account: "alice", secretTool: nil, dataDirectory: dataDirectory)
            let file = dataDirectory.appendingPathComponent("com.example.app/alice.token")
            let backend = await storage.backend()
            XCTAssertEqual(filePath(backend), file.path)
            let empty = try await storage.loadToken()
            XCTAssertNil(empty)
            for index in 0..<3 { try await storage.saveToken(Token(accessToken: "token-\(index)")) }
            XCTAssertEqual(try permissions(file), 0o600)
            XCTAssertEqual(try permissions(file.deletingLastPathComponent()), 0o700)
            let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            XCTAssertEqual(names, ["alice.token"], "no temporary file is left behind")
            let loaded = try await storage.loadToken()
            XCTAssertEqual(loaded?.accessToken, "token-2")
            try await storage.removeToken()
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        }

        func testTheSecretServiceKeepsTheTokenWhenItAnswers() async throws {
            let storage = KeychainTokenStorage(
                service: "com.example.app", account: "token", secretTool: try fakeSecretTool(),
                dataDirectory: dataDirectory)
            let backend = await storage.backend()
            XCTAssertEqual(backend, .secretService)
            let token = Token(accessToken: "s3cr3t-access", refreshToken: "s3cr3t-refresh")
            try await storage.saveToken(token)
            let loaded = try await storage.loadToken()
            XCTAssertEqual(loaded, token)
            try await storage.removeToken()
            let removed = try await storage.loadToken()
            XCTAssertNil(removed)
            try await storage.removeToken()  // removing when there is none succeeds

            XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.path), "nothing is written to disk")
            let arguments = try String(contentsOf: directory.appendingPathComponent("arguments.log"), encoding: .utf8)
            XCTAssertTrue(
                arguments.contains("store --label=com.example.app token account token service com.example.app"))
            XCTAssertFalse(arguments.contains("s3cr3t"), "the token never travels on the command line")
        }

        func testAnUnreachableSecretServiceFallsBackToTheFile() async throws {
            let script = directory.appendingPathComponent("unreachable-secret-tool")
            try "#!/bin/sh\necho 'secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY' >&2\nexit 1\n"
                .write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
            let storage = KeychainTokenStorage(
                service: "svc", account: "token", secretTool: SecretTool(executable: script),
                dataDirectory: dataDirectory)
            try await storage.saveToken(Token(accessToken: "kept"))
            let backend = await storage.backend()
            XCTAssertEqual(filePath(backend), dataDirectory.path + "/svc/token.token")
            let loaded = try await storage.loadToken()
            XCTAssertEqual(loaded?.accessToken, "kept")
        }

        func testTheChosenSecretServiceFailingThrowsATypedErrorAndWritesNoFile() async throws {
            let storage = KeychainTokenStorage(
                service: "svc", account: "token", secretTool: try fakeSecretTool(), dataDirectory: dataDirectory)
            let backend = await storage.backend()
            XCTAssertEqual(backend, .secretService)
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("broken").path, contents: nil)
            do {
                try await storage.saveToken(Token(accessToken: "x"))
                XCTFail("expected a failure")
            } catch let error as TokenStorageError {
                XCTAssertEqual(
                    error,
                    .secretService(
                        operation: "store", reason: "secret-tool: Cannot create an item in a locked collection"))
                XCTAssertEqual(
                    error.localizedDescription,
                    "The Secret Service could not store the token: secret-tool: Cannot create an item in a locked collection."
                )
            }
            do {
                _ = try await storage.loadToken()
                XCTFail("a failing service never reads as no token")
            } catch {
                XCTAssertTrue(error is TokenStorageError, "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.path))
        }

        func testNamesStayOnePathComponentInsideTheDataDirectory() async {
            let storage = KeychainTokenStorage(
                service: "../../etc", account: "a/b", secretTool: nil, dataDirectory: dataDirectory)
            let backend = await storage.backend()
            XCTAssertEqual(filePath(backend), dataDirectory.path + "/..%2F..%2Fetc/a%2Fb.token")
            XCTAssertEqual(KeychainTokenStorage.fileName(".."), "%2E%2E")
            XCTAssertEqual(KeychainTokenStorage.fileName("com.example.app"), "com.example.app")
        }

        func testTheDataDirectoryFollowsXDG() {
            let previous = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
            defer {
                if let previous { setenv("XDG_DATA_HOME", previous, 1) } else { unsetenv("XDG_DATA_HOME") }
            }
            setenv("XDG_DATA_HOME", "/srv/data", 1)
            XCTAssertEqual(KeychainTokenStorage.userDataDirectory().path, "/srv/data")
            setenv("XDG_DATA_HOME", "relative/data", 1)
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            XCTAssertEqual(KeychainTokenStorage.userDataDirectory().path, home + "/.local/share")
        }
    }
#endif
