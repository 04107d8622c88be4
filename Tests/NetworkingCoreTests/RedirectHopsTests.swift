import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect loop every transport runs (`RedirectState`).
final class RedirectHopsTests: XCTestCase {
    private func response(_ status: Int, to location: String?, for request: URLRequest) throws -> ResponseHead {
        try XCTUnwrap(
            ResponseHead(
                url: try XCTUnwrap(request.url), statusCode: status,
                headerFields: location.map { ["Location": $0] } ?? [:]))
    }

    func testFollowsHopsCountsThemAndJudgesEachAgainstTheOriginal() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://h.test/a")))
        request.setValue("Bearer SECRET", forHTTPHeaderField: "Authorization")
        var hops = RedirectState(request, policy: .default)
        XCTAssertTrue(try hops.follow(after: response(302, to: "http://other.test/b", for: hops.current)))
        XCTAssertTrue(try hops.follow(after: response(307, to: "http://h.test/c", for: hops.current)))
        XCTAssertEqual(hops.count, 2)
        XCTAssertEqual(hops.current.url?.absoluteString, "http://h.test/c")
        XCTAssertNil(hops.current.value(forHTTPHeaderField: "Authorization"), "stripped once it left the origin")
        XCTAssertEqual(hops.original.value(forHTTPHeaderField: "Authorization"), "Bearer SECRET")
        XCTAssertFalse(try hops.follow(after: response(200, to: nil, for: hops.current)), "the final answer")
        XCTAssertEqual(hops.count, 2, "a final answer is no hop")
        XCTAssertEqual(hops.current.url?.absoluteString, "http://h.test/c")
    }

    func testStopsAtThePolicysLimitWithATypedError() throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "http://h.test/a")))
        var hops = RedirectState(request, policy: RedirectPolicy(maxRedirects: 2))
        XCTAssertTrue(try hops.follow(after: response(302, to: "/b", for: hops.current)))
        XCTAssertTrue(try hops.follow(after: response(302, to: "/c", for: hops.current)))
        XCTAssertThrowsError(try hops.follow(after: response(302, to: "/d", for: hops.current))) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .httpTooManyRedirects)
        }
        var none = RedirectState(request, policy: .none)
        XCTAssertFalse(try none.follow(after: response(302, to: "/b", for: none.current)), "policy .none")
    }
}
