#if canImport(Darwin)
    import Foundation
    import Synchronization

    // Background sessions (`URLSessionConfiguration.background(withIdentifier:)`) on Apple
    // platforms. They run download and upload tasks only, in a system process that carries on
    // while the app is suspended, so file downloads use download tasks there: the file URLSession
    // writes is copied into the download target in `didFinishDownloadingTo` (the only moment it
    // exists) and then removed. Transfers that finish while the app is not running belong to no
    // call and are discarded; resume those with `DownloadManager`.
    // Compiled on Apple platforms only; the tests run on Linux, which has no background sessions.

    extension URLSessionTransport {
        /// A request on a background session: its body downloaded to a temporary file by a
        /// download task, then streamed from that file (removed once read or dropped).
        func backgroundResponse(_ request: URLRequest) async throws(NetworkingError) -> TransportResponse {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("networking-\(UUID().uuidString)")
            let outcome: FileDownloadExchange
            do {
                outcome = try await backgroundDownload(request, to: DownloadTarget(file: file))
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            guard outcome.wroteFile else {
                try? FileManager.default.removeItem(at: file)
                return TransportResponse(outcome.exchange)
            }
            let (stream, continuation) = ResponseBodyStream.makeStream(bufferLimit: maxResponseBodySize)
            Task {
                defer { try? FileManager.default.removeItem(at: file) }
                do throws(NetworkingError) {
                    for try await chunk in HTTPBody(fileURL: file) where !continuation.yield(chunk) { return }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            return TransportResponse(
                request: outcome.request, head: outcome.head, stream: stream, metrics: outcome.metrics)
        }

        /// A download through a download task, as background sessions require (one hop: the
        /// pipeline follows redirects).
        func backgroundDownload(
            _ request: URLRequest, to target: DownloadTarget
        ) async throws(NetworkingError) -> FileDownloadExchange {
            let start = Date()
            if Task.isCancelled { throw .cancelled }
            let writer = FileBodyWriter(target: target, progress: nil)
            let (response, body) = try await downloadTask(request, writer: writer)
            let received = writer.isWriting ? writer.bytesWritten : Int64(body.count)
            let metrics = TransactionMetrics(startDate: start, endDate: Date(), responseBodyBytes: received)
            return writer.outcome(request: request, head: ResponseHead(response), body: body, metrics: metrics)
        }

        /// One hop through a download task.
        private func downloadTask(
            _ request: URLRequest, writer: FileBodyWriter
        ) async throws(NetworkingError) -> (HTTPURLResponse, Data) {
            if let settingsError { throw settingsError }
            try RequestHeadCheck.validate(request)
            let task = session.downloadTask(with: Self.withoutProxyCredentials(request))
            let sink = TaskSink.file(writer)
            let result = await withTaskCancellationHandler {
                await withUnsafeContinuation { (continuation: UnsafeContinuation<TransferResult, Never>) in
                    delegate.register(task, continuation: continuation, sink: sink)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
            switch result {
            case .success(let response, let body): return (response, body)
            case .failure(let error): throw error
            }
        }

        /// Hands over the completion handler the app received in
        /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`; it is called on
        /// the main queue once the session has delivered all its events.
        public func setBackgroundEventsCompletionHandler(_ handler: @escaping @Sendable () -> Void) {
            delegate.backgroundEventsHandler.withLock { $0 = handler }
        }
    }

    extension SessionDelegate: URLSessionDownloadDelegate {
        func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
            defer { try? FileManager.default.removeItem(at: location) }
            let sink = states.withLock { $0[Self.key(downloadTask)]?.sink }
            guard case .file(let writer) = sink else { return }
            guard let response = downloadTask.response as? HTTPURLResponse else {
                finish(downloadTask) { _ in .failure(.invalidResponse) }
                return
            }
            do {
                var body = Data()
                if try writer.begin(response) {
                    let input = try FileHandle(forReadingFrom: location)
                    defer { try? input.close() }
                    while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try writer.write(chunk) }
                } else {
                    let input = try FileHandle(forReadingFrom: location)
                    defer { try? input.close() }
                    body = try input.read(upToCount: maxBodySize) ?? Data()
                }
                states.withLock { states in
                    states[Self.key(downloadTask)]?.response = response
                    states[Self.key(downloadTask)]?.body = body
                }
            } catch let error as NetworkingError {
                finish(downloadTask) { _ in .failure(error) }
            } catch {
                finish(downloadTask) { _ in .failure(FileBodyWriter.fileError(.cannotOpenFile, location, error)) }
            }
        }

        func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let handler = backgroundEventsHandler.withLock { handler in
                defer { handler = nil }
                return handler
            }
            guard let handler else { return }
            DispatchQueue.main.async { handler() }
        }
    }
#endif
