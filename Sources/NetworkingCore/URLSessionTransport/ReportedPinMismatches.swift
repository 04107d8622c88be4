import Foundation
import Synchronization

/// What the last server-trust check of each host and port found of the host's `.reportOnly`
/// pins, for the tasks that see no check.
///
/// URLSession checks a server's certificate once per connection: a task sent over a connection
/// kept alive gets no server-trust challenge. Such a task is reported as the last check of its
/// host and port found (`host(for:)`), so that every request over a connection whose key matched
/// none of the host's pins names the host in its `TransactionMetrics.pinMismatch`, not only the
/// request that opened it. A task that saw a check of its own is reported by that check.
final class ReportedPinMismatches: Sendable {
    /// The hosts whose last check reported a mismatch, keyed `host:port` (see `key`).
    private let mismatched = Mutex<[String: String]>([:])

    /// Records what the check of a connection to `host` on `port` found: a reported mismatch, or
    /// none (the key matched, or the host is not pinned).
    func record(_ check: ServerTrust.PinCheck, host: String, port: Int) {
        let key = Self.key(host, port)
        mismatched.withLock { mismatched in
            if case .reportedMismatch(let reported) = check {
                mismatched[key] = reported
            } else if !mismatched.isEmpty {
                mismatched[key] = nil
            }
        }
    }

    /// The host whose mismatch the last check of `url`'s host and port reported, or `nil`.
    func host(for url: URL?) -> String? {
        guard let url, let host = url.host else { return nil }
        let scheme = url.scheme?.lowercased()
        let port = url.port ?? (scheme == "http" || scheme == "ws" ? 80 : 443)
        let key = Self.key(host, port)
        return mismatched.withLock { $0.isEmpty ? nil : $0[key] }
    }

    /// Host names compare without regard to case; an IPv6 literal is written without brackets.
    private static func key(_ host: String, _ port: Int) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return "\(host):\(port)"
    }
}
