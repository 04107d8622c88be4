import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a task's response body goes.
enum TaskSink: Sendable {
    /// Collected in memory, up to the body cap (the verbs).
    case memory
    /// Handed to a reader as it arrives; the task's continuation is resumed with the head.
    case stream(ResponseBodyStream.Continuation)
    /// Written to a file when the response is 2xx, else collected in memory.
    case file(FileBodyWriter)
    /// A download task's file, moved to this destination when the task has written it (see
    /// SessionDelegate+Downloads.swift).
    case downloadedFile(DownloadTaskFile)

    /// Ends the sink once the task has completed with `outcome`.
    func end(with outcome: TransferResult) {
        switch self {
        case .memory:
            break
        case .stream(let continuation):
            if case .failure(let error) = outcome {
                continuation.finish(throwing: error)
            } else {
                continuation.finish()
            }
        case .file(let writer):
            writer.close()
        case .downloadedFile(let destination):
            if case .failure = outcome { destination.discard() }
        }
    }
}

extension SessionDelegate {
    /// Hands a stream's head to the waiting transport; the body keeps flowing to the sink.
    func startStream(_ task: URLSessionTask, _ response: HTTPURLResponse) {
        // Built before the lock, so that the waiting task, which takes the lock after its await
        // (`URLSessionTransport.run`), is ordered after it.
        let head = TransferResult.success(response, Data(), streamHeadMetrics(of: task, url: response.url))
        let continuation = states.withLock { states -> UnsafeContinuation<TransferResult, Never>? in
            guard let state = states[Self.key(task)] else { return nil }
            state.response = response
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: head)
    }
}
