import Foundation
import NetworkingCore
import XCTest

final class QueryEncodingTests: XCTestCase {
    private struct Search: Encodable, Sendable {
        let q: String
        let page: Int
    }

    private enum Sort: String, Encodable, Sendable {
        case newest, oldest
    }

    private struct Everything: Encodable, Sendable {
        let name: String
        let active: Bool
        let inactive: Bool
        let since: Date
        let missing: String?
        let present: Int?
        let tags: [String]
        let ratio: Double
        let negative: Int
        let sort: Sort
        let sorts: [Sort]
        let optionalSort: Sort?
        let id: UUID
        let link: URL
    }

    private struct Filter: Encodable, Sendable { let field: String }
    private struct Nested: Encodable, Sendable {
        let q: String
        let filter: Filter
    }
    private struct NestedList: Encodable, Sendable {
        let q: String
        let filters: [Filter]
    }
    private struct NotANumber: Encodable, Sendable { let score: Double }

    private func pairs(_ value: some Encodable) throws(NetworkingError) -> [String] {
        try FlatEncoder.encode(value, as: "query").map { "\($0.0)=\($0.1)" }
    }

    func testMembersKeepTheirDeclarationOrder() throws {
        XCTAssertEqual(try pairs(Search(q: "swift", page: 2)), ["q=swift", "page=2"])
    }

    func testScalarsAreStringified() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        let value = Everything(
            name: "jameson", active: true, inactive: false, since: referenceDate, missing: nil, present: 7,
            tags: ["a", "b"], ratio: 1.5, negative: -3, sort: .newest, sorts: [.oldest, .newest], optionalSort: .oldest,
            id: uuid, link: URL(string: "http://h.test/x?y=1") ?? URL(fileURLWithPath: "/"))
        XCTAssertEqual(
            try pairs(value),
            [
                "name=jameson", "active=true", "inactive=false", "since=2023-11-14T22:13:20Z", "present=7", "tags=a",
                "tags=b", "ratio=1.5", "negative=-3", "sort=newest", "sorts=oldest", "sorts=newest",
                "optionalSort=oldest", "id=E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "link=http://h.test/x?y=1",
            ])
    }

    func testDictionariesAreSortedByKeyForAStableOutput() throws {
        XCTAssertEqual(try pairs(["b": "2", "a": "1", "c": "3"]), ["a=1", "b=2", "c=3"])
        XCTAssertEqual(try pairs(["flag": true]), ["flag=true"])
    }

    func testNilValuesInADictionaryAreLeftOut() throws {
        let values: [String: String?] = ["a": "1", "b": nil]
        XCTAssertEqual(try pairs(values), ["a=1"])
    }

    func testNestedValueIsAnInvalidRequestNamingTheKey() {
        assertInvalidRequest(try pairs(Nested(q: "x", filter: Filter(field: "y"))), mentioning: "'filter'", "query")
        assertInvalidRequest(
            try pairs(NestedList(q: "x", filters: [Filter(field: "y")])), mentioning: "'filters'")
        assertInvalidRequest(try pairs(["outer": ["inner": "x"]]), mentioning: "'outer'")
    }

    func testNonFiniteNumberIsAnInvalidRequestNamingTheKey() {
        assertInvalidRequest(try pairs(NotANumber(score: .nan)), mentioning: "'score'")
        assertInvalidRequest(try pairs(NotANumber(score: .infinity)), mentioning: "'score'")
    }

    func testTopLevelValueThatIsNotAnObjectIsRejected() {
        assertInvalidRequest(try pairs(["a", "b"]), mentioning: "list")
        assertInvalidRequest(try pairs("swift"), mentioning: "single value")
        assertInvalidRequest(try pairs(42), mentioning: "single value")
    }

    func testBuilderAppendsModelAfterExplicitItems() throws {
        let builder = RequestBuilder(baseURL: "http://h.test")
        let request = HTTPRequest(
            method: .get, path: "/search?lang=en", query: [URLQueryItem(name: "tag", value: "a b")],
            queryModel: Search(q: "swift", page: 2))
        XCTAssertEqual(
            try builder.makeURLRequest(request).url?.absoluteString,
            "http://h.test/search?lang=en&tag=a%20b&q=swift&page=2")
    }

    func testBuilderRejectsANestedQueryModel() {
        let builder = RequestBuilder(baseURL: "http://h.test")
        let request = HTTPRequest(method: .get, path: "/s", queryModel: Nested(q: "x", filter: Filter(field: "y")))
        assertInvalidRequest(try builder.makeURLRequest(request), mentioning: "'filter'")
    }
}
