#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import Synchronization
    import XCTest

    /// Each URLSession-on-Linux defect of `docs/LinuxURLSession.md` that the library works around,
    /// shown to be handled correctly by `CurlTransport`.
    final class CurlURLSessionDefectsTests: CurlIntegrationTestCase {
        /// URLSession hangs forever on a 401 with `WWW-Authenticate: Basic`.
        func testBasicChallengeReturnsThe401() async throws {
            let networking = try makeNetworking()
            await networking.setAuthorizationHeader(username: "aladdin", password: "wrong")
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")
            let error = try failure(result)
            XCTAssertEqual(error.statusCode, 401)
            XCTAssertEqual(error.responseMetadata?.header("WWW-Authenticate")?.hasPrefix("Basic"), true)
        }

        /// URLSession ignores `timeoutIntervalForResource` and truncates fractional timeouts (0.5 s
        /// fires at once). Here a 0.5 s total timeout ends a 2 s response after 0.5 s, not before.
        func testTotalTimeoutHasSubSecondPrecision() async throws {
            let networking = try makeNetworking(.init(totalTimeout: 0.5))
            let clock = ContinuousClock()
            let start = clock.now
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/delay/2")
            let elapsed = clock.now - start
            guard case .transport(let error) = try failure(result) else { return XCTFail("expected .transport") }
            XCTAssertEqual(error.code, .timedOut)
            XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(450), "fired early, as URLSession's truncation does")
            XCTAssertLessThan(elapsed, .milliseconds(1900), "waited for the server instead of the deadline")
        }

        /// `URLRequest.timeoutInterval` is an idle timeout, also below one second.
        func testIdleTimeoutHasSubSecondPrecision() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/delay/2"))
            request.timeoutInterval = 0.5
            let clock = ContinuousClock()
            let start = clock.now
            do {
                _ = try await transport.send(request)
                XCTFail("expected a timeout")
            } catch {
                let elapsed = clock.now - start
                guard case .transport(let urlError) = error else { return XCTFail("expected .transport, got \(error)") }
                XCTAssertEqual(urlError.code, .timedOut)
                XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(450))
                XCTAssertLessThan(elapsed, .milliseconds(1900))
            }
        }

        /// An idle timeout is reset by data: a body trickling for longer than it succeeds.
        func testIdleTimeoutIsResetByArrivingData() async throws {
            let transport = try CurlTransport()
            var request = URLRequest(url: HTTPBin.url("/drip?duration=1.5&numbytes=4&delay=0"))
            request.timeoutInterval = 0.9
            let exchange = try await transport.send(request)
            XCTAssertEqual(exchange.body.count, 4)
        }

        /// URLSession sends a redirected POST/PUT with `Content-Length: 0`.
        func testTemporaryAndPermanentRedirectsResendTheBody() async throws {
            let networking = try makeNetworking()
            for status in [307, 308] {
                let target = "\(HTTPBin.baseURL)/anything"
                let path =
                    "/redirect-to?url=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                    + "&status_code=\(status)"
                let post: JSONResponse = try value(await networking.post(path, body: ["name": "kept"]))
                XCTAssertEqual(post.body["method"]?.stringValue, "POST", "\(status)")
                XCTAssertEqual(post.body["json"]?["name"]?.stringValue, "kept", "\(status)")
                let put: JSONResponse = try value(
                    await networking.put(path, data: Data("abc".utf8), contentType: "text/plain"))
                XCTAssertEqual(put.body["method"]?.stringValue, "PUT", "\(status)")
                XCTAssertEqual(put.body["data"]?.stringValue, "abc", "\(status)")
            }
            // 303 turns the POST into a GET without a body.
            let seeOther: JSONResponse = try value(
                await networking.post("/redirect-to?url=%2Fanything&status_code=303", body: ["x": 1]))
            XCTAssertEqual(seeOther.body["method"]?.stringValue, "GET")
            XCTAssertEqual(seeOther.body["data"]?.stringValue, "")
        }

        /// URLSession forwards `Authorization` and `Cookie` to any origin a redirect names.
        func testCredentialsAreStrippedAcrossOrigins() async throws {
            let networking = try makeNetworking()
            await networking.setAuthorizationHeader(token: "SECRET")
            await networking.setHeaderFields(["Cookie": "session=abc", "X-Custom": "kept"])
            let other =
                "\(HTTPBin.otherOrigin)/headers".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let crossed: JSONResponse = try value(await networking.get("/redirect-to?url=\(other)"))
            let crossedHeaders = crossed.body["headers"]
            XCTAssertNil(crossedHeaders?["Authorization"])
            XCTAssertNil(crossedHeaders?["Cookie"])
            XCTAssertEqual(crossedHeaders?["X-Custom"]?.stringValue, "kept")
            let otherHost = URL(string: HTTPBin.otherOrigin)?.host.map { "\($0):\(HTTPBin.port)" }
            XCTAssertEqual(crossedHeaders?["Host"]?.stringValue, otherHost, "the redirect did reach the other origin")
            let same: JSONResponse = try value(await networking.get("/redirect-to?url=%2Fheaders"))
            XCTAssertEqual(same.body["headers"]?["Authorization"]?.stringValue, "Bearer SECRET")
            XCTAssertEqual(same.body["headers"]?["Cookie"]?.stringValue, "session=abc")
        }

        /// URLSession never delivers `URLSessionTaskMetrics`.
        func testMetricsCarryRealTimings() async throws {
            let transport = try CurlTransport()
            let collected = Mutex<[TransactionMetrics]>([])
            let networking = Networking(baseURL: HTTPBin.baseURL, transport: transport)
            await networking.addObserver(MetricsObserver { metrics in collected.withLock { $0.append(metrics) } })
            let first: Data = try value(await networking.get("/redirect/2"))
            XCTAssertFalse(first.isEmpty)
            let second: Data = try value(await networking.get("/bytes/512"))
            XCTAssertEqual(second.count, 512)
            let metrics = collected.withLock { $0 }
            XCTAssertEqual(metrics.count, 2)
            guard metrics.count == 2 else { return }
            // The first request opened a connection (the hop that opened it may be an earlier one
            // of the chain, so only the timings libcurl always reports are checked).
            XCTAssertEqual(metrics[0].redirectCount, 2)
            XCTAssertNotNil(metrics[0].timeToFirstByte)
            XCTAssertEqual(metrics[0].networkProtocol, "http/1.1")
            XCTAssertGreaterThan(metrics[0].duration, 0)
            XCTAssertEqual(metrics[1].redirectCount, 0)
            XCTAssertEqual(metrics[1].responseBodyBytes, 512)
            XCTAssertEqual(metrics[1].requestBodyBytes, 0)
            XCTAssertEqual(metrics[1].isReusedConnection, true)
            XCTAssertNil(metrics[1].connect, "a reused connection has no connect phase")
        }

        /// A fresh connection reports its DNS and connect phases.
        func testFreshConnectionReportsItsPhases() async throws {
            let transport = try CurlTransport()
            let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/get")))
            let metrics = try XCTUnwrap(exchange.metrics)
            XCTAssertEqual(metrics.isReusedConnection, false)
            XCTAssertNotNil(metrics.domainLookup)
            XCTAssertNotNil(metrics.connect)
            XCTAssertNil(metrics.secureConnection, "no TLS over http")
            let ttfb = try XCTUnwrap(metrics.timeToFirstByte)
            XCTAssertGreaterThanOrEqual(ttfb, try XCTUnwrap(metrics.connect))
            XCTAssertEqual(metrics.responseBodyBytes, Int64(exchange.body.count))
        }

        /// URLSession leaves download temp files behind; this transport writes no file at all.
        func testNoTemporaryFilesAreCreated() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "curl-tmp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "curl-body-\(UUID().uuidString)")
            try Data(repeating: 7, count: 100_000).write(to: bodyFile)
            defer { try? FileManager.default.removeItem(at: bodyFile) }
            let previous = ProcessInfo.processInfo.environment["TMPDIR"]
            setenv("TMPDIR", directory.path, 1)
            defer {
                if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
            }
            XCTAssertEqual(NSTemporaryDirectory().hasPrefix(directory.path), true)
            let transport = try CurlTransport()
            _ = try await transport.send(URLRequest(url: HTTPBin.url("/bytes/200000")))
            var upload = URLRequest(url: HTTPBin.url("/post"))
            upload.httpMethod = "POST"
            _ = try await transport.exchange(for: TransportRequest(head: upload, body: HTTPBody(fileURL: bodyFile)))
            let cancelled = Task {
                try await transport.send(URLRequest(url: HTTPBin.url("/drip?duration=3&numbytes=3")))
            }
            try await Task.sleep(for: .milliseconds(300))
            cancelled.cancel()
            _ = try? await cancelled.value
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        }
    }

    /// Hands each completed request's metrics to a closure.
    struct MetricsObserver: RequestObserver {
        let onMetrics: @Sendable (TransactionMetrics) -> Void
        func requestStarted(_ context: RequestContext) {}
        func requestCompleted(_ completion: RequestCompletion) {
            if let metrics = completion.metrics { onMetrics(metrics) }
        }
    }
#endif
