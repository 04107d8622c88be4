import Foundation

extension HARDocument.Timings {
    /// The phases of an exchange measured as `metrics` (or that only took `duration` seconds), in
    /// milliseconds.
    ///
    /// `blocked`, `dns`, `connect` and `ssl` are the metrics' queue time, host lookup, connection
    /// (TLS included, as the format counts it) and TLS handshake, or `-1` when not measured (a
    /// reused connection has none). `send`, `wait` and `receive` are required: the library does
    /// not time the sending apart, so `send` is 0; `wait` runs to the first response byte and
    /// `receive` from there to the end. When the first byte was not timed, the time no phase
    /// accounts for counts as `wait`.
    init(metrics: TransactionMetrics?, duration: TimeInterval) {
        let total = metrics?.duration ?? duration
        let dns = metrics?.domainLookup
        let connect = metrics?.connect
        let setUp = (dns ?? 0) + (connect ?? 0)
        let wait: TimeInterval
        let receive: TimeInterval
        if let firstByte = metrics?.timeToFirstByte {
            wait = max(0, firstByte - setUp)
            receive = max(0, total - max(firstByte, setUp))
        } else {
            wait = max(0, total - setUp)
            receive = 0
        }
        self.init(
            blocked: Self.milliseconds(metrics?.queueTime), dns: Self.milliseconds(dns),
            connect: Self.milliseconds(connect), send: 0, wait: Self.required(wait),
            receive: Self.required(receive), ssl: Self.milliseconds(metrics?.secureConnection))
    }

    /// The exchange's whole time as the format defines it: the sum of the phases that were
    /// measured, `ssl` aside since `connect` includes it.
    var total: Double {
        let phases = [blocked, dns, connect, send, wait, receive].compactMap { $0 }.filter { $0 > 0 }
        return Self.rounded(phases.reduce(0, +))
    }

    /// `seconds` in milliseconds, to the microsecond; `-1` when not measured (or not a number).
    private static func milliseconds(_ seconds: TimeInterval?) -> Double {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return -1 }
        return rounded(seconds * 1000)
    }

    /// A phase the format requires: 0 rather than `-1`.
    private static func required(_ seconds: TimeInterval) -> Double {
        max(0, milliseconds(seconds))
    }

    private static func rounded(_ milliseconds: Double) -> Double {
        (milliseconds * 1000).rounded() / 1000
    }
}
