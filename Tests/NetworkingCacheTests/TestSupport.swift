import Foundation
import Synchronization
import XCTest

@testable import NetworkingCache

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    var function: @Sendable () -> Date { { self.now } }
}

/// A fresh directory under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "NetworkingCacheTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// A transport that answers from a script and records what it was asked.
final class ScriptedTransport: HTTPTransport {
    typealias Handler = @Sendable (URLRequest, Int) -> (status: Int, headers: [String: String], body: Data)

    private let handler: Handler
    private let log = Mutex<[URLRequest]>([])

    init(_ handler: @escaping Handler) { self.handler = handler }

    /// Every request received, in order.
    var requests: [URLRequest] { log.withLock { $0 } }
    var callCount: Int { log.withLock { $0.count } }
    func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        TransportResponse(try await answer(try await transportRequest.collectingBody()))
    }

    func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
        let index = log.withLock { log -> Int in
            log.append(request)
            return log.count
        }
        let (status, headers, body) = handler(request, index)
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw .invalidResponse }
        return HTTPExchange(request: request, response: response, body: body)
    }
}

func makeRequest(
    _ url: String = "http://example.test/resource", method: String = "GET", headers: [String: String] = [:]
) -> URLRequest {
    var request = URLRequest(url: URL(string: url) ?? URL(fileURLWithPath: "/"))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
}

func bodyText(_ exchange: HTTPExchange) -> String { String(decoding: exchange.body, as: UTF8.self) }
