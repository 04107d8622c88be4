import Foundation

/// The built-in request log: a `RequestObserver` that writes a record per logged request to its
/// sinks.
///
/// The level chooses which requests are logged; a logged request always gets full detail (its
/// line, request and response headers, request and response bodies truncated to 1 KiB).
/// Downloads log their line and request headers only: their response is binary. With
/// `redactsLogs`, the values of the sensitive header fields and every body are replaced with
/// `<redacted>`.
///
/// A `Networking` or `HTTPClient` makes its own from its log settings. Without them (a program
/// built on `NetworkingCore` and `NetworkingObservability` alone), make one from `LogSettings` and
/// pass it as an observer:
///
/// ```swift
/// var settings = LogSettings()
/// settings.level = .all
/// let logger = NetworkingLogger(settings: settings)  // a RequestObserver
/// ```
///
/// At `.failures`, a cancelled request is not logged (cancelling is deliberate, not a failure to
/// debug); at `.all` it is. A success whose server's key matched none of its pins, which
/// report-only pinning let through (`TransactionMetrics.pinMismatch`), is logged at `.failures`
/// and `.all`, with a line saying so.
public struct NetworkingLogger: RequestObserver {
    /// Which requests are logged.
    public enum Level: Sendable, Hashable, Comparable, CaseIterable {
        /// Nothing.
        case none
        /// Every failure (HTTP 4xx/5xx, decoding, validation, transport, invalid request), in full.
        case failures
        /// Every request when it starts and when it ends, success or failure.
        case all
    }

    /// Whether logs are redacted unless told otherwise: debug builds show everything, release
    /// builds redact.
    package static var redactsLogsByDefault: Bool {
        #if DEBUG
            return false
        #else
            return true
        #endif
    }

    /// The most body bytes a record shows by default: 1 KiB.
    package static let defaultBodyLimit = 1024

    /// The default sinks: `os.Logger` on Apple platforms, standard error elsewhere.
    package static var platformSinks: [any LogSink] {
        #if canImport(os)
            return [OSLogSink()]
        #else
            return [StandardErrorLogSink.shared]
        #endif
    }

    /// Which requests are logged.
    package var level: Level
    /// How records are rendered (redaction, body limit).
    package var formatter: LogFormatter
    /// Where records go.
    package var sinks: [any LogSink]

    /// A logger that records requests as `settings` say (level, redaction, sinks), with
    /// `authorizationHeaderKey`, when given, hidden like the other sensitive fields (a client adds
    /// its active auth-header key this way). At level `.none`, or with no sink, it records nothing.
    public init(settings: LogSettings = LogSettings(), authorizationHeaderKey: String? = nil) {
        self.init(
            level: settings.level, redaction: settings.redaction(authorizationHeaderKey: authorizationHeaderKey),
            redactsLogs: settings.redactsLogs, sinks: settings.sinks)
    }

    /// Creates a logger from its parts (`level` has no default, so that `NetworkingLogger()` is
    /// the public `init(settings:authorizationHeaderKey:)`).
    package init(
        level: Level, redaction: HeaderRedaction = .default,
        redactsLogs: Bool = NetworkingLogger.redactsLogsByDefault, bodyLimit: Int = NetworkingLogger.defaultBodyLimit,
        sinks: [any LogSink] = NetworkingLogger.platformSinks
    ) {
        self.level = level
        self.formatter = LogFormatter(redaction: redaction, redactsLogs: redactsLogs, bodyLimit: bodyLimit)
        self.sinks = sinks
    }

    /// `true` unless the level is `.all`: a logger of failures has nothing to do for a success.
    public var observesFailuresOnly: Bool { level != .all || sinks.isEmpty }

    /// Logs the start of the request when the level is `.all`.
    public func requestStarted(_ context: RequestContext) {
        guard level == .all, !sinks.isEmpty else { return }
        emit(formatter.started(context))
    }

    /// Logs the request's outcome as the level asks: every outcome, failures (with the request) or nothing.
    public func requestCompleted(_ completion: RequestCompletion) {
        guard !sinks.isEmpty else { return }
        switch (level, completion.outcome) {
        case (.failures, .success) where completion.metrics?.pinMismatch != nil:
            emit(formatter.completed(completion, includingRequest: true))  // report-only pinning
        case (.none, _), (.failures, .success), (.failures, .failure(.cancelled)):
            return
        case (.failures, .failure):
            emit(formatter.completed(completion, includingRequest: true))
        case (.all, _):
            emit(formatter.completed(completion, includingRequest: false))
        }
    }

    private func emit(_ record: LogRecord) {
        for sink in sinks { sink.write(record) }
    }
}
