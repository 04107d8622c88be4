import Foundation
import Synchronization

/// A change of state of an origin's circuit, as ``CircuitBreakerInterceptor/transitions()``
/// reports it.
public enum CircuitTransition: Sendable, Hashable {
    /// The origin's circuit opened (or, after a failed probe, opened again): its requests fail at
    /// once until ``OpenCircuit/retryAt``.
    case opened(OpenCircuit)
    /// A probe the origin answered closed its circuit: its requests go through again.
    case closed(origin: String)
}

/// Hands each transition of a breaker's circuits to every stream asked for, in order; a stream that
/// ends (its consumer gone) is dropped.
package final class CircuitTransitions: Sendable {
    private let continuations = Mutex<[UUID: AsyncStream<CircuitTransition>.Continuation]>([:])

    package init() {}

    /// A stream of the transitions from now on; it buffers the newest 100 its reader has not taken.
    package func stream() -> AsyncStream<CircuitTransition> {
        let (stream, continuation) = AsyncStream<CircuitTransition>.makeStream(bufferingPolicy: .bufferingNewest(100))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// Hands `transition` to every stream.
    package func yield(_ transition: CircuitTransition) {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield(transition) }
    }
}
