import Foundation
import Networking
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport of one's own, written from the seam alone, and what the library hands it: the body
/// as a body (never a local path), no option in any header field, a file body sent again on a
/// retry and a one-shot stream body never.
final class RequestBodyReplayTests: XCTestCase {
    /// Ten lines that know nothing of the library's internals: it reads whatever body the request
    /// carries, records it, and answers with the next status.
    final class TenLineTransport: HTTPTransport {
        let sent = Mutex<[(headers: [String: String], body: Data)]>([])
        let statuses: Mutex<[Int]>
        init(statuses: [Int]) { self.statuses = Mutex(statuses) }

        func send(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
            var body = request.httpBody ?? Data()
            if let stream = request.httpBodyStream { body = Self.read(stream) }
            sent.withLock { $0.append((request.allHTTPHeaderFields ?? [:], body)) }
            let status = statuses.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: [:])!
            return HTTPExchange(request: request, response: response, body: Data("{}".utf8))
        }

        static func read(_ stream: InputStream) -> Data {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            stream.open()
            defer { stream.close() }
            while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
                data.append(buffer, count: count)
            }
            return data
        }
    }

    private func temporaryFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file
    }

    func testAFileBodyReachesAnyTransportAsABodyAndIsSentAgainOnARetry() async throws {
        let file = try temporaryFile("file contents")
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = TenLineTransport(statuses: [503, 200])
        let networking = Networking(baseURL: "https://api.example.test", transport: transport)
        await networking.setInterceptors([RetryInterceptor(maxAttempts: 2, baseDelay: .zero, maxDelay: .zero)])
        let result: Result<Void, NetworkingError> = await networking.upload(
            "/upload", fileURL: file, contentType: "text/plain", method: .put)
        XCTAssertNoThrow(try result.get())
        let sent = transport.sent.withLock { $0 }
        XCTAssertEqual(sent.map(\.body), [Data("file contents".utf8), Data("file contents".utf8)])
        for request in sent {
            let names = request.headers.keys.map { $0.lowercased() }
            XCTAssertFalse(names.contains { $0.hasPrefix("x-networking") }, "\(names)")
            XCTAssertFalse(request.headers.values.contains { $0.contains(file.path) }, "no local path is sent")
        }
    }

    func testAOneShotStreamBodyIsNeverRetried() async throws {
        let transport = TenLineTransport(statuses: [503, 200])
        let chain = InterceptorChain(
            interceptors: [RetryInterceptor(maxAttempts: 3, baseDelay: .zero, maxDelay: .zero)], transport: transport)
        var request = URLRequest(url: URL(string: "https://api.example.test/put")!)
        request.httpMethod = "PUT"
        request.httpBodyStream = InputStream(data: Data("read once".utf8))
        XCTAssertFalse(request.isBodyReplayable)
        let exchange = try await chain.send(request)
        XCTAssertEqual(exchange.statusCode, 503, "the failure is returned, not retried with an empty body")
        XCTAssertEqual(transport.sent.withLock { $0.map(\.body) }, [Data("read once".utf8)])

        var fileRequest = request
        let file = try temporaryFile("again")
        defer { try? FileManager.default.removeItem(at: file) }
        fileRequest.setFileBody(file)
        XCTAssertTrue(fileRequest.isBodyReplayable)
        XCTAssertEqual(fileRequest.fileBodyURL, file)
    }
}
