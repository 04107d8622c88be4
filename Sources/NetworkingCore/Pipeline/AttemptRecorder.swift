import Foundation
import Synchronization

/// The attempts of one observed request (see `RequestAttempt`).
///
/// The pipeline makes one per request only when the request has observers (a request nobody
/// observes makes none and does no work for attempts). The innermost step (`TransportStep`) counts
/// the attempts, exactly where each leaves for the transport; the retrying interceptors, which run
/// inside the chain and know no observer, find the recorder in the request's options
/// (`RequestOptions.attemptRecorder`) and label the attempt they are about to make: why, and after
/// how long a wait. Each attempt is reported to the observers as it ends, once their
/// `requestStarted` was (never to observers of failures only, which hear of a request only when it
/// has failed), and kept for the completion: the first inline, a list only once there is a second.
package final class AttemptRecorder: Sendable {
    /// An attempt under way: its number, and why and after what wait it was made.
    package struct Start: Sendable {
        let number: Int
        let reason: RequestAttempt.Reason
        let delay: Duration
        /// How many spans the request's trace had when the attempt started.
        let spanCount: Int
    }

    private struct State {
        var count = 0
        /// The label of the next attempt, set by an interceptor about to make it.
        var next: (reason: RequestAttempt.Reason, delay: Duration)?
        var first: RequestAttempt?
        /// Every attempt that ended, in order of number, once there were two.
        var all: [RequestAttempt] = []
    }

    private let state = Mutex(State())
    private let observers: [any RequestObserver]
    /// The context the observers were told of at the start, or `nil` while none was (observers of
    /// failures only): then attempts are kept, not reported.
    private let context: RequestContext?
    /// The request's trace, when tracing is on: each attempt names the spans of its hops.
    private let tracer: RequestTracer?

    /// A recorder reporting to `observers` under `context` (when their start was reported).
    package init(observers: [any RequestObserver], context: RequestContext?, tracer: RequestTracer?) {
        self.observers = observers
        self.context = context
        self.tracer = tracer
    }

    /// Labels the next attempt: it is made because of `reason`, after waiting `delay`.
    package func willRetry(because reason: RequestAttempt.Reason, after delay: Duration) {
        state.withLock { $0.next = (reason, delay) }
    }

    /// Counts an attempt leaving for the transport, with the label an interceptor gave it.
    package func begin() -> Start {
        let spanCount = tracer?.attemptSpanCount ?? 0
        return state.withLock { state in
            state.count += 1
            let label = state.next ?? (state.count == 1 ? .first : .unspecified, .zero)
            state.next = nil
            return Start(number: state.count, reason: label.reason, delay: label.delay, spanCount: spanCount)
        }
    }

    /// Ends the attempt `start` with `outcome`, and reports it.
    package func end(_ start: Start, _ outcome: RequestAttempt.Outcome, metrics: TransactionMetrics?) {
        let attempt = RequestAttempt(
            number: start.number, reason: start.reason, delay: start.delay, outcome: outcome, metrics: metrics,
            spanIDs: tracer?.attemptSpanIDs(from: start.spanCount) ?? [])
        state.withLock { state in
            if state.first == nil, state.all.isEmpty {
                state.first = attempt
                return
            }
            if let first = state.first {
                state.all = [first]
                state.first = nil
            }
            let index = state.all.firstIndex { $0.number > attempt.number } ?? state.all.endIndex
            state.all.insert(attempt, at: index)
        }
        guard let context else { return }
        for observer in observers { observer.requestAttemptEnded(attempt, context: context) }
    }

    /// Ends the attempt `start` with the first of the transport's `resends` (the times it sent the
    /// request again on its own, the server having left it unprocessed), records each later resend
    /// as an attempt of its own, and returns the start of the attempt that was answered.
    package func end(_ start: Start, resentAfter resends: [TransactionMetrics.Resend]) -> Start {
        var current = start
        for resend in resends {
            end(current, .failure(resend.error), metrics: nil)
            let spanCount = tracer?.attemptSpanCount ?? 0
            current = state.withLock { state in
                state.count += 1
                return Start(
                    number: state.count, reason: .resent(resend.cause), delay: resend.delay, spanCount: spanCount)
            }
        }
        return current
    }

    /// How many attempts were made so far.
    package var count: Int { state.withLock { $0.count } }

    /// Every attempt that ended, in order, when there were more than one; empty otherwise.
    package var attempts: [RequestAttempt] { state.withLock { $0.all } }
}

/// The slot of `RequestOptions` that carries a request's `AttemptRecorder` down the chain. It takes
/// no part in the options' equality or hash: two requests asking the same of the policies have
/// equal options whatever records their attempts.
package struct AttemptRecorderSlot: Sendable, Hashable {
    var recorder: AttemptRecorder?

    package static func == (lhs: Self, rhs: Self) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}

extension RequestOptions {
    /// The recorder of the request's attempts, when it has observers: the retrying interceptors
    /// label the attempt they are about to make with it (`willRetry(because:after:)`).
    package var attemptRecorder: AttemptRecorder? {
        get { recorderSlot.recorder }
        set { recorderSlot.recorder = newValue }
    }
}
