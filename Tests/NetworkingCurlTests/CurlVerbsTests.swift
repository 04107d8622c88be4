#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Every verb and body form of `Networking`, sent through `CurlTransport` to httpbin.
    final class CurlVerbsTests: CurlIntegrationTestCase {
        struct User: Codable, Sendable, Equatable {
            let name: String
            let age: Int
        }

        struct Search: Encodable, Sendable {
            let q: String
            let page: Int
        }

        func testGetDecodesAModelAndKeepsQueryItems() async throws {
            let networking = try makeNetworking()
            let response: JSONResponse = try value(
                await networking.get(
                    "/get", query: [URLQueryItem(name: "a", value: "1 2"), URLQueryItem(name: "b", value: "é")]))
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(response.body["args"]?["a"]?.stringValue, "1 2")
            XCTAssertEqual(response.body["args"]?["b"]?.stringValue, "é")
            let model: JSONResponse = try value(await networking.get("/get", query: Search(q: "swift", page: 2)))
            XCTAssertEqual(model.body["args"]?["q"]?.stringValue, "swift")
            XCTAssertEqual(model.body["args"]?["page"]?.stringValue, "2")
        }

        func testPostPutPatchSendJSONBodies() async throws {
            let networking = try makeNetworking()
            let user = User(name: "Ada", age: 36)
            for (path, result) in [
                ("/post", await networking.post("/post", body: user) as Result<JSONResponse, NetworkingError>),
                ("/put", await networking.put("/put", body: user)),
                ("/patch", await networking.patch("/patch", body: user)),
            ] {
                let response = try value(result)
                XCTAssertEqual(response.body["json"]?["name"]?.stringValue, "Ada", path)
                XCTAssertEqual(response.body["json"]?["age"]?.intValue, 36, path)
                XCTAssertEqual(response.body["headers"]?["Content-Type"]?.stringValue, "application/json", path)
            }
        }

        func testFormBodiesAreURLEncoded() async throws {
            let networking = try makeNetworking()
            let response: JSONResponse = try value(await networking.post("/post", form: ["name": "a & b", "x": "1"]))
            XCTAssertEqual(response.body["form"]?["name"]?.stringValue, "a & b")
            XCTAssertEqual(response.body["form"]?["x"]?.stringValue, "1")
            let put: JSONResponse = try value(await networking.put("/put", form: ["k": "v"]))
            XCTAssertEqual(put.body["form"]?["k"]?.stringValue, "v")
            let patch: JSONResponse = try value(await networking.patch("/patch", form: ["k": "w"]))
            XCTAssertEqual(patch.body["form"]?["k"]?.stringValue, "w")
        }

        func testMultipartSendsFilesAndFields() async throws {
            let networking = try makeNetworking()
            let part = FormDataPart(
                type: .plainText, data: Data("file contents".utf8), parameterName: "upload", filename: "a.txt")
            let response: JSONResponse = try value(
                await networking.post("/post", parts: [part], fields: ["user": "ada"]))
            XCTAssertEqual(response.body["files"]?["upload"]?.stringValue, "file contents")
            XCTAssertEqual(response.body["form"]?["user"]?.stringValue, "ada")
            let put: JSONResponse = try value(await networking.put("/put", parts: [part]))
            XCTAssertEqual(put.body["files"]?["upload"]?.stringValue, "file contents")
        }

        func testRawDataBodies() async throws {
            let networking = try makeNetworking()
            let bytes = Data("raw ☃ bytes".utf8)
            let post: JSONResponse = try value(await networking.post("/post", data: bytes, contentType: "text/plain"))
            XCTAssertEqual(post.body["data"]?.stringValue, "raw ☃ bytes")
            XCTAssertEqual(post.body["headers"]?["Content-Length"]?.stringValue, "\(bytes.count)")
            let patch: JSONResponse = try value(
                await networking.patch("/patch", data: bytes, contentType: "text/plain"))
            XCTAssertEqual(patch.body["data"]?.stringValue, "raw ☃ bytes")
            let put: Result<Void, NetworkingError> = await networking.put(
                "/put", data: bytes, contentType: "text/plain")
            try value(put)
        }

        func testBodylessVerbs() async throws {
            let networking = try makeNetworking()
            let post: JSONResponse = try value(await networking.post("/post"))
            XCTAssertEqual(post.body["data"]?.stringValue, "")
            XCTAssertEqual(post.body["headers"]?["Content-Length"]?.stringValue, "0")
            let delete: JSONResponse = try value(
                await networking.delete("/delete", query: [URLQueryItem(name: "id", value: "7")]))
            XCTAssertEqual(delete.body["args"]?["id"]?.stringValue, "7")
            let deleted: Result<Void, NetworkingError> = await networking.delete("/delete")
            try value(deleted)
            let get: Result<Void, NetworkingError> = await networking.get("/get")
            try value(get)
        }

        func testResponseTypes() async throws {
            let networking = try makeNetworking()
            let data: Data = try value(await networking.get("/bytes/1000"))
            XCTAssertEqual(data.count, 1000)
            let text: String = try value(await networking.get("/robots.txt"))
            XCTAssertTrue(text.contains("Disallow"))
            let empty: Result<Void, NetworkingError> = await networking.get("/status/204")
            try value(empty)
        }

        func testAuthorizationHelpers() async throws {
            let networking = try makeNetworking()
            await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
            let basic: JSONResponse = try value(await networking.get("/basic-auth/aladdin/opensesame"))
            XCTAssertEqual(basic.body["authenticated"]?.boolValue, true)
            await networking.setAuthorizationHeader(token: "TOKEN-123")
            let bearer: JSONResponse = try value(await networking.get("/bearer"))
            XCTAssertEqual(bearer.body["token"]?.stringValue, "TOKEN-123")
            await networking.setAuthorizationHeader(headerKey: "X-Api-Key", headerValue: "k")
            let custom: JSONResponse = try value(await networking.get("/headers"))
            XCTAssertEqual(custom.body["headers"]?["X-Api-Key"]?.stringValue, "k")
        }

        func testClientAndServerErrorsCarryTheResponse() async throws {
            let networking = try makeNetworking()
            for status in [400, 404, 418, 500, 503] {
                let result: Result<JSONResponse, NetworkingError> = await networking.get("/status/\(status)")
                let error = try failure(result)
                guard case .http(let httpError) = error else {
                    return XCTFail("expected .http for \(status), got \(error)")
                }
                XCTAssertEqual(httpError.statusCode, status)
                XCTAssertEqual(error.isRetryable, NetworkingError.retryableStatusCodes.contains(status))
            }
        }

        func testHeadersAreCaseInsensitiveAndRepeatedOnesCombined() async throws {
            let transport = try CurlTransport()
            let exchange = try await transport.send(
                URLRequest(url: HTTPBin.url("/response-headers?X-Thing=one&X-Thing=two&Content-Type=text/plain")))
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.header("x-thing"), "one, two")
            // httpbin sends its own Content-Type as well as the requested one.
            XCTAssertEqual(exchange.header("CONTENT-TYPE"), "application/json, text/plain")
        }

        func testUserAgentDefaultsToTheLibraryAndCanBeReplaced() async throws {
            let networking = try makeNetworking()
            let echo: JSONResponse = try value(await networking.get("/user-agent"))
            XCTAssertEqual(echo.body["user-agent"]?.stringValue?.hasPrefix("NetworkingCurl libcurl/"), true)
            await networking.setHeaderFields(["User-Agent": "MyApp/2"])
            let custom: JSONResponse = try value(await networking.get("/user-agent"))
            XCTAssertEqual(custom.body["user-agent"]?.stringValue, "MyApp/2")
        }

        func testHeadReturnsHeadersWithoutABody() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/bytes/2048"))
            request.httpMethod = "HEAD"
            let exchange = try await transport.send(request)
            XCTAssertEqual(exchange.statusCode, 200)
            XCTAssertEqual(exchange.header("Content-Length"), "2048")
            XCTAssertTrue(exchange.body.isEmpty)
        }
    }
#endif
