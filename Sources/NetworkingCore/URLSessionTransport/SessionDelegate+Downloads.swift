import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Download tasks, which background sessions run for requests without a body (see
// URLSessionTransport+Background.swift). The body arrives as a file URLSession wrote, which exists
// only during this call: it is moved to the task's `DownloadTaskFile`. The response head is the
// task's (`didReceive(response:)` is a data task's call), read at completion.

extension SessionDelegate: URLSessionDownloadDelegate {
    // URLSessionDownloadDelegate: `func urlSession(_ session: URLSession, downloadTask:
    // URLSessionDownloadTask, didFinishDownloadingTo location: URL)` — developer.apple.com/documentation/
    // foundation/urlsessiondownloaddelegate/urlsession(_:downloadtask:didfinishdownloadingto:)
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        let sink = states.withLock { $0[Self.key(downloadTask)]?.sink }
        guard case .downloadedFile(let destination) = sink else {
            // No transfer waits for it (cancelled, or not the library's): swift-corelibs-foundation
            // would leave it behind.
            try? FileManager.default.removeItem(at: location)
            return
        }
        do {
            try FileManager.default.moveItem(at: location, to: destination.url)
        } catch {
            try? FileManager.default.removeItem(at: location)
            finish(downloadTask) { _ in .failure(FileBodyWriter.fileError(.cannotMoveFile, destination.url, error)) }
            return
        }
        _ = destination.arrive()
    }
}
