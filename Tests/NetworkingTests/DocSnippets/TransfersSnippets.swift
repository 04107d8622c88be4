// The code blocks of the DocC articles "Transfers" and "Observability and logging"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum TransfersSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Transfers, "Progress".
    static func progress(networking: Networking, destination: URL) async throws {
        let (updates, reporter) = ProgressReporter.makeStream()
        async let download = networking.download("/files/report.pdf", to: destination, progress: reporter)
        for await update in updates {
            print(update.fractionCompleted.map { "\(Int($0 * 100)) %" } ?? "\(update.completedBytes) bytes")
        }
        let file = try await download.get()
        _ = file
    }

    // Transfers, "Resumable downloads".
    static func resumable(networking: Networking, iso: URL, downloads: URL) async {
        let manager = DownloadManager(networking: networking)
        switch await manager.download("/files/ubuntu.iso", to: iso) {
        case .success(let file): print("done, \(file.resumedFrom) bytes were kept from an earlier attempt")
        case .failure(.cancelled): print("stopped; the next call continues where this one stopped")
        case .failure(let error): print(error)
        }
        for pending in manager.pendingDownloads(in: downloads) {  // after a crash or a restart
            print("continuing \(pending.url) from byte \(pending.bytesOnDisk)")
            _ = await manager.resume(pending)
        }
    }

    // Transfers, "Resumable uploads".
    static func resumableUploads(networking: Networking, video: URL) async {
        let uploads = UploadManager(networking: networking)
        switch await uploads.upload("/videos", fileURL: video, contentType: "video/mp4") {
        case .success(let response): print("stored, status \(response.statusCode)")
        case .failure(.validation(let reason, _)): print("the server's offset was refused: \(reason)")
        case .failure(let error): print(error)  // the state stays beside the file: calling again resumes
        }
        for pending in uploads.pendingUploads(in: video.deletingLastPathComponent()) {  // after a restart
            print("continuing \(pending.uploadURL) from byte \(pending.uploadedBytes)")
            _ = await uploads.resume(pending)
        }
        await uploads.cancel(video)  // stops the upload and deletes it on the server
    }

    // Transfers, "Stream a request body, and trailers".
    static func streamedUpload(transport: any HTTPTransport) async throws {
        let (chunks, feed) = AsyncStream<Data>.makeStream()
        var body = HTTPBody(chunks, length: nil, iterationBehavior: .single)
        body.trailers = { ["X-Parts": "2"] }
        var upload = URLRequest(url: URL(string: "https://api.example.com/echo")!)
        upload.httpMethod = "POST"
        let response = try await transport.send(TransportRequest(head: upload, body: body, reading: .streamed))
        var echoes = response.body.makeAsyncIterator()
        feed.yield(Data("first".utf8))
        let firstEcho = try await echoes.next()
        feed.yield(Data("second".utf8))
        feed.finish()
        while let echo = try await echoes.next() { print(firstEcho?.count ?? 0, echo.count) }
        print(response.body.trailers["X-Parts"] ?? "no trailers")
    }

    // Transfers, "Upload files".
    static func uploads(networking: Networking, video: URL, reporter: ProgressReporter) async {
        let uploaded: Result<JSONResponse, NetworkingError> = await networking.upload(
            "/videos", fileURL: video, contentType: "video/mp4", progress: reporter)
        let form: Result<JSONResponse, NetworkingError> = await networking.upload(
            "/videos",
            files: [FormDataFile(fileURL: video, parameterName: "video", type: FormDataPartType("video/mp4"))],
            fields: ["title": "Holidays"])
        _ = (uploaded, form)
    }

    // Transfers, "Stream a response".
    static func streaming(networking: Networking) async throws {
        for try await line in try await networking.lines("/logs/tail").get() { print(line) }
        let export = try await networking.stream("/exports/2024.csv").get()
        for try await chunk in export.body { print("\(chunk.count) more bytes") }
    }

    // Transfers, "Server-Sent Events".
    static func serverSentEvents(networking: Networking) async throws {
        let events = await networking.serverSentEvents(
            "/v1/completions/stream", reconnection: ServerSentEventStream.Reconnection(maxAttempts: 10))
        for try await event in events {
            if event.data == "[DONE]" { break }
            print(event.event, event.id ?? "-", event.data)
        }
    }

    // Transfers, "Bounded buffering".
    static func bounded() {
        let strict = Networking(baseURL: "https://api.example.com", maxResponseBodySize: 16 * 1024 * 1024)
        _ = strict
    }
}

private enum ObservabilitySnippets {
    // Observability and logging, "The event stream".
    static func events(networking: Networking) async {
        let stream = await networking.events()
        Task {
            for await event in stream {
                switch event {
                case .started(let context):
                    print("→ [\(context.id)] \(context.method) \(context.url?.absoluteString ?? "")")
                case .completed(let context, let outcome, let duration, let metrics):
                    switch outcome {
                    case .success(let statusCode, let byteCount):
                        print("← [\(context.id)] \(statusCode) (\(byteCount) bytes) in \(duration)")
                    case .failure(let error):
                        print("✗ [\(context.id)] \(error.localizedDescription), retryable: \(error.isRetryable)")
                    }
                    if let metrics {
                        print("  \(metrics.responseBodyBytes ?? 0) bytes, \(metrics.redirectCount) redirects")
                        for hop in metrics.redirects { print("  \(hop.statusCode) from \(hop.url) to \(hop.location)") }
                        print("  DNS \(metrics.domainLookup ?? 0) s, TLS \(metrics.secureConnection ?? 0) s")
                    }
                }
            }
        }
    }

    // Observability and logging, "The event stream": an observer.
    struct StatusCounter: RequestObserver {
        func requestStarted(_ context: RequestContext) {}
        func requestCompleted(_ completion: RequestCompletion) {
            if case .failure(let error) = completion.outcome { print("failed:", error.statusCode ?? 0) }
        }
    }

    static func observer(networking: Networking) async {
        await networking.addObserver(StatusCounter())
    }

    // Observability and logging, "Send the log to your own logger".
    struct PrintSink: LogSink {
        func write(_ record: LogRecord) {
            print(record.severity == .failure ? "error:" : "info:", record.message)
        }
    }

    static func routeLog(networking: Networking) async {
        await networking.setLogSinks([PrintSink()])
    }

    // Observability and logging, "The built-in log" and "Privacy".
    static func logging(networking: Networking, request: URLRequest) async {
        await networking.setLogLevel(.none)  // nothing
        await networking.setLogLevel(.failures)  // the default
        await networking.setLogLevel(.all)  // every request, when it starts and when it ends
        await networking.setLogsToStandardError(false)
        await networking.setRedactsLogs(true)

        await networking.setRedactedHeaderFields(["Authorization", "X-Api-Key"])

        print(request.cURLDescription(redacting: await networking.redactedHeaderFields))
    }

    // Observability and logging, "Read the log from a file".
    static func logFile(networking: Networking) async {
        await networking.setLogFileURL(URL(fileURLWithPath: "/tmp/networking.log"))
    }
}
