import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `TransportResponse` made from an exchange is handed on as that exchange: these check that it
/// still behaves as a value, and that a body still arriving is read before it is handed on.
final class TransportResponseTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/data")!

    private func exchange(body: String) throws -> HTTPExchange {
        let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, headerFields: ["Content-Type": "text/plain"]))
        return HTTPExchange(request: URLRequest(url: url), head: head, body: Data(body.utf8))
    }

    func testAResponseMadeFromAnExchangeCollectsAsThatExchange() async throws {
        let original = try exchange(body: "hello")
        let collected = try await TransportResponse(original).collect(upTo: 5)
        XCTAssertEqual(collected.body, Data("hello".utf8))
        XCTAssertEqual(collected.header("Content-Type"), "text/plain")
        XCTAssertEqual(TransportResponse(original).completeBody, Data("hello".utf8))
    }

    func testChangesToTheResponseShowInWhatItCollectsButNotInTheExchange() async throws {
        let original = try exchange(body: "hello")
        var response = TransportResponse(original)
        var request = response.request
        request.setValue("yes", forHTTPHeaderField: "X-Changed")
        response.request = request
        response.head = try XCTUnwrap(ResponseHead(url: url, statusCode: 203, headerFields: [:]))
        response.metrics = TransactionMetrics(startDate: Date(), endDate: Date(), isFromCache: true)
        let collected = try await response.collect(upTo: 100)
        XCTAssertEqual(collected.request.value(forHTTPHeaderField: "X-Changed"), "yes")
        XCTAssertEqual(collected.statusCode, 203)
        XCTAssertEqual(collected.metrics?.isFromCache, true)
        XCTAssertNil(original.request.value(forHTTPHeaderField: "X-Changed"))
        XCTAssertEqual(original.statusCode, 200)
        XCTAssertNil(original.metrics)
    }

    func testAWholeBodyOverTheLimitIsTooLarge() async throws {
        let response = TransportResponse(try exchange(body: "hello"))
        do throws(NetworkingError) {
            _ = try await response.collect(upTo: 4)
            XCTFail("a 5-byte body was collected under a 4-byte limit")
        } catch {
            guard case .transport(let urlError) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum)
        }
    }

    func testABodyStillArrivingIsReadWithItsTrailers() async throws {
        let head = try XCTUnwrap(ResponseHead(url: url, statusCode: 200, headerFields: [:]))
        let stream = ResponseBodyStream(data: Data("streamed".utf8), trailers: ["X-Checksum": "abc"])
        let response = TransportResponse(request: URLRequest(url: url), head: head, stream: stream)
        XCTAssertNil(response.completeBody)
        let collected = try await response.collect(upTo: 100)
        XCTAssertEqual(collected.body, Data("streamed".utf8))
        XCTAssertEqual(collected.trailers["X-Checksum"], "abc")
    }
}
