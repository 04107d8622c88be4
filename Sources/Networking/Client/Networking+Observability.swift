import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Events, logs and redaction. `events()` carries the headers as set, `Proxy-Authorization`
// excepted (always `<redacted>`); the settings below govern only the built-in logs.

extension Networking {
    /// A new stream of every request's events: one `.started`, then exactly one `.completed`, for
    /// every request (verbs, downloads, fakes, cache hits). Each call returns its own stream.
    ///
    /// A stream buffers up to 10,000 events for a consumer that falls behind, dropping the oldest
    /// beyond that, so a slow consumer never slows requests down; a consumer that stops listening
    /// is forgotten at once (see `EventBroadcaster`).
    public func events() -> AsyncStream<NetworkingEvent> {
        let stream = eventBroadcaster.events()
        if !eventsRequested {
            eventsRequested = true
            invalidate()
        }
        return stream
    }

    /// Chooses which requests the built-in log records: `.none`, `.failures` (the default) or `.all`.
    public func setLogLevel(_ level: NetworkingLogger.Level) {
        logSettings.level = level
        invalidate()
    }

    /// The log level.
    package var logLevel: NetworkingLogger.Level { logSettings.level }

    /// Sets the header fields whose values logs and `cURLDescription` hide (default
    /// `Authorization`, `Cookie`, `Set-Cookie`, `Proxy-Authorization`). The active auth-header
    /// key is always added. Fields named here are hidden in every build, even when logs are not
    /// redacted (see `setRedactsLogs(_:)`).
    public func setRedactedHeaderFields(_ fields: Set<String>) {
        logSettings.redactedHeaderFields = fields
        invalidate()
    }

    /// The header fields hidden when redacting, the active auth-header key included.
    public var redactedHeaderFields: Set<String> {
        logSettings.redactedHeaderFields.union([authorizationHeaderKey])
    }

    /// Whether logs replace sensitive header values and every body with `<redacted>`. The
    /// default is `false` in debug builds and `true` in release builds. The fields named with
    /// `setRedactedHeaderFields(_:)` are hidden either way.
    public func setRedactsLogs(_ redacts: Bool) {
        logSettings.redactsLogs = redacts
        invalidate()
    }

    /// Whether logs are redacted.
    public var redactsLogs: Bool { logSettings.redactsLogs }

    /// Mirrors the log as plain text to `url` (appended, created with permissions 0600), or stops
    /// when `nil`. Replaces the file named by `NETWORKING_LOG_FILE`. Returns whether the file
    /// could be opened; a file that cannot be opened is ignored and never fails a request.
    @discardableResult
    public func setLogFileURL(_ url: URL?) -> Bool {
        logSettings.logFile = url.flatMap(LogFileSink.open)
        invalidate()
        return url == nil || logSettings.logFile != nil
    }

    /// The file the log is mirrored to, if any.
    package var logFileURL: URL? { logSettings.logFile?.url }

    /// Sends every log record to `sinks` as well, in place of the sinks set before: your own
    /// receivers (see `LogSink`), beside standard error, `os.Logger` and the log file. The level
    /// and redaction settings apply to what they receive. An empty array removes them.
    public func setLogSinks(_ sinks: [any LogSink]) {
        logSettings.extraSinks = sinks
        invalidate()
    }

    /// Turns the standard-error log on or off (on by default on Linux, off on Apple platforms,
    /// which log to `os.Logger`).
    public func setLogsToStandardError(_ enabled: Bool) {
        logSettings.logsToStandardError = enabled
        invalidate()
    }

    /// The observers observability adds to the pipeline: the event broadcaster once `events()`
    /// has been called, and the logger unless nothing would be logged.
    func observabilityObservers() -> [any RequestObserver] {
        var observers: [any RequestObserver] = []
        if eventsRequested { observers.append(eventBroadcaster) }
        if let logger = logSettings.makeLogger(authorizationHeaderKey: authorizationHeaderKey) {
            observers.append(LogGate(logger))
        }
        return observers
    }
}
