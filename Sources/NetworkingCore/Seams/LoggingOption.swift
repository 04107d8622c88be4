import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RequestContext {
    /// Whether loggers may record this request: `false` when it came from an endpoint whose
    /// `shouldPrintLogs` is `false` (its `RequestOptions.printsLogs`). Every logger should honour
    /// it; the loggers a client is given are made to.
    public var shouldPrintLogs: Bool { options.printsLogs }
}

/// Wraps a logger (any `RequestObserver` that writes logs) so that it never hears about requests
/// that must not be logged: those whose `RequestContext.shouldPrintLogs` is `false`, and, when
/// `isEnabled` is `false`, every request.
///
/// Events and metrics observers should not be wrapped: the flag is about logs only.
package struct LogGate: RequestObserver {
    /// The logger.
    package let logger: any RequestObserver
    /// Whether this gate passes anything on at all (see also `isEnabledProcessWide`).
    package let isEnabled: Bool

    /// The process-wide switch every gate obeys (default `true`): while it is `false`, no logger
    /// behind a `LogGate` records anything, whatever a request or a gate says. Safe to set from
    /// any thread; requests read it as they start and end.
    package static var isEnabledProcessWide: Bool {
        get { processWide.load(ordering: .relaxed) }
        set { processWide.store(newValue, ordering: .relaxed) }
    }

    private static let processWide = Atomic<Bool>(true)

    /// Wraps `logger`.
    package init(_ logger: any RequestObserver, isEnabled: Bool = true) {
        self.logger = logger
        self.isEnabled = isEnabled
    }

    /// The logger's, or `true` when disabled (nothing is passed on at all).
    package var observesFailuresOnly: Bool { !isEnabled || !Self.isEnabledProcessWide || logger.observesFailuresOnly }

    /// Passes the start on to the logger, unless logging is off or the request must not be logged.
    package func requestStarted(_ context: RequestContext) {
        guard isEnabled, Self.isEnabledProcessWide, context.shouldPrintLogs else { return }
        logger.requestStarted(context)
    }

    /// Passes the end of an attempt on to the logger, unless logging is off or the request must
    /// not be logged.
    package func requestAttemptEnded(_ attempt: RequestAttempt, context: RequestContext) {
        guard isEnabled, Self.isEnabledProcessWide, context.shouldPrintLogs else { return }
        logger.requestAttemptEnded(attempt, context: context)
    }

    /// Passes the completion on to the logger, unless logging is off or the request must not be logged.
    package func requestCompleted(_ completion: RequestCompletion) {
        guard isEnabled, Self.isEnabledProcessWide, completion.context.shouldPrintLogs else { return }
        logger.requestCompleted(completion)
    }
}
