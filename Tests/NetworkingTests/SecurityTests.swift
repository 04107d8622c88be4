import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The credential-safety guarantees, each checked end to end where a real server can show it:
/// credentials never cross origins on a redirect, an https → http redirect is refused, cache and
/// token files are private and no key escapes its folder, release-mode logs hold no secret, and a
/// storm of 401s causes exactly one token refresh.
final class SecurityTests: XCTestCase {
    private var server: FaultServer?

    override func setUpWithError() throws {
        server = try FaultServer()
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    // MARK: Redirects never carry credentials to another origin

    /// The credential headers an origin receives, while the redirects stay on it.
    private static let credentialHeaders = ["Authorization", "Cookie", "X-Api-Key"]

    /// A client that sets every credential header: `Authorization`, `Cookie`,
    /// `Proxy-Authorization` (which no transport sends to an origin), and `X-Api-Key` as its
    /// auth-header key.
    private func credentialedClient(_ baseURL: String) async -> Networking {
        let networking = Networking(baseURL: baseURL, configuration: .ephemeral)
        await networking.setLogLevel(.none)
        await networking.setHeaderFields([
            "Authorization": "Bearer planted-token", "Cookie": "session=planted-cookie",
            "Proxy-Authorization": "Basic planted-proxy",
        ])
        await networking.setAuthorizationHeader(headerKey: "X-Api-Key", headerValue: "planted-key")
        return networking
    }

    /// Follows `/redirect` on the main port to `target`, and returns the hops the server recorded.
    private func redirectHops(
        to target: String, status: Int = 302, method: HTTPMethod = .get, id: String = UUID().uuidString
    ) async throws -> [FaultServer.RecordedHop] {
        let server = try XCTUnwrap(self.server)
        let networking = await credentialedClient(server.baseURL)
        let path = "/redirect?status=\(status)&id=\(id)&to=\(FaultInjectionTests.queryValue(target))"
        let result: Result<Void, NetworkingError>
        switch method {
        case .post: result = await networking.post(path, body: ["planted": "body"])
        default: result = await networking.get(path)
        }
        XCTAssertNotNil(try? result.get(), "\(result)")
        return try await server.recorded(id)
    }

    private func assertCarriesCredentials(
        _ hop: FaultServer.RecordedHop?, file: StaticString = #filePath, line: UInt = #line
    ) {
        for name in Self.credentialHeaders {
            XCTAssertNotNil(hop?.value(name), "\(name) sent on the first hop", file: file, line: line)
        }
        XCTAssertNil(
            hop?.value("Proxy-Authorization"), "a proxy's credential reached an origin", file: file, line: line)
    }

    private func assertCarriesNoCredentials(
        _ hop: FaultServer.RecordedHop?, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertNotNil(hop, "the redirect was followed", file: file, line: line)
        for name in Self.credentialHeaders + ["Proxy-Authorization"] {
            XCTAssertNil(hop?.value(name), "\(name) reached another origin", file: file, line: line)
        }
    }

    func testCredentialsAreStrippedWhenARedirectChangesThePort() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let hops = try await redirectHops(to: "\(server.otherBaseURL)/record?id=\(id)", id: id)
        XCTAssertEqual(hops.map(\.port), [server.port, server.otherPort])
        assertCarriesCredentials(hops.first)
        assertCarriesNoCredentials(hops.last)
    }

    func testCredentialsAreStrippedWhenARedirectChangesTheHost() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        // The same server, port and scheme under another name: 127.0.0.1 → localhost.
        let hops = try await redirectHops(to: "http://localhost:\(server.port)/record?id=\(id)", id: id)
        XCTAssertEqual(hops.count, 2)
        assertCarriesCredentials(hops.first)
        assertCarriesNoCredentials(hops.last)
    }

    func testCredentialsAreStrippedOnA307ThatKeepsTheMethodAndBody() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let hops = try await redirectHops(
            to: "\(server.otherBaseURL)/record?id=\(id)", status: 307, method: .post, id: id)
        XCTAssertEqual(hops.count, 2)
        assertCarriesCredentials(hops.first)
        assertCarriesNoCredentials(hops.last)
    }

    func testCredentialsStayStrippedWhenALaterHopReturnsToTheOrigin() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let back = "\(server.baseURL)/record?id=\(id)"
        let away = "\(server.otherBaseURL)/redirect?id=\(id)&to=\(FaultInjectionTests.queryValue(back))"
        let hops = try await redirectHops(to: away, id: id)
        XCTAssertEqual(hops.map(\.port), [server.port, server.otherPort, server.port])
        assertCarriesCredentials(hops.first)
        assertCarriesNoCredentials(hops.dropFirst().first)
        assertCarriesNoCredentials(hops.last)
    }

    func testCredentialsAreKeptOnASameOriginRedirect() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let hops = try await redirectHops(to: "/record?id=\(id)", id: id)
        XCTAssertEqual(hops.map(\.port), [server.port, server.port])
        assertCarriesCredentials(hops.first)
        assertCarriesCredentials(hops.last)
    }

    func testCredentialsAreStrippedWhenARedirectChangesTheScheme() throws {
        // Unit level: URLSession on Linux trusts only the system CA store, so a test TLS server
        // cannot be reached; the pipeline applies exactly this policy to every hop (with the
        // client's own credential header added, as `Networking` adds its authorization key).
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://api.example.com/start")))
        for name in Self.credentialHeaders { request.setValue("planted", forHTTPHeaderField: name) }
        let next = try RedirectPolicy.default.stripping(["X-Api-Key"]).nextRequest(
            after: try redirect(from: "http://api.example.com/start", to: "https://api.example.com/next"),
            for: request, original: request, redirectCount: 0)
        XCTAssertEqual(next?.url?.absoluteString, "https://api.example.com/next")
        for name in Self.credentialHeaders { XCTAssertNil(next?.value(forHTTPHeaderField: name), name) }
    }

    func testAnHTTPSToHTTPRedirectIsRefusedByDefault() throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.example.com/start")))
        let response = try redirect(from: "https://api.example.com/start", to: "http://api.example.com/next")
        XCTAssertThrowsError(
            try RedirectPolicy.default.nextRequest(after: response, for: request, original: request, redirectCount: 0)
        ) { error in
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("\(error)") }
            XCTAssertEqual(urlError.code, .appTransportSecurityRequiresSecureConnection)
        }
        let allowed = RedirectPolicy(allowsInsecureDowngrade: true)
        let next = try allowed.nextRequest(after: response, for: request, original: request, redirectCount: 0)
        XCTAssertEqual(next?.url?.scheme, "http", "only an explicit opt-in follows it")
    }

    private func redirect(from source: String, to location: String) throws -> ResponseHead {
        try XCTUnwrap(
            ResponseHead(url: try XCTUnwrap(URL(string: source)), statusCode: 302, headerFields: ["Location": location])
        )
    }

    // MARK: Private files, and no key escapes its folder

    func testCacheFilesAreOwnerOnlyAndHostileKeysStayInTheFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("Security-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("cache")
        let hostileKeys = [
            "../../escaped", "../escaped", "/tmp/escaped", "..", ".", "", "a/b/c", "\0", "key\0../x",
            String(repeating: "../", count: 2000), "~/escaped", "C:\\escaped", "døgn/villburgere", "%2e%2e%2f",
        ]
        try withUmask(0) {
            let cache = DataCache(directory: directory)
            for key in hostileKeys { cache.store(Data("value of \(key.debugDescription)".utf8), forKey: key) }
            cache.removeAllFromMemory()
            for key in hostileKeys {
                XCTAssertEqual(cache.data(forKey: key), Data("value of \(key.debugDescription)".utf8), key)
                let file = try XCTUnwrap(cache.fileURL(forKey: key))
                XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, directory.path, key)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["cache"], "nothing escaped")
        XCTAssertEqual(try permissions(directory.path), 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, hostileKeys.count)
        for file in files {
            XCTAssertTrue(file.utf8.count == 64 && file.allSatisfy(\.isHexDigit), file)
            XCTAssertEqual(try permissions(directory.appendingPathComponent(file).path), 0o600, file)
        }
    }

    func testADownloadCachedUnderAHostileCacheNameStaysInTheFolder() async throws {
        let server = try XCTUnwrap(self.server)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("Security-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("downloads")
        let networking = Networking(
            baseURL: server.baseURL, transport: URLSessionTransport(configuration: .ephemeral),
            cache: DataCache(directory: directory))
        let result: Result<Data, NetworkingError> = await networking.downloadData("/ok", cacheName: "../../../escaped")
        XCTAssertNotNil(try? result.get(), "\(result)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["downloads"])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(try permissions(directory.appendingPathComponent(files[0]).path), 0o600)
    }

    func testTokenAndLogFilesAreOwnerOnly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Security-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokenFile = directory.appendingPathComponent("tokens/token.json")
        let logFile = directory.appendingPathComponent("logs/networking.log")
        try withUmask(0) {
            let storage = FileTokenStorage(fileURL: tokenFile)
            try storage.saveToken(Token(accessToken: "planted-access", refreshToken: "planted-refresh"))
            try storage.saveToken(Token(accessToken: "planted-access-2"))
            XCTAssertEqual(try storage.loadToken()?.accessToken, "planted-access-2")
            XCTAssertNotNil(LogFileSink.open(logFile))
        }
        XCTAssertEqual(try permissions(tokenFile.path), 0o600)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: tokenFile.deletingLastPathComponent().path),
            ["token.json"], "no temporary file left beside the token")
        XCTAssertEqual(try permissions(logFile.path), 0o600)
    }

    /// Runs `body` with the process's umask set to `mask` (0 makes any missing explicit mode visible).
    private func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let previous = umask(mask)
        defer { umask(previous) }
        return try body()
    }

    private func permissions(_ path: String) throws -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return Int(info.st_mode & 0o777)
    }

    // MARK: Release-mode logs hold no secret

    func testRedactedLogsHoldNoPlantedSecret() async throws {
        try await HTTPBin.requireServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Security-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let logFile = directory.appendingPathComponent("release.log")
        let secrets = [
            "authorization-secret", "request-cookie-secret", "proxy-secret", "api-key-secret", "json-body-secret",
            "response-cookie-secret", "error-body-secret", "undecodable-secret", "form-secret", "multipart-secret",
        ]

        let networking = Networking(baseURL: HTTPBin.baseURL, configuration: .ephemeral)
        await networking.setRedactsLogs(true)  // what release builds do by default
        await networking.setLogLevel(.all)
        await networking.setLogsToStandardError(false)
        let opened = await networking.setLogFileURL(logFile)
        XCTAssertTrue(opened)
        await networking.setHeaderFields([
            "Authorization": "Bearer authorization-secret", "Cookie": "session=request-cookie-secret",
            "Proxy-Authorization": "Basic proxy-secret",
        ])
        await networking.setAuthorizationHeader(headerKey: "X-Api-Key", headerValue: "api-key-secret")

        // Echoed back by httpbin: every request header and body also comes back in a response body.
        // (URLs are logged as sent, query included: secrets belong in headers and bodies.)
        let echoed: Result<JSONResponse, NetworkingError> = await networking.post(
            "/anything", body: ["password": "json-body-secret"])
        XCTAssertNotNil(try? echoed.get(), "\(echoed)")
        let form: Result<Void, NetworkingError> = await networking.post(
            "/anything", form: ["password": "form-secret"])
        XCTAssertNotNil(try? form.get(), "\(form)")
        let multipart: Result<Void, NetworkingError> = await networking.post(
            "/anything", parts: [FormDataPart(data: Data("multipart-secret".utf8), parameterName: "file")],
            fields: ["field": "x"])
        XCTAssertNotNil(try? multipart.get(), "\(multipart)")
        // A `Set-Cookie` response header, from the fault server (httpbin would echo it in the URL too).
        let server = try XCTUnwrap(self.server)
        let cookies = Networking(baseURL: server.baseURL, configuration: .ephemeral)
        await cookies.setRedactsLogs(true)
        await cookies.setLogLevel(.all)
        await cookies.setLogsToStandardError(false)
        _ = await cookies.setLogFileURL(logFile)
        await cookies.setHeaderFields(["X-Cookie-Value": "response-cookie-secret"])
        await cookies.setRedactedHeaderFields(HeaderRedaction.defaultHeaderFields.union(["X-Cookie-Value"]))
        let setCookie: Result<Void, NetworkingError> = await cookies.get("/set-cookie")
        XCTAssertNotNil(try? setCookie.get(), "\(setCookie)")
        // Failures are logged in full: request headers and body, response headers and body.
        let failed: Result<Void, NetworkingError> = await networking.post(
            "/status/500", body: ["password": "error-body-secret"])
        XCTAssertEqual(failed.failure?.statusCode, 500)
        let undecodable = Data("undecodable-secret is not JSON".utf8).base64EncodedString()
        let notJSON: Result<JSONResponse, NetworkingError> = await networking.get("/base64/\(undecodable)")
        guard case .failure(.decoding) = notJSON else { return XCTFail("\(notJSON)") }

        let log = try String(contentsOf: logFile, encoding: .utf8)
        XCTAssertTrue(log.contains("→ POST /anything"), "the requests were logged:\n\(log)")
        XCTAssertTrue(log.contains("✗ POST /status/500"), "the failure was logged")
        XCTAssertTrue(log.contains(HeaderRedaction.placeholder))
        for secret in secrets {
            let lines = log.split(separator: "\n").filter { $0.contains(secret) }
            XCTAssertEqual(lines, [], "\(secret) leaked into the log")
        }
    }

    func testCURLRenderingRedactsEveryCredentialHeaderByDefault() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.example.com/x")))
        request.setValue("Bearer authorization-secret", forHTTPHeaderField: "Authorization")
        request.setValue("session=request-cookie-secret", forHTTPHeaderField: "Cookie")
        request.setValue("Basic proxy-secret", forHTTPHeaderField: "Proxy-Authorization")
        let rendered = request.cURLDescription()
        for secret in ["authorization-secret", "request-cookie-secret", "proxy-secret"] {
            XCTAssertFalse(rendered.contains(secret), "\(secret) in \(rendered)")
        }
    }

    // MARK: One refresh for a storm of 401s

    func testAThousandConcurrent401sCauseExactlyOneRefresh() async throws {
        let server = try XCTUnwrap(self.server)
        let id = UUID().uuidString
        let refreshes = Mutex(0)
        let networking = Networking(baseURL: server.baseURL, configuration: .ephemeral)
        await networking.setLogLevel(.none)
        await networking.setAuthorizationHeader(token: "expired")
        await networking.setInterceptors([
            AuthRefreshInterceptor {
                refreshes.withLock { $0 += 1 }
                return "Bearer fresh"
            }
        ])
        let results = await withWatchdog(seconds: 120) {
            await withTaskGroup(of: Result<JSONResponse, NetworkingError>.self) { group in
                for index in 0..<1000 {
                    group.addTask { await networking.get("/bearer?token=fresh&id=\(id)&n=\(index)") }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        let all = try XCTUnwrap(results, "the storm did not finish before the watchdog")
        XCTAssertEqual(all.count, 1000)
        XCTAssertEqual(all.filter { (try? $0.get()) != nil }.count, 1000, "every request succeeded after the refresh")
        XCTAssertEqual(refreshes.withLock { $0 }, 1, "exactly one refresh")
        let sent = try await server.count(id)
        XCTAssertGreaterThan(sent, 1000, "some requests were refused and replayed")
        XCTAssertLessThanOrEqual(sent, 2000, "no request was sent more than twice")
    }
}

extension Result {
    /// The error of a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
