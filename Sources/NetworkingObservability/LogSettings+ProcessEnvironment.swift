import Foundation

extension LogSettings {
    /// The default settings, with the log file named by `NETWORKING_LOG_FILE` in the process's
    /// environment (an absolute path, or a file name in the caches directory) if it can be opened.
    @usableFromInline package static func fromProcessEnvironment() -> LogSettings {
        LogSettings(environment: ProcessEnvironment.values(LogFileLocation.environmentKeys))
    }
}

extension LogFileLocation {
    /// The environment variables `url(from:)` reads.
    package static let environmentKeys = [environmentKey, "XDG_CACHE_HOME", "HOME"]
}
