import Foundation
import Synchronization

/// The circuits of a ``CircuitBreakerInterceptor``, one per origin, and the rules that open and
/// close them.
///
/// A circuit is closed while its origin answers. Each failure (a transient transport failure or a
/// 5xx) is remembered with its time; a success forgets them all, and a failure older than `window`
/// no longer counts. When `threshold` failures are remembered, the circuit opens for `coolDown`:
/// every request to the origin is refused at once. After it one request, the probe, goes through
/// (the others are still refused while it runs); its success closes the circuit, its failure
/// opens it for another `coolDown`, and a probe that ends otherwise (cancelled) leaves the next
/// request to probe.
package final class CircuitBreaker: Sendable {
    /// What to do with a request.
    package enum Admission: Equatable, Sendable {
        /// Send it: the circuit is closed.
        case pass
        /// Send it as the probe of an open circuit whose cool-down is over.
        case probe
        /// Refuse it: the circuit is open.
        case refuse(OpenCircuit)
    }

    /// How a request the breaker let through ended, as far as its origin's health goes.
    package enum Verdict: Sendable {
        /// The origin answered (any status below 500).
        case success
        /// A transient transport failure, or a 5xx.
        case failure
        /// Neither: cancelled, or a failure of the client's own code.
        case neither
    }

    private struct Circuit {
        /// The times of the consecutive failures still within the window, oldest first.
        var failures: [Date] = []
        /// When the open circuit lets a probe through; `nil` while closed.
        var openUntil: Date?
        /// How many failures opened it.
        var openedAfter = 0
        /// Whether a probe is under way.
        var probing = false
    }

    package let threshold: Int
    package let window: Duration
    package let coolDown: Duration
    private let circuits = Mutex<[String: Circuit]>([:])
    /// Where each opening and closing is reported.
    package let transitions = CircuitTransitions()

    package init(threshold: Int, window: Duration, coolDown: Duration) {
        self.threshold = Swift.max(1, threshold)
        self.window = Swift.max(.zero, window)
        self.coolDown = Swift.max(.zero, coolDown)
    }

    /// Whether a request to `origin` may go out at `now`.
    package func admit(_ origin: String, now: Date) -> Admission {
        circuits.withLock { circuits in
            guard var circuit = circuits[origin], let openUntil = circuit.openUntil else { return .pass }
            let refusal = OpenCircuit(origin: origin, retryAt: openUntil, failureCount: circuit.openedAfter)
            if now < openUntil || circuit.probing { return .refuse(refusal) }
            circuit.probing = true
            circuits[origin] = circuit
            return .probe
        }
    }

    /// Records how a request to `origin` that was let through (as `admission`) ended at `now`, and
    /// reports the circuit's opening or closing to `transitions`.
    package func record(_ verdict: Verdict, for origin: String, admission: Admission, now: Date) {
        let transition = circuits.withLock { circuits -> CircuitTransition? in
            var circuit = circuits[origin] ?? Circuit()
            let wasProbe = admission == .probe
            var transition: CircuitTransition?
            switch verdict {
            case .success:
                // Closed, with nothing to remember.
                circuits[origin] = nil
                return circuit.openUntil == nil ? nil : .closed(origin: origin)
            case .neither:
                if wasProbe { circuit.probing = false }
            case .failure where wasProbe:
                circuit.probing = false
                circuit.openUntil = now + Self.seconds(coolDown)
                transition = .opened(open(circuit, origin))
            case .failure:
                // A request sent before the circuit opened adds nothing to an open circuit.
                guard circuit.openUntil == nil else { break }
                let horizon = now - Self.seconds(window)
                circuit.failures.removeAll { $0 < horizon }
                circuit.failures.append(now)
                if circuit.failures.count >= threshold {
                    circuit.openedAfter = circuit.failures.count
                    circuit.failures = []
                    circuit.openUntil = now + Self.seconds(coolDown)
                    transition = .opened(open(circuit, origin))
                }
            }
            let idle = circuit.failures.isEmpty && circuit.openUntil == nil
            circuits[origin] = idle ? nil : circuit
            return transition
        }
        if let transition { transitions.yield(transition) }
    }

    /// What an open `circuit` of `origin` tells a refused request.
    private func open(_ circuit: Circuit, _ origin: String) -> OpenCircuit {
        OpenCircuit(origin: origin, retryAt: circuit.openUntil ?? Date(), failureCount: circuit.openedAfter)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
