// The README's usage snippets, kept here so that they keep compiling. They are never run (their
// hosts are examples); the behaviour they describe is tested against httpbin by the other suites.
import Foundation
import Networking

private enum ReadmeSnippets {
    struct Credentials: Encodable, Sendable {
        let username: String
        let password: String
    }

    struct Account: Decodable, Sendable { let id: Int }
    struct Recipe: Decodable, Sendable { let title: String }
    struct SignIn: Encodable, Sendable {
        let name: String
        let remember: Bool
    }
    struct Search: Encodable, Sendable {
        let q: String
        let page: Int
    }
    struct APIError: Decodable { let errors: [String: [String]] }

    static func choosingAConfiguration() {
        // Default
        let networking = Networking(baseURL: "http://example.com")

        // Ephemeral
        let ephemeral = Networking(baseURL: "http://example.com", configuration: .ephemeral)
        _ = (networking, ephemeral)
    }

    static func changingRequestHeaders(networking: Networking) async {
        await networking.setHeaderFields(["User-Agent": "your new user agent"])
    }

    static func authenticating() async {
        let networking = Networking(baseURL: "http://example.com")

        // HTTP basic
        await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
        let basic: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")

        // Bearer token
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
        let bearer: Result<JSONResponse, NetworkingError> = await networking.get("/get")

        // Custom value: `Authorization: Token token=AAAFFAAAA3DAAAAAA`
        await networking.setAuthorizationHeader(headerValue: "Token token=AAAFFAAAA3DAAAAAA")

        // Custom header: `Anonymous-Token: AAAFFAAAA3DAAAAAA`
        await networking.setAuthorizationHeader(headerKey: "Anonymous-Token", headerValue: "AAAFFAAAA3DAAAAAA")

        // Stop sending it, or forget credentials and headers and cancel what is in flight.
        await networking.clearAuthorizationHeader()
        await networking.reset()
        _ = (basic, bearer)
    }

    static func makingARequest() async {
        let networking = Networking(baseURL: "http://example.com")
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        switch result {
        case .success(let response):
            let body = response.body  // [String: AnyCodable]
            let statusCode = response.statusCode  // Int
            let contentType = response.headerFields["content-type"]  // case-insensitive
            print(statusCode, contentType ?? "", body["url"]?.stringValue ?? "")
        case .failure(let error):
            print(error.localizedDescription)
        }
    }

    static func theResultType() async {
        let networking = Networking(baseURL: "http://fakerecipes.com")
        let result: Result<[Recipe], NetworkingError> = await networking.get("/recipes")
        switch result {
        case .success(let recipes):
            print(recipes.map(\.title))
        case .failure(let error):
            print(error.localizedDescription)
        }
    }

    static func otherResultTypes(networking: Networking) async {
        let text: Result<String, NetworkingError> = await networking.get("/robots.txt")
        let bytes: Result<Data, NetworkingError> = await networking.get("/bytes/1024")
        let done: Result<Void, NetworkingError> = await networking.delete("/posts/1")  // a 204 is fine
        _ = (text, bytes, done)
    }

    static func typedRequestBodies() async {
        let networking = Networking(baseURL: "http://example.com")
        let body = Credentials(username: "jameson", password: "secret")

        // Decode the response straight into your model…
        let result: Result<Account, NetworkingError> = await networking.post("/login", body: body)

        // …or ignore it with a Void result when you only care about success/failure.
        let ack: Result<Void, NetworkingError> = await networking.put("/account", body: body)
        _ = (result, ack)
    }

    static func handlingErrors(result: Result<JSONResponse, NetworkingError>) {
        switch result {
        case .success(let value):
            print(value.statusCode)
        case .failure(let error):
            switch error {
            case .invalidRequest(let reason):
                print("could not build the request:", reason)
            case .transport(let urlError):
                print("never reached the server:", urlError.code)
            case .http(let httpError):
                print(httpError.statusCode, httpError.isClientError, httpError.metadata.bodySnippet)
            case .decoding(let decodingError, let metadata):
                print(decodingError, metadata.statusCode)
            case .validation(let reason, let metadata):
                print(reason, metadata.statusCode)
            case .invalidResponse:
                print("not an HTTP response")
            case .cancelled:
                print("cancelled")
            }
            print(error.statusCode ?? 0, error.responseMetadata?.bodySnippet ?? "", error.isRetryable)
        }
    }

    static func decodingAnErrorBody(result: Result<JSONResponse, NetworkingError>) {
        if case .failure(.http(let httpError)) = result,
            let apiError = try? httpError.metadata.decode(APIError.self)
        {
            print(apiError.errors["start_time"] ?? [])  // ["can't be blank"]
        }
    }

    static func choosingHowTheBodyIsEncoded(imageData: Data, imageData1: Data, imageData2: Data) async {
        let networking = Networking(baseURL: "http://example.com")

        // JSON
        let json: Result<JSONResponse, NetworkingError> = await networking.post("/post", body: ["name": "jameson"])

        // URL-encoding: a dictionary…
        let form: Result<JSONResponse, NetworkingError> = await networking.post("/post", form: ["name": "jameson"])
        // …or your own model.
        let form2: Result<JSONResponse, NetworkingError> = await networking.post(
            "/post", form: SignIn(name: "jameson", remember: true))

        // Multipart
        let part = FormDataPart(type: .png, data: imageData, parameterName: "file", filename: "selfie.png")
        let upload: Result<JSONResponse, NetworkingError> = await networking.post("/image/upload", parts: [part])
        let part1 = FormDataPart(data: imageData1, parameterName: "file1", filename: "selfie1.png")
        let part2 = FormDataPart(data: imageData2, parameterName: "file2", filename: "selfie2.png")
        let uploads: Result<JSONResponse, NetworkingError> = await networking.post(
            "/image/upload", parts: [part1, part2], fields: ["username": "3lvis"])
        let pdf = FormDataPart(type: FormDataPartType("application/pdf"), data: imageData, parameterName: "doc")
        let document: Result<Void, NetworkingError> = await networking.put("/documents/1", parts: [pdf])

        // Raw data
        let raw: Result<JSONResponse, NetworkingError> = await networking.post(
            "/upload", data: imageData, contentType: "application/octet-stream")

        // Query items…
        let query: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: [URLQueryItem(name: "q", value: "swift")])
        // …or a model: GET /search?q=swift&page=2
        let query2: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: Search(q: "swift", page: 2))
        _ = (json, form, form2, upload, uploads, document, raw, query, query2)
    }

    static func cancellingARequest() async {
        let networking = Networking(baseURL: "http://example.com")
        let task = Task {
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
            // On cancellation this is .failure(.cancelled)
            return result
        }

        // In another place
        task.cancel()

        // Or cancel everything this client has in flight.
        await networking.cancelAllRequests()
    }
}
