import Foundation

/// A client's logging configuration, from which it makes its `NetworkingLogger`.
public struct LogSettings: Sendable {
    /// Which requests are logged (default `.failures`).
    public var level: NetworkingLogger.Level = .failures
    /// The sensitive header fields (default `Authorization`, `Cookie`, `Set-Cookie`,
    /// `Proxy-Authorization`); the client adds its active auth-header key. Fields set here are
    /// named by the user, and hidden in every build, even when `redactsLogs` is off.
    public var redactedHeaderFields: Set<String> = HeaderRedaction.defaultHeaderFields {
        didSet { namesRedactedFields = true }
    }
    /// Whether `redactedHeaderFields` was set (rather than left at its default).
    private var namesRedactedFields = false
    /// Whether sensitive header values and bodies are hidden (default: shown in debug builds,
    /// hidden in release builds).
    public var redactsLogs: Bool = NetworkingLogger.redactsLogsByDefault
    /// Whether records go to standard error (default: on where there is no `os.Logger`, that is
    /// on Linux; off on Apple platforms, which always log to `os.Logger`).
    public var logsToStandardError: Bool = LogSettings.standardErrorByDefault
    /// The file records are mirrored to, if any.
    public var logFile: LogFileSink?
    /// Sinks of your own, which receive every record beside the built-in ones (see `LogSink`).
    public var extraSinks: [any LogSink] = []

    /// Whether standard error is a default sink: where `os.Logger` does not exist.
    package static var standardErrorByDefault: Bool {
        #if canImport(os)
            return false
        #else
            return true
        #endif
    }

    /// The default settings: failures logged, to `os.Logger` on Apple platforms and to standard
    /// error elsewhere, redacted in release builds; no log file.
    public init() {}

    /// The default settings, with the log file named by `NETWORKING_LOG_FILE` in `environment`
    /// (an absolute path, or a file name in the caches directory) if it can be opened. The clients
    /// read the process's environment this way (`fromProcessEnvironment()`).
    package init(environment: [String: String]) {
        logFile = LogFileLocation.url(from: environment).flatMap(LogFileSink.open)
    }

    /// Where records go under these settings.
    package var sinks: [any LogSink] {
        var sinks: [any LogSink] = []
        #if canImport(os)
            sinks.append(OSLogSink())
        #endif
        if logsToStandardError { sinks.append(StandardErrorLogSink.shared) }
        if let logFile { sinks.append(logFile) }
        return sinks + extraSinks
    }

    /// The logger for these settings, with `authorizationHeaderKey` added to the redaction set;
    /// `nil` when nothing would be logged.
    package func makeLogger(authorizationHeaderKey: String? = nil) -> NetworkingLogger? {
        guard level != .none, !sinks.isEmpty else { return nil }
        return NetworkingLogger(settings: self, authorizationHeaderKey: authorizationHeaderKey)
    }

    /// The header fields these settings hide, `authorizationHeaderKey` added; those named by the
    /// user are hidden even when logs are not redacted.
    package func redaction(authorizationHeaderKey: String?) -> HeaderRedaction {
        var fields = redactedHeaderFields
        if let authorizationHeaderKey { fields.insert(authorizationHeaderKey) }
        return HeaderRedaction(fields: fields, always: namesRedactedFields ? redactedHeaderFields : [])
    }
}
