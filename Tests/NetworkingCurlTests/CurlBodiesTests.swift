#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import Synchronization
    import XCTest

    /// Request bodies from memory, file and stream; decoded response bodies; the body cap;
    /// progress.
    final class CurlBodiesTests: CurlIntegrationTestCase {
        func testFileBodyIsStreamedWithContentLength() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-upload-\(UUID().uuidString)")
            let contents = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 26 + 97) })
            try contents.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var request = URLRequest(url: HTTPBin.url("/put"))
            request.httpMethod = "PUT"
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            let exchange = try await CurlTransport().exchange(
                for: TransportRequest(head: request, body: HTTPBody(fileURL: file)))
            let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
            XCTAssertEqual(echo["headers"]?["Content-Length"]?.stringValue, "300000")
            XCTAssertNil(echo["headers"]?["Transfer-Encoding"])
            XCTAssertNil(echo["headers"]?["X-Networking-Body-File"], "the marker header is not sent")
            XCTAssertEqual(echo["data"]?.stringValue.map { Data($0.utf8) }, contents)
            XCTAssertEqual(exchange.metrics?.requestBodyBytes, 300_000)
        }

        func testFileBodyThroughNetworkingPipeline() async throws {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-upload-\(UUID().uuidString)")
            try Data("from disk".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let pipeline = Pipeline(builder: RequestBuilder(baseURL: HTTPBin.baseURL), transport: try CurlTransport())
            let result = await pipeline.send(
                HTTPRequest(method: .post, path: "/post", body: .file(file, contentType: "text/plain"))
            ).decoded { (exchange) throws(NetworkingError) -> Data in exchange.body }
            let body = try value(result)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: body)
            XCTAssertEqual(echo["data"]?.stringValue, "from disk")
        }

        func testMissingBodyFileIsAnInvalidRequest() async throws {
            var request = URLRequest(url: HTTPBin.url("/post"))
            request.httpMethod = "POST"
            let missing = HTTPBody(fileURL: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)"))
            let transport = try CurlTransport()
            do {
                _ = try await transport.exchange(for: TransportRequest(head: request, body: missing))
                XCTFail("expected a failure")
            } catch {
                guard case .invalidRequest(let reason) = error else { return XCTFail("got \(error)") }
                XCTAssertTrue(reason.contains("cannot be read"), reason)
            }
        }

        func testStreamBodyIsSentChunked() async throws {
            var request = URLRequest(url: HTTPBin.url("/post"))
            request.httpMethod = "POST"
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            request.httpBodyStream = InputStream(data: Data(repeating: 65, count: 70_000))
            let exchange = try await CurlTransport().send(request)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
            XCTAssertEqual(echo["headers"]?["Transfer-Encoding"]?.stringValue, "chunked")
            XCTAssertEqual(echo["data"]?.stringValue?.utf8.count, 70_000)
            // Wire bytes: the body plus its chunk framing.
            XCTAssertGreaterThan(exchange.metrics?.requestBodyBytes ?? 0, 70_000)
        }

        func testLargeDataBodyRoundTrips() async throws {
            let payload = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 % 10 + 48) })
            var request = URLRequest(url: HTTPBin.url("/anything"))
            request.httpMethod = "PATCH"
            request.httpBody = payload
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            let exchange = try await CurlTransport().send(request)
            let echo = try JSONDecoder().decode(AnyCodable.self, from: exchange.body)
            XCTAssertEqual(echo["method"]?.stringValue, "PATCH")
            XCTAssertEqual(echo["data"]?.stringValue?.utf8.count, payload.count)
            XCTAssertEqual(echo["data"]?.stringValue.map { Data($0.utf8) }, payload)
        }

        func testCompressedBodiesAreDecoded() async throws {
            let networking = try makeNetworking()
            for (path, flag) in [("/gzip", "gzipped"), ("/deflate", "deflated"), ("/brotli", "brotli")] {
                let response: JSONResponse = try value(await networking.get(path))
                XCTAssertEqual(response.body[flag]?.boolValue, true, path)
            }
            let echo: JSONResponse = try value(await networking.get("/headers"))
            let accepted = echo.body["headers"]?["Accept-Encoding"]?.stringValue ?? ""
            XCTAssertTrue(accepted.contains("gzip") && accepted.contains("br"), accepted)
        }

        func testTheRequestsOwnAcceptEncodingReplacesTheDefaultAndBodiesAreStillDecoded() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/headers"))
            let defaultEcho = try await transport.send(request)
            let defaultHeaders = try JSONDecoder().decode(HeadersEcho.self, from: defaultEcho.body).headers
            let defaultLine = defaultHeaders["Accept-Encoding"]
            XCTAssertEqual(defaultLine?.contains("gzip"), true, "the default names what libcurl decodes")
            XCTAssertEqual(defaultLine?.contains(","), true, "one line listing every coding")
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
            let ownEcho = try await transport.send(request)
            let ownLine = try JSONDecoder().decode(HeadersEcho.self, from: ownEcho.body).headers["Accept-Encoding"]
            XCTAssertEqual(ownLine, "identity", "the request's own value, alone")
            var gzip = URLRequest(url: HTTPBin.url("/gzip"))
            gzip.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
            let decoded = try await transport.send(gzip)
            let echo = try JSONDecoder().decode(GzipEcho.self, from: decoded.body)
            XCTAssertTrue(echo.gzipped, "a gzip body is decoded whoever asked for it")
        }

        private struct HeadersEcho: Decodable { let headers: [String: String] }
        private struct GzipEcho: Decodable { let gzipped: Bool }

        func testBodyOverTheCapFailsWithATypedError() async throws {
            let transport = try CurlTransport(configuration: .init(maxResponseBodySize: 1000))
            for path in ["/bytes/5000", "/stream-bytes/5000?chunk_size=512"] {
                do {
                    _ = try await transport.send(URLRequest(url: HTTPBin.url(path)))
                    XCTFail("expected a failure for \(path)")
                } catch {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, .dataLengthExceedsMaximum, path)
                }
            }
            let small = try await transport.send(URLRequest(url: HTTPBin.url("/bytes/1000")))
            XCTAssertEqual(small.body.count, 1000)
        }

        func testProgressReportsBothDirections() async throws {
            let upload = ProgressValues()
            let download = ProgressValues()
            var request = URLRequest(url: HTTPBin.url("/anything"))
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 1, count: 200_000)
            let exchange = try await CurlTransport().send(
                request, uploadProgress: upload.reporter, downloadProgress: download.reporter)
            XCTAssertEqual(upload.values.last, TransferProgress(completedBytes: 200_000, totalBytes: 200_000))
            XCTAssertEqual(download.values.last?.completedBytes, Int64(exchange.body.count))
            let sent = upload.values.map(\.completedBytes)
            XCTAssertEqual(sent, sent.sorted(), "progress never goes backwards")
        }
    }
#endif
