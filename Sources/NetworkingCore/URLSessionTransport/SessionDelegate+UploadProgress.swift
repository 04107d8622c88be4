import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SessionDelegate {
    /// Where a task's body progress goes, and how much of it was sent.
    struct UploadProgress: Sendable {
        let reporter: ProgressReporter
        let total: Int64?
        var sent: Int64 = 0
    }

    /// Reports the body `task` sends (an upload from a file) to `reporter`, as URLSession sends it.
    func reportUpload(of task: URLSessionTask, to reporter: ProgressReporter, totalBytes: Int64?) {
        uploads.withLock { $0[Self.key(task)] = UploadProgress(reporter: reporter, total: totalBytes) }
    }

    /// URLSession sent `bytesSent` more bytes of a body. The deltas are added up: on Linux the
    /// running total URLSession passes lags behind and repeats.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = uploads.withLock { uploads -> UploadProgress? in
            guard var progress = uploads[Self.key(task)] else { return nil }
            progress.sent += bytesSent
            uploads[Self.key(task)] = progress
            return progress
        }
        guard let progress else { return }
        progress.reporter.report(TransferProgress(completedBytes: progress.sent, totalBytes: progress.total))
    }
}
