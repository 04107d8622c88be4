import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPExchange` keeps its fields behind one shared reference: these check that it still
/// behaves as a value (a change to a copy never shows in another copy).
final class HTTPExchangeTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/json")!

    private func exchange(status: Int = 200, body: String = "{}") throws -> HTTPExchange {
        let response = try XCTUnwrap(
            HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"]))
        return HTTPExchange(request: URLRequest(url: url), response: response, body: Data(body.utf8))
    }

    func testChangingACopysBodyLeavesTheOriginalAlone() throws {
        let original = try exchange(body: "original")
        var copy = original
        copy.body = Data("changed".utf8)
        XCTAssertEqual(String(decoding: original.body, as: UTF8.self), "original")
        XCTAssertEqual(String(decoding: copy.body, as: UTF8.self), "changed")
    }

    func testChangingACopysRequestResponseAndMetricsLeavesTheOriginalAlone() throws {
        let original = try exchange(status: 200)
        var copy = original
        copy.request.setValue("yes", forHTTPHeaderField: "X-Copy")
        copy.response = try XCTUnwrap(HTTPURLResponse(url: url, statusCode: 404, httpVersion: nil, headerFields: [:]))
        copy.metrics = TransactionMetrics(startDate: Date(), endDate: Date(), redirectCount: 2)

        XCTAssertNil(original.request.value(forHTTPHeaderField: "X-Copy"))
        XCTAssertEqual(original.statusCode, 200)
        XCTAssertTrue(original.isSuccess)
        XCTAssertEqual(original.header("content-type"), "application/json")
        XCTAssertNil(original.metrics)

        XCTAssertEqual(copy.request.value(forHTTPHeaderField: "X-Copy"), "yes")
        XCTAssertEqual(copy.statusCode, 404)
        XCTAssertFalse(copy.isSuccess)
        XCTAssertNil(copy.header("content-type"))
        XCTAssertEqual(copy.metrics?.redirectCount, 2)
    }

    func testAnExchangeChangedTwiceKeepsBothChanges() throws {
        var exchange = try exchange(body: "a")
        exchange.body.append(Data("b".utf8))
        exchange.body.append(Data("c".utf8))
        XCTAssertEqual(String(decoding: exchange.body, as: UTF8.self), "abc")
    }

    func testCopiesMadeFromOneExchangeOnDifferentThreadsStayIndependent() async throws {
        let shared = try exchange(body: "shared")
        let bodies = await withTaskGroup(of: String.self) { group in
            for index in 0..<32 {
                group.addTask {
                    var mine = shared
                    mine.body = Data("task \(index)".utf8)
                    return String(decoding: mine.body, as: UTF8.self)
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(bodies, Set((0..<32).map { "task \($0)" }))
        XCTAssertEqual(String(decoding: shared.body, as: UTF8.self), "shared")
    }
}
