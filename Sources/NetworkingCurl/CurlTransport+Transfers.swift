#if os(Linux)
    import Foundation
    import FoundationNetworking
    import NetworkingCore
    import Synchronization

    // Progress-reporting sends and downloads to a file, with the same semantics as
    // `URLSessionTransport`: every HTTP response is returned, redirects follow `RedirectPolicy`,
    // and only the final response of a download touches the file.
    extension CurlTransport: ProgressReportingTransport, FileDownloadingTransport {
        /// Sends `request`, reporting the request body's bytes to `uploadProgress` and a 2xx
        /// response body's (decoded) bytes to `downloadProgress`, from the event-loop thread.
        public func send(
            _ request: URLRequest, uploadProgress: ProgressReporter?, downloadProgress: ProgressReporter?
        ) async throws(NetworkingError) -> HTTPExchange {
            guard uploadProgress != nil || downloadProgress != nil else { return try await send(request) }
            let upload = uploadProgress.map(CurlUploadProgress.init)
            return try await collect(request, progress: upload?.report) {
                CurlProgressSink(limit: $0, progress: downloadProgress)
            }
        }

        /// Writes a 2xx body to the target file on the event-loop thread as it arrives (memory
        /// stays at a few hundred KiB whatever the size); other bodies are collected up to
        /// `maxResponseBodySize`. On failure the file holds what arrived (the caller owns it).
        public func download(
            _ request: URLRequest, to target: DownloadTarget, progress: ProgressReporter?
        ) async throws(NetworkingError) -> FileDownloadExchange {
            let startDate = Date()
            let deadline = makeDeadline()
            var hops = RedirectHops(request, policy: configuration.redirectPolicy)
            while true {
                let writer = FileBodyWriter(target: target, progress: progress)
                defer { writer.close() }
                let sink = CurlFileSink(writer: writer, limit: configuration.maxResponseBodySize)
                let transfer = try makeTransfer(hops.current, deadline: deadline, sink: sink)
                let outcome = await run(transfer)
                defer { recycle(transfer) }
                let head = try Self.head(of: transfer, outcome)
                hops.storeCookies(from: head)
                if !writer.isWriting, try hops.follow(after: head.response) { continue }
                let metrics = Self.metrics(of: transfer, startDate: startDate, redirects: hops.count)
                return writer.outcome(request: hops.current, head: head, body: sink.memory.body, metrics: metrics)
            }
        }
    }

    /// Collects a body in memory like `BufferedBodySink` and reports a 2xx body's bytes.
    final class CurlProgressSink: CollectingBodySink {
        private let buffer: BufferedBodySink
        private let progress: ProgressReporter?
        private var reporting = false
        private var total: Int64?

        init(limit: Int, progress: ProgressReporter?) {
            self.buffer = BufferedBodySink(limit: limit)
            self.progress = progress
        }

        var body: Data { buffer.body }

        func responseStarted(_ head: ResponseHead, expectedLength: Int64?) -> NetworkingError? {
            if let error = buffer.responseStarted(head, expectedLength: expectedLength) { return error }
            reporting = progress != nil && (200..<300).contains(head.statusCode)
            total = expectedLength
            if reporting { progress?.report(TransferProgress(completedBytes: 0, totalBytes: total)) }
            return nil
        }

        func receive(_ bytes: UnsafeRawBufferPointer) -> NetworkingError? {
            if let error = buffer.receive(bytes) { return error }
            if reporting {
                progress?.report(TransferProgress(completedBytes: Int64(buffer.body.count), totalBytes: total))
            }
            return nil
        }
    }

    /// Forwards libcurl's upload counts to a `ProgressReporter` when they change.
    final class CurlUploadProgress: Sendable {
        private let reporter: ProgressReporter
        private let last = Mutex<Int64>(-1)

        init(_ reporter: ProgressReporter) { self.reporter = reporter }

        func report(_ progress: CurlTransport.TransferProgress) {
            let changed = last.withLock { last -> Bool in
                guard progress.bytesSent != last else { return false }
                last = progress.bytesSent
                return true
            }
            guard changed else { return }
            reporter.report(
                TransferProgress(completedBytes: progress.bytesSent, totalBytes: progress.totalBytesExpectedToSend))
        }
    }
#endif
