import Foundation
import Networking
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSessionTransport` runs its session delegate inline on URLSession's work queue and hands a
/// body over as soon as `Content-Length` bytes have arrived. These tests cover every way a body
/// can be framed, and every path on which the delegate ends a transfer early, checking each time
/// that the same session still serves the next request (a delegate blocking its own work queue
/// would hang every later request).
final class TransportDelegatePathTests: XCTestCase {
    override func setUp() async throws {
        try await HTTPBin.requireServer()
    }

    private static func send(
        _ transport: URLSessionTransport, _ path: String, method: String = "GET"
    ) async -> Result<HTTPExchange, NetworkingError> {
        await withDeadline {
            guard let url = URL(string: HTTPBin.baseURL + path) else { return .failure(.invalidResponse) }
            var request = URLRequest(url: url)
            request.httpMethod = method
            do throws(NetworkingError) {
                return .success(try await transport.send(request))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The session answers an ordinary request (a small one: under every cap used here).
    private func assertStillServes(
        _ transport: URLSessionTransport, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let exchange = try unwrapSuccess(await Self.send(transport, "/bytes/64"), file: file, line: line)
        XCTAssertEqual(exchange.statusCode, 200, file: file, line: line)
        XCTAssertEqual(exchange.body.count, 64, file: file, line: line)
    }

    func testBodiesOfEveryFramingArriveWhole() async throws {
        let transport = URLSessionTransport()
        let sized = try unwrapSuccess(await Self.send(transport, "/bytes/5000?seed=7"))
        XCTAssertEqual(sized.body.count, 5000, "Content-Length")
        let again = try unwrapSuccess(await Self.send(transport, "/bytes/5000?seed=7"))
        XCTAssertEqual(again.body, sized.body)

        let chunked = try unwrapSuccess(await Self.send(transport, "/stream-bytes/5000?seed=7&chunk_size=700"))
        XCTAssertEqual(chunked.body.count, 5000, "chunked, no Content-Length")

        for encoding in ["gzip", "deflate"] {
            let encoded = try unwrapSuccess(await Self.send(transport, "/\(encoding)"))
            let json = try JSONSerialization.jsonObject(with: encoded.body) as? [String: Any]
            XCTAssertEqual(json?[encoding == "gzip" ? "gzipped" : "deflated"] as? Bool, true, encoding)
        }

        let lines = try unwrapSuccess(await Self.send(transport, "/stream/4"))
        XCTAssertEqual(String(decoding: lines.body, as: UTF8.self).split(separator: "\n").count, 4)

        let empty = try unwrapSuccess(await Self.send(transport, "/status/204"))
        XCTAssertEqual(empty.statusCode, 204)
        XCTAssertTrue(empty.body.isEmpty)

        let head = try unwrapSuccess(await Self.send(transport, "/bytes/100", method: "HEAD"))
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertTrue(head.body.isEmpty, "HEAD: Content-Length but no body")

        let redirected = try unwrapSuccess(await Self.send(transport, "/redirect/2"))
        XCTAssertEqual(redirected.statusCode, 200)
        XCTAssertEqual(redirected.metrics?.redirectCount, 2)
        try await assertStillServes(transport)
    }

    func testABodyOverTheCapByContentLengthFailsAndTheSessionGoesOn() async throws {
        let transport = URLSessionTransport(maxResponseBodySize: 100)
        let error = try unwrapFailure(await Self.send(transport, "/bytes/1000"))
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        try await assertStillServes(transport)
    }

    func testABodyOverTheCapMidStreamFailsAndTheSessionGoesOn() async throws {
        let transport = URLSessionTransport(maxResponseBodySize: 1000)
        let error = try unwrapFailure(await Self.send(transport, "/stream-bytes/20000?chunk_size=100"))
        guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
        XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        try await assertStillServes(transport)
    }

    func testABasicChallengeReturnsThe401AndTheSessionGoesOn() async throws {
        let transport = URLSessionTransport()
        let exchange = try unwrapSuccess(await Self.send(transport, "/basic-auth/user/passwd"))
        XCTAssertEqual(exchange.statusCode, 401)
        try await assertStillServes(transport)
    }

    func testManyConcurrentRequestsOnOneSessionAllComplete() async throws {
        let transport = URLSessionTransport()
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let path = index.isMultiple(of: 2) ? "/bytes/\(index * 100)" : "/stream-bytes/\(index * 100)"
                    return (try? await Self.send(transport, path).get().statusCode) ?? -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 64))
    }
}
