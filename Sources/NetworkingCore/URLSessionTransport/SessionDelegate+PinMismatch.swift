import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Report-only pins on URLSession: the server-trust challenge (Apple platforms, see
// ServerTrustEvaluation+Apple.swift) lets a connection whose key matched none of its host's
// `.reportOnly` pins go ahead, and each task over that connection names the host in its
// `TransactionMetrics.pinMismatch`, as `CurlTransport` does on Linux.

extension SessionDelegate {
    /// Keeps what the server-trust challenge of `task`'s connection, to the host and port of
    /// `space`, found of the host's pins: in the task's state, and for the tasks that will be sent
    /// over the same connection without a challenge of their own (`ReportedPinMismatches`).
    func record(_ pins: ServerTrust.PinCheck, of task: URLSessionTask, in space: URLProtectionSpace) {
        states.withLock { $0[Self.key(task)]?.pinCheck = pins }
        pinMismatches.record(pins, host: space.host, port: space.port)
    }

    /// `metrics` of the task whose state is `state` and whose response came from `url`, with
    /// `pinMismatch` naming the host when its key matched none of its `.reportOnly` pins (see
    /// `reportingPinMismatch(_:pinCheck:url:)`).
    func reportingPinMismatch(_ metrics: TransactionMetrics?, of state: State, url: URL?) -> TransactionMetrics? {
        reportingPinMismatch(metrics, pinCheck: state.pinCheck, url: url)
    }

    /// The metrics a stream's head carries when it reaches the transport: none, but for the host
    /// of a report-only pin mismatch (the body, and with it the platform's figures, come later).
    func streamHeadMetrics(of task: URLSessionTask, url: URL?) -> TransactionMetrics? {
        guard reportsPinMismatches else { return nil }
        return reportingPinMismatch(nil, pinCheck: states.withLock { $0[Self.key(task)]?.pinCheck }, url: url)
    }

    /// `metrics` with `pinMismatch` naming the host when its key matched none of its `.reportOnly`
    /// pins: as the task's own challenge found (`pinCheck`) or, for a task over a connection kept
    /// alive (`pinCheck` is `nil`), as the last challenge of `url`'s host and port found. When the
    /// platform measured nothing, metrics are made to carry the host (the transport sets their
    /// times).
    func reportingPinMismatch(_ metrics: TransactionMetrics?, pinCheck: ServerTrust.PinCheck?, url: URL?)
        -> TransactionMetrics?
    {
        guard reportsPinMismatches else { return metrics }
        guard let host = pinCheck.map(\.reportedHost) ?? pinMismatches.host(for: url) else { return metrics }
        var reported = metrics ?? TransactionMetrics(startDate: Date(), endDate: Date())
        reported.pinMismatch = host
        return reported
    }

    /// Whether a mismatch can be reported at all: some host is pinned, and only reported.
    private var reportsPinMismatches: Bool { serverTrust.enforcement == .reportOnly && !serverTrust.pins.isEmpty }
}
