import Foundation
import Networking
import NetworkingTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fake whose path has `{name}` segments answers with each `{name}` in the string values of its
/// JSON body replaced by the request's segment there, as the upstream library's fakes do: decoded,
/// inserted as a string (never as JSON text), at any depth, and never in keys.
final class FakePathTemplateFillingTests: XCTestCase {
    private var real = InMemoryTransport()
    private var networking = Networking(baseURL: "https://api.example.com", transport: InMemoryTransport())

    override func setUp() {
        super.setUp()
        real = InMemoryTransport()
        networking = Networking(baseURL: "https://api.example.com", transport: real)
    }

    func testTheMatchedSegmentFillsTheResponse() async throws {
        await networking.fakeGET("/users/{userID}", response: ["name": "Name {userID}"])
        let ten: Result<JSONResponse, NetworkingError> = await networking.get("/users/10")
        let twenty: Result<JSONResponse, NetworkingError> = await networking.get("/users/20")
        XCTAssertEqual(try ten.get().body["name"]?.stringValue, "Name 10")
        XCTAssertEqual(try twenty.get().body["name"]?.stringValue, "Name 20")
        XCTAssertEqual(String(decoding: try ten.get().data, as: UTF8.self), #"{"name":"Name 10"}"#)
    }

    func testARequestThatDoesNotMatchTheTemplateIsNotAnswered() async throws {
        await networking.fakeGET("/users/{userID}", response: ["name": "Name {userID}"])
        let bare: Result<JSONResponse, NetworkingError> = await networking.get("/users")
        let deeper: Result<JSONResponse, NetworkingError> = await networking.get("/users/10/posts")
        let empty: Result<JSONResponse, NetworkingError> = await networking.get("/users/")
        let post: Result<JSONResponse, NetworkingError> = await networking.post("/users/10")
        for result in [bare, deeper, empty, post] {
            guard case .failure(let error) = result, error.unmatchedRequest != nil else {
                return XCTFail("expected the unfaked request to reach the transport, got \(result)")
            }
        }
        let reached = real.requests.map { $0.url?.absoluteString ?? "" }
        XCTAssertEqual(
            reached, ["/users", "/users/10/posts", "/users/", "/users/10"].map { "https://api.example.com" + $0 })
    }

    func testSeveralPlaceholdersFillStringsAtAnyDepthAndLeaveTheRestAlone() async throws {
        let body = Data(
            #"""
            {"title": "Post {postID} by {userID}", "count": 3, "ids": ["{userID}", "{postID}", 7],
             "{userID}": {"deep": [{"post": "{postID}", "unknown": "{other}", "braces": "{{postID}}"}]},
             "quoted": "\"{userID}\"", "flag": true, "none": null}
            """#.utf8)
        await networking.fake(
            .get, "/users/{userID}/posts/{postID}", response: .data(body, contentType: "application/json"))
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/users/5/posts/42")
        let json = try result.get().body
        XCTAssertEqual(json["title"]?.stringValue, "Post 42 by 5")
        XCTAssertEqual(json["count"]?.intValue, 3)
        XCTAssertEqual(json["ids"]?.arrayValue?.map(\.stringValue), ["5", "42", nil])
        XCTAssertNil(json["5"], "keys are not filled")
        let deep = try XCTUnwrap(json["{userID}"]?.objectValue?["deep"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(deep["post"]?.stringValue, "42")
        XCTAssertEqual(deep["unknown"]?.stringValue, "{other}", "a name the path does not have is left as it is")
        XCTAssertEqual(deep["braces"]?.stringValue, "{42}")
        XCTAssertEqual(json["quoted"]?.stringValue, #""5""#)
        XCTAssertEqual(json["flag"]?.boolValue, true)
        XCTAssertEqual(json["none"], .null)
    }

    func testASegmentWithQuotesOrEscapesIsInsertedAsAStringValue() async throws {
        await networking.fakeGET("/users/{userID}", response: ["name": "Name {userID}", "role": "user"])
        let segments = [
            "a%22b": #"a"b"#,
            "%22%2C%22role%22%3A%22admin": #"","role":"admin"#,
            "%22%7D%2C%7B%22role%22%3A%22admin%22%7D": #""},{"role":"admin"}"#,
            "back%5Cslash": #"back\slash"#,
            "line%0Abreak%09tab": "line\nbreak\ttab",
            "Jos%C3%A9": "José",
            "a%2Fb": "a/b",
            "%25": "%",
        ]
        for (segment, value) in segments {
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/users/" + segment)
            let response = try result.get()
            let parsed = try JSONSerialization.jsonObject(with: response.data) as? [String: String]
            XCTAssertEqual(parsed, ["name": "Name " + value, "role": "user"], segment)
        }
        XCTAssertTrue(real.requests.isEmpty)
    }

    func testAnInsertedValueIsNotSearchedForPlaceholders() async throws {
        await networking.fakeGET("/pairs/{first}/{second}", response: ["pair": "{first}-{second}"])
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/pairs/%7Bsecond%7D/2")
        XCTAssertEqual(try result.get().body["pair"]?.stringValue, "{second}-2")
    }

    func testAFileFakeIsFilledToo() async throws {
        await networking.fakeGET("/users/{userID}", fileName: "user.json", bundle: .module)
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/users/10")
        let json = try result.get().body
        XCTAssertEqual(json["id"]?.stringValue, "10")
        XCTAssertEqual(json["name"]?.stringValue, "Name 10")
        XCTAssertEqual(json["profile"]?.objectValue?["links"]?.arrayValue?.first?.stringValue, "/users/10/posts")
        XCTAssertEqual(json["{userID}"]?.intValue, 1)
    }

    func testEveryVerbFillsItsTemplate() async throws {
        await networking.fakePOST("/users/{userID}/posts", response: ["author": "{userID}"], statusCode: 201)
        await networking.fakePUT("/users/{userID}", response: ["updated": "{userID}"])
        await networking.fakePATCH("/users/{userID}", response: ["patched": "{userID}"])
        await networking.fakeDELETE("/users/{userID}", response: ["deleted": "{userID}"])
        let post: Result<JSONResponse, NetworkingError> = await networking.post("/users/7/posts")
        let put: Result<JSONResponse, NetworkingError> = await networking.put("/users/7")
        let patch: Result<JSONResponse, NetworkingError> = await networking.patch("/users/7")
        let delete: Result<JSONResponse, NetworkingError> = await networking.delete("/users/7")
        XCTAssertEqual(try post.get().body["author"]?.stringValue, "7")
        XCTAssertEqual(try put.get().body["updated"]?.stringValue, "7")
        XCTAssertEqual(try patch.get().body["patched"]?.stringValue, "7")
        XCTAssertEqual(try delete.get().body["deleted"]?.stringValue, "7")
    }

    func testOnlyJSONBodiesAndTemplatePathsAreFilled() async throws {
        await networking.fakeGET("/greetings/{name}", response: "Hello {name}")
        await networking.fakeGET("/plain", response: ["name": "{name}"])
        let text: Result<String, NetworkingError> = await networking.get("/greetings/ana")
        let plain: Result<JSONResponse, NetworkingError> = await networking.get("/plain")
        XCTAssertEqual(try text.get(), "Hello {name}")
        XCTAssertEqual(try plain.get().body["name"]?.stringValue, "{name}")
    }

    func testAnExactPathWinsAndIsNotFilled() async throws {
        await networking.fakeGET("/users/{userID}", response: ["name": "Name {userID}"])
        await networking.fakeGET("/users/me", response: ["name": "Me {userID}"])
        let me: Result<JSONResponse, NetworkingError> = await networking.get("/users/me")
        XCTAssertEqual(try me.get().body["name"]?.stringValue, "Me {userID}")
    }
}
