import Foundation
import NetworkingObservability
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport answering every request with `status` and `body`, echoing the request's URL.
func cannedTransport(
    status: Int = 200, headers: [String: String] = ["Content-Type": "application/json"], body: Data = Data("{}".utf8)
) -> ClosureTransport {
    ClosureTransport(exchange: { (request) throws(NetworkingError) -> HTTPExchange in
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw .invalidResponse }
        return HTTPExchange(request: request, response: response, body: body)
    })
}

/// A pipeline for `http://example.test` with `observers`.
func pipeline(
    _ transport: any HTTPTransport, observers: [any RequestObserver], headers: HTTPHeaders = [:]
) -> Pipeline {
    Pipeline(
        builder: RequestBuilder(baseURL: "http://example.test", defaultHeaders: headers), transport: transport,
        observers: observers)
}

/// Runs `request` on `pipeline`, returning the raw body.
@discardableResult
func send(_ pipeline: Pipeline, _ request: HTTPRequest) async -> Result<Data, NetworkingError> {
    await pipeline.send(request).decoded { (exchange) throws(NetworkingError) -> Data in exchange.body }
}

/// A sink that keeps what it is given.
final class MemorySink: LogSink {
    private let stored = Mutex<[LogRecord]>([])

    func write(_ record: LogRecord) { stored.withLock { $0.append(record) } }

    var records: [LogRecord] { stored.withLock { $0 } }

    /// Everything written, as the plain text a file would hold.
    var text: String { records.map(\.text).joined() }
}

extension XCTestCase {
    /// A unique path in a directory of its own under the temporary directory (neither is created
    /// here); the directory, with whatever the test put in it, is removed when the test ends.
    func temporaryFileURL(_ name: String = "networking.log") -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("NetworkingObservabilityTests-\(UUID().uuidString)", isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.appendingPathComponent(name)
    }
}
