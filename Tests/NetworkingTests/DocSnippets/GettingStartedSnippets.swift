// The code blocks of the DocC articles "Getting started" and "Making requests and bodies"
// (Sources/Networking/Networking.docc), compiled here and never run. The models block of "Getting
// started" is DocModels.swift.
import Foundation
import Networking

private enum GettingStartedSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Getting started, "Make one client and share it".
    static func makeOneClient() async {
        let networking = Networking(baseURL: "https://api.example.com")
        await networking.setHeaderFields(["User-Agent": "MyApp/1.0"])
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
    }

    // Getting started, "Send requests" and "Handle the result".
    static func sendRequests(networking: Networking) async {
        let user: Result<User, NetworkingError> = await networking.get("/users/1")
        let created: Result<User, NetworkingError> = await networking.post("/users", body: NewUser(name: "Ada"))
        let removed: Result<Void, NetworkingError> = await networking.delete("/users/1")

        switch user {
        case .success(let user):
            print(user.name)
        case .failure(let error):
            print(error.localizedDescription)  // "The server returned status 404 (Not Found)."
        }
        _ = (created, removed)
    }

    // Getting started, "Test without a server".
    static func testWithoutAServer(networking: Networking) async throws {
        await networking.fakeGET("/users/1", response: User(id: 1, name: "Ada"))
        let faked: User = try await networking.get("/users/1").get()
        _ = faked
    }
}

// Getting started, "Swift 6.2 app targets" (the fixture app of Tests/Fixtures/DefaultMainActorApp
// compiles it in targets whose default isolation is `MainActor`).
private enum AppTargetSnippets {
    struct Post: Codable {
        let id: Int
        let title: String
    }

    static func plainModel(networking: Networking) async {
        let post: Result<Post, NetworkingError> = await networking.get("/posts/1")
        _ = post
    }
}

private enum MakingRequestsSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Making requests and bodies, "Overview".
    static func resultTypes(networking: Networking) async {
        let user: Result<User, NetworkingError> = await networking.get("/users/1")
        let text: Result<String, NetworkingError> = await networking.get("/robots.txt")
        let bytes: Result<Data, NetworkingError> = await networking.get("/bytes/1024")
        let done: Result<Void, NetworkingError> = await networking.delete("/users/1")
        _ = (user, text, bytes, done)
    }

    // Making requests and bodies, "Read the status and headers".
    static func statusAndHeaders(networking: Networking) async {
        let result: Result<JSONResponse, NetworkingError> = await networking.get("/get")
        if case .success(let response) = result {
            print(response.statusCode)  // Int
            print(response.headers["Content-Type"]?.stringValue ?? "")  // [String: AnyCodable]
            print(response.body["url"]?.stringValue ?? "")  // the top-level JSON object
        }
    }

    // Making requests and bodies, "Choose how the body is encoded".
    struct SignIn: Encodable, Sendable {
        let name: String
        let remember: Bool
    }

    static func bodies(networking: Networking, imageData: Data) async {
        // JSON (application/json, ISO-8601 dates)
        let json: Result<User, NetworkingError> = await networking.post("/users", body: NewUser(name: "Ada"))

        // URL-encoded form (application/x-www-form-urlencoded): a flat dictionary or model
        let form: Result<JSONResponse, NetworkingError> = await networking.post("/post", form: ["name": "Ada"])
        let form2: Result<JSONResponse, NetworkingError> = await networking.post(
            "/post", form: SignIn(name: "Ada", remember: true))

        // Multipart (multipart/form-data): parts, and fields sent before them
        let part = FormDataPart(type: .png, data: imageData, parameterName: "file", filename: "selfie.png")
        let upload: Result<JSONResponse, NetworkingError> = await networking.post(
            "/image/upload", parts: [part], fields: ["username": "ada"])

        // Raw bytes, under the Content-Type you give
        let raw: Result<JSONResponse, NetworkingError> = await networking.post(
            "/upload", data: imageData, contentType: "application/octet-stream")
        _ = (json, form, form2, upload, raw, FormDataPartType("application/pdf"))
    }

    // Making requests and bodies, "Add query items".
    struct Search: Encodable, Sendable {
        let q: String
        let page: Int
    }

    static func queryItems(networking: Networking) async {
        let query: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: [URLQueryItem(name: "q", value: "swift")])
        let query2: Result<JSONResponse, NetworkingError> = await networking.get(
            "/search", query: Search(q: "swift", page: 2))  // GET /search?q=swift&page=2
        _ = (query, query2)
    }

    // Making requests and bodies, "Set headers".
    static func headers(networking: Networking) async {
        await networking.setHeaderFields(["User-Agent": "MyApp/1.0", "Accept-Language": "nb"])
    }

    // Making requests and bodies, "Cancel requests".
    static func cancel(networking: Networking) async {
        let task = Task {
            let result: Result<JSONResponse, NetworkingError> = await networking.get("/delay/5")
            return result  // .failure(.cancelled) once cancelled
        }
        task.cancel()

        await networking.cancelAllRequests()  // everything this client has in flight
    }

    // Making requests and bodies, "Choose a configuration".
    static func configuration() {
        let viaDefault = Networking(baseURL: "https://api.example.com")  // libcurl on Linux, URLSession elsewhere
        let ephemeral = Networking(baseURL: "https://api.example.com", configuration: .ephemeral)  // URLSession
        _ = (viaDefault, ephemeral)
    }
}
