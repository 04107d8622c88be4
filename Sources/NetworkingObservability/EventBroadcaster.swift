import Foundation
import Synchronization

/// A `RequestObserver` that fans every request's events out to any number of `AsyncStream`s.
///
/// Each call to `events()` returns a stream of its own that sees every request from then on.
/// A request already in flight when the stream is created may show up only as its `.completed`.
///
/// **Buffering.** Yielding never waits for a consumer: each stream buffers up to `bufferSize`
/// events (`AsyncStream`'s `.bufferingNewest`) and, if its consumer falls further behind, the
/// oldest buffered events are dropped. So a slow or stuck consumer never slows a request down
/// and never makes memory grow without bound; one that keeps up loses nothing. The default,
/// 10,000 events, absorbs a burst of 5,000 concurrent requests; an event holds its request's
/// context (headers, and the in-memory request body, shared rather than copied).
///
/// **Leaks.** A consumer that stops listening (breaks out of its loop, has its task cancelled,
/// or drops the stream) is removed at once: nothing is yielded to it afterwards and nothing of it
/// is kept.
public final class EventBroadcaster: RequestObserver {
    /// The events each stream buffers for a consumer that has fallen behind, unless told otherwise.
    @usableFromInline package static let defaultBufferSize = 10_000

    private let continuations = Mutex<[UUID: AsyncStream<NetworkingEvent>.Continuation]>([:])

    /// Creates a broadcaster with no consumers.
    public init() {}

    /// A new stream of every request's events, buffering at most `bufferSize` of them (10,000
    /// unless told otherwise; see "Buffering" above).
    public func events(bufferSize: Int = EventBroadcaster.defaultBufferSize) -> AsyncStream<NetworkingEvent> {
        let (stream, continuation) = AsyncStream<NetworkingEvent>.makeStream(
            bufferingPolicy: .bufferingNewest(max(1, bufferSize)))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// How many streams are listening.
    package var consumerCount: Int { continuations.withLock { $0.count } }

    /// Ends every stream (their `for await` loops finish).
    package func finishAll() {
        let all = continuations.withLock { Array($0.values) }
        for continuation in all { continuation.finish() }
    }

    /// Sends a `started` event to every subscriber.
    public func requestStarted(_ context: RequestContext) {
        broadcast(.started(context))
    }

    /// Sends the completion's event to every subscriber.
    public func requestCompleted(_ completion: RequestCompletion) {
        broadcast(NetworkingEvent(completion))
    }

    private func broadcast(_ event: NetworkingEvent) {
        let targets = continuations.withLock { Array($0.values) }
        for continuation in targets { continuation.yield(event) }
    }

    deinit { finishAll() }
}
