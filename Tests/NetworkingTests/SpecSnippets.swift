// The code blocks of 3lvis/Networking 8's README, whose API this package keeps, nearly verbatim, so that
// code written against that README keeps compiling. Never run: their hosts are examples. The behaviour is tested by the other suites.
import Foundation
import Networking

private enum SpecSnippets {
    struct Credentials: Encodable {
        let username: String
        let password: String
    }
    struct Recipe: Decodable { let title: String }
    struct Account: Decodable { let id: Int }
    struct SignIn: Encodable {
        let name: String
        let remember: Bool
    }
    struct Search: Encodable {
        let q: String
        let page: Int
    }
    struct Story: Codable {
        let id: Int
        let title: String
    }
    struct APIError: Decodable { let errors: [String: [String]] }
    enum MyAuth { static func refreshAccessToken() async throws -> String { "t" } }
    static func refresh() async throws -> String { "t" }

    static func configurationAndAuth() async {
        let networking = Networking(baseURL: "http://example.com")
        let ephemeral = Networking(baseURL: "http://example.com", configuration: .ephemeral)
        await networking.setHeaderFields(["User-Agent": "your new user agent"])
        await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
        let r1: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
        await networking.setAuthorizationHeader(headerValue: "Token token=AAAFFAAAA3DAAAAAA")
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "AAAFFAAAA3DAAAAAA")
        _ = (ephemeral, r1)
    }

    static func interceptors() async {
        let networking = Networking(baseURL: "http://example.com")
        await networking.setInterceptors([
            AuthRefreshInterceptor {
                let token = try await MyAuth.refreshAccessToken()
                await networking.setAuthorizationHeader(token: token)
                return "Bearer \(token)"
            }
        ])
        await networking.setInterceptors([
            RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(30))
        ])
        _ = RetryInterceptor(retryableMethods: ["GET", "HEAD", "PUT", "DELETE", "POST"])
        await networking.setInterceptors([
            RetryInterceptor(),
            AuthRefreshInterceptor { "Bearer \(try await refresh())" },
        ])
        await networking.setInterceptors([
            ResponseValidatorInterceptor { exchange in
                let contentType = exchange.response.value(forHTTPHeaderField: "Content-Type") ?? ""
                return contentType.hasPrefix("application/json")
                    ? .valid
                    : .invalid(reason: "expected JSON, got \(contentType)")
            }
        ])
    }

    static func requests() async {
        let networking = Networking(baseURL: "http://example.com")
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        switch result {
        case .success(let response):
            let body = response.body
            let statusCode = response.statusCode
            let headers = response.headers
            _ = (body, statusCode, headers)
        case .failure(let error):
            switch error {
            case .invalidRequest(let reason): _ = reason
            case .transport(let urlError): _ = urlError
            case .http(let httpError): _ = (httpError.statusCode, httpError.isClientError, httpError.metadata)
            case .decoding(let decodingError, let metadata): _ = (decodingError, metadata)
            case .validation(let reason, let metadata): _ = (reason, metadata)
            case .invalidResponse: break
            case .cancelled: break
            }
            _ = (error.statusCode, error.responseMetadata, error.isRetryable)
        }
        if case .failure(.http(let httpError)) = result,
            let apiError = try? httpError.metadata.decode(APIError.self)
        {
            _ = (apiError.errors["start_time"], httpError.metadata.body, httpError.metadata.bodySnippet)
        }
        let recipes: Result<[Recipe], NetworkingError> = await networking.get("/recipes")
        let body = Credentials(username: "jameson", password: "secret")
        let login: Result<Account, NetworkingError> = await networking.post("/login", body: body)
        let ack: Result<Void, NetworkingError> = await networking.put("/account", body: body)
        let json: Result<JSONResponse, NetworkingError> = await networking.post("/post", body: ["name": "jameson"])
        let form: Result<JSONResponse, NetworkingError> = await networking.post("/post", form: ["name": "jameson"])
        let form2: Result<JSONResponse, NetworkingError> = await networking.post(
            "/post", form: SignIn(name: "jameson", remember: true))
        let imageData = Data()
        let part = FormDataPart(data: imageData, parameterName: "file", filename: "selfie.png")
        let multi: Result<JSONResponse, NetworkingError> = await networking.post("/image/upload", parts: [part])
        let multi2: Result<JSONResponse, NetworkingError> = await networking.post(
            "/image/upload", parts: [part, part], fields: ["username": "3lvis"])
        _ = FormDataPart(type: FormDataPartType("application/pdf"), data: imageData, parameterName: "doc")
        let raw: Result<JSONResponse, NetworkingError> = await networking.post(
            "/upload", data: imageData, contentType: "application/octet-stream")
        let query: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: [URLQueryItem(name: "q", value: "swift")])
        let query2: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: Search(q: "swift", page: 2))
        _ = (recipes, login, ack, json, form, form2, multi, multi2, raw, query, query2)
    }

    static func cancellingAndFaking() async throws {
        let networking = Networking(baseURL: "https://example.com")
        let task = Task {
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
            _ = result
        }
        task.cancel()
        await networking.fakeGET("/stories", response: [Story(id: 47333, title: "Site Design: Aquest")])
        let stories: Result<[Story], NetworkingError> = await networking.get("/stories")
        await networking.fakeGET("/entries", fileName: "entries.json")
        await networking.fakeGET("/stories", statusCode: 500)
        let image: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        let imageResponse: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/image/png")
        try await networking.cancelImageDownload("/image/png")
        await networking.clearCache()
        await networking.reset()
        _ = (stories, image, imageResponse)
    }

    static func observing() async {
        let networking = Networking(baseURL: "http://example.com")
        let stream = await networking.events()
        Task {
            for await event in stream {
                switch event {
                case .started(let context):
                    print("→ [\(context.id)] \(context.method) \(context.url?.absoluteString ?? "")")
                case .completed(let context, let outcome, let duration, let metrics):
                    switch outcome {
                    case .success(let statusCode, let byteCount):
                        print("← [\(context.id)] \(statusCode) (\(byteCount) bytes) in \(duration)")
                    case .failure(let error):
                        print("✗ [\(context.id)] \(error.localizedDescription) — retryable: \(error.isRetryable)")
                    }
                    if let metrics {
                        print("   DNS \(metrics.domainLookup ?? 0)s · TLS \(metrics.secureConnection ?? 0)s")
                    }
                }
            }
        }
        await networking.setRedactedHeaderFields(["Authorization", "X-Api-Key"])
        await networking.setLogLevel(.none)
        await networking.setLogLevel(.failures)
        await networking.setLogLevel(.all)
        await networking.setRedactsLogs(true)
        await networking.setLogFileURL(URL(fileURLWithPath: "/tmp/networking.log"))
    }
}
