import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The option header by which a request asks loggers not to record it: `false` means "do not
    /// log"; absent (the default) means it may be logged. The endpoint layer sets it for endpoints
    /// whose `shouldPrintLogs` is `false`. Like the other option headers it is never sent (it is
    /// removed before the transport).
    public static let printsLogsHeader = "X-Networking-Print-Logs"

    /// Whether loggers may record this request: `true` unless set to `false`.
    public var shouldPrintLogs: Bool {
        get {
            guard let value = headerValue(Self.printsLogsHeader) else { return true }
            return value.trimmingCharacters(in: .whitespaces).lowercased() != "false"
        }
        set {
            setValue(newValue ? nil : "false", forHTTPHeaderField: Self.printsLogsHeader)
        }
    }
}

extension RequestContext {
    /// Whether loggers may record this request: `false` when it came from an endpoint whose
    /// `shouldPrintLogs` is `false` (see `URLRequest.shouldPrintLogs`). Every logger should honour
    /// it; `LogGate` makes any observer honour it.
    public var shouldPrintLogs: Bool {
        guard let value = headers[URLRequest.printsLogsHeader] else { return true }
        return value.trimmingCharacters(in: .whitespaces).lowercased() != "false"
    }
}

/// Wraps a logger (any `RequestObserver` that writes logs) so that it never hears about requests
/// that must not be logged: those whose `RequestContext.shouldPrintLogs` is `false`, and, when
/// `isEnabled` is `false`, every request. The requests it does pass on reach the logger without
/// their option headers (`URLRequest.interceptorOptionHeaders`), which are never sent.
///
/// Events and metrics observers should not be wrapped: the flag is about logs only.
public struct LogGate: RequestObserver {
    /// The logger.
    public let logger: any RequestObserver
    /// Whether this gate passes anything on at all (see also `isEnabledProcessWide`).
    public let isEnabled: Bool

    /// The process-wide switch every gate obeys (default `true`): while it is `false`, no logger
    /// behind a `LogGate` records anything, whatever a request or a gate says. Safe to set from
    /// any thread; requests read it as they start and end.
    public static var isEnabledProcessWide: Bool {
        get { processWide.load(ordering: .relaxed) }
        set { processWide.store(newValue, ordering: .relaxed) }
    }

    private static let processWide = Atomic<Bool>(true)

    /// Wraps `logger`.
    public init(_ logger: any RequestObserver, isEnabled: Bool = true) {
        self.logger = logger
        self.isEnabled = isEnabled
    }

    /// The logger's, or `true` when disabled (nothing is passed on at all).
    public var observesFailuresOnly: Bool { !isEnabled || !Self.isEnabledProcessWide || logger.observesFailuresOnly }

    public func requestStarted(_ context: RequestContext) {
        guard isEnabled, Self.isEnabledProcessWide, context.shouldPrintLogs else { return }
        logger.requestStarted(Self.withoutOptions(context))
    }

    public func requestCompleted(_ completion: RequestCompletion) {
        guard isEnabled, Self.isEnabledProcessWide, completion.context.shouldPrintLogs else { return }
        logger.requestCompleted(
            RequestCompletion(
                context: Self.withoutOptions(completion.context), outcome: completion.outcome,
                duration: completion.duration, metrics: completion.metrics, response: completion.response))
    }

    /// `context` without the option headers (the same request: same `id`).
    static func withoutOptions(_ context: RequestContext) -> RequestContext {
        let options = URLRequest.interceptorOptionHeaders
        guard options.contains(where: { context.headers.contains($0) }) else { return context }
        var headers = context.headers
        for name in options { headers[name] = nil }
        return RequestContext(
            id: context.id, method: context.method, url: context.url, headers: headers, body: context.body,
            kind: context.kind)
    }
}
