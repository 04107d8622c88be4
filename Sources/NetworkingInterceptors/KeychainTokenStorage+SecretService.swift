#if !canImport(Security)
    import Foundation
    import Synchronization

    /// Keeps the token private to the user where there is no Keychain (Linux): in the Secret Service
    /// when it can be reached, otherwise in a file only the user can read.
    ///
    /// - **Secret Service** (GNOME Keyring, KWallet, KeePassXC…): used when libsecret's
    ///   `secret-tool` command is installed (package `libsecret-tools`), the process has a session
    ///   bus, and the service answers the first lookup. The token (JSON) is an item labelled
    ///   "`service` token" with the attributes `service` and `account`; it is passed to the tool
    ///   through a pipe, never on its command line.
    /// - **File** otherwise (servers, containers, SSH sessions): `<data>/<service>/<account>.token`,
    ///   where `<data>` is `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`. As
    ///   with `FileTokenStorage`, the file is `0600` in a `0700` directory and written atomically.
    ///
    /// The choice is made the first time the storage is used and kept for the storage's lifetime
    /// (its copies share it); `backend()` says which it is. Once the Secret Service is chosen, its
    /// failures (a locked collection, a service that went away) throw
    /// `TokenStorageError.secretService`: they are never read as "no token", and nothing is written
    /// to the file instead.
    ///
    /// ```swift
    /// let provider = StoredTokenProvider(storage: KeychainTokenStorage(service: "com.example.app"))
    /// ```
    public struct KeychainTokenStorage: TokenStorage {
        /// The service the token is stored under (typically your app's reverse-DNS name).
        package let service: String
        /// The account the token is stored under, to keep several tokens apart.
        package let account: String

        /// Where a `KeychainTokenStorage` keeps the token.
        public enum Backend: Sendable, Hashable {
            /// An item of the Secret Service, through `secret-tool`.
            case secretService
            /// A file readable by the user only.
            case file(URL)
        }

        private let secretTool: SecretTool?
        private let file: FileTokenStorage
        private let chosen: Chosen

        /// Creates a storage for the item `service`/`account`.
        public init(service: String, account: String = "token") {
            self.init(
                service: service, account: account, secretTool: SecretTool.located(),
                dataDirectory: Self.userDataDirectory())
        }

        /// Creates a storage that reaches the Secret Service through `secretTool` (none: the file)
        /// and keeps its file under `dataDirectory`.
        init(service: String, account: String, secretTool: SecretTool?, dataDirectory: URL) {
            self.service = service
            self.account = account
            self.secretTool = secretTool
            let directory = dataDirectory.appendingPathComponent(Self.fileName(service), isDirectory: true)
            self.file = FileTokenStorage(
                fileURL: directory.appendingPathComponent(Self.fileName(account) + ".token", isDirectory: false))
            self.chosen = Chosen()
        }

        /// Where the token is kept: the Secret Service or the file (chosen on first use).
        public func backend() async -> Backend {
            if let backend = chosen.value.withLock({ $0 }) { return backend }
            var backend = Backend.file(file.fileURL)
            if let secretTool {
                do {
                    _ = try await secretTool.lookup(attributes)  // found or not: the service answered
                    backend = .secretService
                } catch {
                    // Unreachable (no daemon on the bus, say): the file.
                }
            }
            return chosen.value.withLock { value in
                if value == nil { value = backend }
                return value ?? backend
            }
        }

        /// Reads the token; no item (or no file) means no token.
        public func loadToken() async throws -> Token? {
            guard case .secretService = await backend(), let secretTool else { return try file.loadToken() }
            guard let data = try await secretTool.lookup(attributes) else { return nil }
            return try TokenCoding.decode(data, location: "Secret Service item \(service)/\(account)")
        }

        /// Writes the token, replacing any token stored there.
        public func saveToken(_ token: Token) async throws {
            guard case .secretService = await backend(), let secretTool else { return try file.saveToken(token) }
            try await secretTool.store(TokenCoding.encode(token), label: "\(service) token", attributes)
        }

        /// Deletes the token; succeeds when there is none.
        public func removeToken() async throws {
            guard case .secretService = await backend(), let secretTool else { return try file.removeToken() }
            try await secretTool.clear(attributes)
        }

        private var attributes: [String: String] { ["service": service, "account": account] }

        /// The backend, once chosen; shared by the copies of a storage.
        private final class Chosen: Sendable {
            let value = Mutex<Backend?>(nil)
        }

        /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`.
        static func userDataDirectory() -> URL {
            if let xdg = ProcessEnvironment.value("XDG_DATA_HOME"), xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg, isDirectory: true)
            }
            return FileManager.default.homeDirectoryForCurrentUser
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        }

        /// `name` as one path component: letters, digits, `.`, `_` and `-` as they are, any other
        /// byte (a `/`, say) percent-encoded, and a name made only of dots encoded whole.
        static func fileName(_ name: String) -> String {
            let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)
            let encodeAll = name.isEmpty || name.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
            var result = ""
            for byte in name.utf8 {
                if kept.contains(byte) && !encodeAll {
                    result.append(Character(Unicode.Scalar(byte)))
                } else {
                    result += String(format: "%%%02X", byte)
                }
            }
            return result.isEmpty ? "%00" : result
        }
    }
#endif
