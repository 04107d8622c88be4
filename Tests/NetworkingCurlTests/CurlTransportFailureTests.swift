#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// Requests that get no HTTP response end in typed transport errors.
    final class CurlTransportFailureTests: CurlIntegrationTestCase {
        func testClosedPortIsCannotConnectToHost() async throws {
            let networking = Networking(baseURL: "http://127.0.0.1:9", transport: try CurlTransport())
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
            guard case .transport(let error) = try failure(result) else { return XCTFail("expected .transport") }
            XCTAssertEqual(error.code, .cannotConnectToHost)
            XCTAssertEqual((error as NSError).userInfo[CurlTransport.curlCodeKey] as? Int, 7)
            XCTAssertEqual(error.failingURL?.absoluteString, "http://127.0.0.1:9/get")
            XCTAssertTrue(try failure(result).isRetryable)
        }

        func testTooManyRedirects() async throws {
            let transport = try CurlTransport(configuration: .init(redirectPolicy: RedirectPolicy(maxRedirects: 2)))
            do {
                _ = try await transport.send(URLRequest(url: HTTPBin.url("/redirect/3")))
                XCTFail("expected a failure")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .httpTooManyRedirects)
            }
            let none = try CurlTransport(configuration: .init(redirectPolicy: .none))
            let exchange = try await none.send(URLRequest(url: HTTPBin.url("/redirect/1")))
            XCTAssertEqual(exchange.statusCode, 302)
        }

        /// A hop after a redirect has only what is left of the whole request's `totalTimeout`,
        /// counted from its first hop.
        func testAHopAfterARedirectHasOnlyTheRestOfTheTotalTimeout() async throws {
            let transport = try CurlTransport(configuration: .init(totalTimeout: 1))
            var hop = TransportRequest(head: URLRequest(url: HTTPBin.url("/delay/1")))
            hop.firstHopStart = .now - .milliseconds(800)
            let started = ContinuousClock.now
            do {
                _ = try await transport.send(hop)
                XCTFail("the hop outlived the request's total timeout")
            } catch {
                guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                XCTAssertEqual(urlError.code, .timedOut)
            }
            XCTAssertLessThan(started.duration(to: .now), .milliseconds(700), "only the rest of the limit was waited")
        }

        func testNonHTTPSchemeIsUnsupported() async throws {
            let transport = try CurlTransport()
            let others = ["file:///etc/hostname", "ftp://127.0.0.1/x", "httpx://127.0.0.1/", "httpsx://127.0.0.1/"]
            for string in others {
                let url = try XCTUnwrap(URL(string: string))
                do {
                    _ = try await transport.send(URLRequest(url: url))
                    XCTFail("expected a failure for \(string)")
                } catch {
                    guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
                    XCTAssertEqual(urlError.code, .unsupportedURL, string)
                }
            }
            // The scheme is case-insensitive (RFC 3986 §3.1).
            let upper = try XCTUnwrap(
                URL(string: HTTPBin.url("/get").absoluteString.replacingOccurrences(of: "http:", with: "HTTP:")))
            let exchange = try await transport.send(URLRequest(url: upper))
            XCTAssertEqual(exchange.statusCode, 200)
        }

        func testCurlCodesMapToURLErrorCodes() {
            let expected: [Int32: URLError.Code] = [
                6: .cannotFindHost, 7: .cannotConnectToHost, 28: .timedOut, 18: .networkConnectionLost,
                52: .networkConnectionLost, 55: .networkConnectionLost, 56: .networkConnectionLost,
                35: .secureConnectionFailed, 60: .serverCertificateUntrusted, 90: .serverCertificateUntrusted,
                47: .httpTooManyRedirects, 61: .cannotDecodeContentData, 1: .unsupportedURL, 3: .badURL,
                27: .cannotParseResponse,
                99: .unknown,
            ]
            for (code, urlCode) in expected {
                XCTAssertEqual(CurlTransport.urlErrorCode(forCurlCode: code), urlCode, "CURLcode \(code)")
            }
        }

        func testAnAnswerWithoutAStatusLineIsAResponseThatCouldNotBeRead() throws {
            let url = try XCTUnwrap(URL(string: "https://api.example.com/items"))
            let error = CurlTransport.error(
                forCurlCode: 1, message: "Received HTTP/0.9 when not allowed", url: url)
            guard case .transport(let urlError) = error else { return XCTFail("got \(error)") }
            XCTAssertEqual(urlError.code, .cannotParseResponse)
            XCTAssertTrue(
                error.description.hasPrefix("The response from api.example.com could not be read:"), error.description)
            let scheme = CurlTransport.error(forCurlCode: 1, message: "Protocol \"ftp\" not supported", url: url)
            guard case .transport(let schemeError) = scheme else { return XCTFail("got \(scheme)") }
            XCTAssertEqual(schemeError.code, .unsupportedURL)
        }

        func testTransportReportsTheLibrary() {
            XCTAssertNotNil(CurlTransport.libraryVersion)
            XCTAssertTrue(CurlTransport.preferred() is CurlTransport)
        }
    }
#endif
