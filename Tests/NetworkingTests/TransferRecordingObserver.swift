import Networking
import Synchronization

/// Records what observers are told.
final class TransferRecordingObserver: RequestObserver {
    private let state = Mutex<(started: [RequestContext], completed: [RequestCompletion])>(([], []))

    var started: [RequestContext] { state.withLock { $0.started } }
    var completed: [RequestCompletion] { state.withLock { $0.completed } }

    func requestStarted(_ context: RequestContext) { state.withLock { $0.started.append(context) } }
    func requestCompleted(_ completion: RequestCompletion) { state.withLock { $0.completed.append(completion) } }
}
