import Foundation
import NetworkingCore
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class PipelineTests: XCTestCase {
    private final class Sent: Sendable {
        let requests = Mutex<[URLRequest]>([])
    }

    private func pipeline(
        status: Int, body: String = "", headers: [String: String] = [:], sent: Sent? = nil
    ) -> Pipeline {
        let transport = ClosureTransport(exchange: { request throws(NetworkingError) in
            sent?.requests.withLock { $0.append(request) }
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: headers)
            else { throw .invalidResponse }
            return HTTPExchange(request: request, response: response, body: Data(body.utf8))
        })
        return Pipeline(builder: RequestBuilder(baseURL: "http://h.test"), transport: transport)
    }

    func testEmpty204IsFineForVoid() async {
        let result = await pipeline(status: 204).send(HTTPRequest(method: .delete, path: "/x")).decoded { _ in () }
        guard case .success = result else { return XCTFail("got \(result)") }
    }

    func testNon2xxIsAnHTTPErrorWithTheFullResponse() async {
        let result = await pipeline(status: 422, body: #"{"errors":{"name":["taken"]}}"#, headers: ["X-Trace": "1"])
            .send(HTTPRequest(method: .post, path: "/x")).decoded { _ in () }
        guard case .failure(.http(let error)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.statusCode, 422)
        XCTAssertTrue(error.isClientError)
        XCTAssertEqual(error.metadata.header("x-trace"), "1")
        struct Envelope: Decodable { let errors: [String: [String]] }
        XCTAssertEqual(try error.metadata.decode(Envelope.self).errors["name"], ["taken"])
    }

    func test3xxThatWasNotFollowedIsAnHTTPError() async {
        let result = await pipeline(status: 304).send(HTTPRequest(method: .get, path: "/x")).decoded { _ in () }
        guard case .failure(.http(let error)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.statusCode, 304)
    }

    func testARequestThatCannotBeBuiltNeverReachesTheTransport() async {
        let sent = Sent()
        let result = await pipeline(status: 200, sent: sent)
            .send(HTTPRequest(method: .get, path: "/x", headers: ["X-A": "1\r\n"])).decoded { _ in () }
        guard case .failure(.invalidRequest) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(sent.requests.withLock { $0.count }, 0)
    }

    func testTransportErrorsPassThrough() async {
        let failing = Pipeline(
            builder: RequestBuilder(baseURL: "http://h.test"),
            transport: ClosureTransport(exchange: { _ throws(NetworkingError) in throw .transport(URLError(.timedOut)) }
            ))
        let result = await failing.send(HTTPRequest(method: .get, path: "/x")).decoded { _ in () }
        guard case .failure(.transport(let error)) = result else { return XCTFail("got \(result)") }
        XCTAssertEqual(error.code, .timedOut)
    }

    func testDecodeSeesTheExchange() async {
        let result = await pipeline(status: 200, body: #"{"a":1}"#).send(HTTPRequest(method: .get, path: "/x")).decoded
        {
            exchange throws(NetworkingError) in
            try ResponseDecoding.decode([String: Int].self, from: exchange, decoder: JSONCoding.makeDecoder())
        }
        XCTAssertEqual(try result.get(), ["a": 1])
    }
}
