import Foundation

extension DataCache {
    /// The platform's directory for caches: `$XDG_CACHE_HOME` (when it is an absolute path) or
    /// `~/.cache` on Linux, the user's Caches directory on Apple platforms.
    package static var cachesDirectory: URL? {
        #if canImport(Darwin)
            return FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
        #else
            if let xdg = ProcessEnvironment.value("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg, isDirectory: true)
            }
            if let home = ProcessEnvironment.value("HOME"), home.hasPrefix("/") {
                return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
            }
            return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        #endif
    }

    /// The directory of one base URL's cache: `<caches>/Networking/<host>-<hash>`, where the hash
    /// is taken over the whole base URL, so two clients with different base URLs never share files.
    package static func defaultDirectory(forBaseURL baseURL: String) -> URL? {
        cachesDirectory?.appendingPathComponent("Networking", isDirectory: true)
            .appendingPathComponent(folderName(forBaseURL: baseURL), isDirectory: true)
    }

    /// A readable, safe folder name for a base URL: its host and port (letters, digits, `.`, `-`,
    /// others replaced by `_`, at most 64 characters), a dash, and 16 hex digits of its SHA-256.
    static func folderName(forBaseURL baseURL: String) -> String {
        let components = URLComponents(string: baseURL)
        var readable = components?.host ?? "base"
        if let port = components?.port { readable += "-\(port)" }
        let safe = String(
            readable.unicodeScalars.prefix(64).map { scalar -> Character in
                let isSafe =
                    scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")
                return isSafe ? Character(scalar) : "_"
            })
        let trimmed = safe.drop { $0 == "." }
        return (trimmed.isEmpty ? "base" : String(trimmed)) + "-" + String(SHA256.hexDigest(baseURL).prefix(16))
    }
}
