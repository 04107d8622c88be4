import Foundation

/// Where `NETWORKING_LOG_FILE` points.
///
/// The value is an absolute path, or a bare file name (or relative path) resolved under the
/// platform's caches directory: `~/Library/Caches` (inside the app's container when sandboxed)
/// on Apple platforms, `$XDG_CACHE_HOME` or else `~/.cache` on Linux.
package enum LogFileLocation {
    /// The environment variable read when a client is created.
    package static let environmentKey = "NETWORKING_LOG_FILE"

    /// The log file named by `environment[environmentKey]`, or `nil` when it is unset, empty, or
    /// relative with no caches directory to resolve it under.
    package static func url(from environment: [String: String]) -> URL? {
        guard let value = environment[environmentKey], !value.isEmpty else { return nil }
        if value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return cachesDirectory(environment: environment)?.appendingPathComponent(value)
    }

    /// The caches directory: on Linux `$XDG_CACHE_HOME` when it is absolute, else `$HOME/.cache`
    /// (both read from `environment`); on Apple platforms the user's caches directory.
    package static func cachesDirectory(environment: [String: String]) -> URL? {
        #if canImport(Darwin)
            return FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
        #else
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg, isDirectory: true)
            }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        #endif
    }
}
