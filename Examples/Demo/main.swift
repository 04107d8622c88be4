// A walk through the verbs against a local httpbin: `make demo` starts one and sets HTTPBIN_BASE_URL.
import Foundation
import Networking

let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
let networking = Networking(baseURL: baseURL)

func show<T>(_ title: String, _ result: Result<T, NetworkingError>, _ describe: (T) -> String) {
    switch result {
    case .success(let value): print("✓ \(title): \(describe(value))")
    case .failure(let error): print("✗ \(title): \(error.localizedDescription)")
    }
}

struct Credentials: Codable, Sendable {
    let username: String
    let password: String
}
struct Echo: Decodable, Sendable {
    let json: Credentials?
    let form: [String: String]?
    let args: [String: String]
}
struct Search: Encodable, Sendable {
    let q: String
    let page: Int
}

// GET, decoded as untyped JSON.
let get: Result<JSONResponse, NetworkingError> = await networking.get("/get")
show("GET /get", get) { "status \($0.statusCode), url \($0.body["url"]?.stringValue ?? "?")" }

// GET with a query built from a model.
let search: Result<Echo, NetworkingError> = await networking.get("/get", query: Search(q: "swift", page: 2))
show("GET /get?q=swift&page=2", search) { "args \($0.args.sorted { $0.key < $1.key })" }

// POST a typed JSON body and decode the echo into a model.
let post: Result<Echo, NetworkingError> = await networking.post(
    "/post", body: Credentials(username: "jameson", password: "secret"))
show("POST /post (JSON)", post) { "echoed \($0.json?.username ?? "?")" }

// PUT a form, PATCH raw bytes, DELETE ignoring the body.
let put: Result<Echo, NetworkingError> = await networking.put("/put", form: ["name": "jameson & co"])
show("PUT /put (form)", put) { "form \($0.form ?? [:])" }
let patch: Result<JSONResponse, NetworkingError> = await networking.patch(
    "/patch", data: Data("raw bytes".utf8), contentType: "text/plain")
show("PATCH /patch (raw)", patch) { "data \($0.body["data"]?.stringValue ?? "?")" }
let delete: Result<Void, NetworkingError> = await networking.delete("/delete")
show("DELETE /delete", delete) { "ok" }

// Multipart upload with a file part and a field.
let part = FormDataPart(
    type: .png, data: Data([0x89, 0x50, 0x4E, 0x47]), parameterName: "file", filename: "selfie.png")
let upload: Result<JSONResponse, NetworkingError> = await networking.post(
    "/post", parts: [part], fields: ["username": "3lvis"])
show("POST /post (multipart)", upload) { "fields \($0.body["form"] ?? .null)" }

// Authentication helpers.
await networking.setAuthorizationHeader(username: "aladdin", password: "opensesame")
let basic: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")
show("GET /basic-auth (right password)", basic) { "authenticated \($0.body["authenticated"] ?? .null)" }
await networking.setAuthorizationHeader(username: "aladdin", password: "wrong")
let wrong: Result<JSONResponse, NetworkingError> = await networking.get("/basic-auth/aladdin/opensesame")
show("GET /basic-auth (wrong password, must not hang)", wrong) { "status \($0.statusCode)" }
await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
let bearer: Result<JSONResponse, NetworkingError> = await networking.get("/bearer")
show("GET /bearer", bearer) { "token \($0.body["token"] ?? .null)" }

// Errors are typed: a 404 carries the response, a closed port is a transport error.
let missing: Result<JSONResponse, NetworkingError> = await networking.get("/status/404")
if case .failure(let error) = missing {
    print("✓ GET /status/404: status \(error.statusCode ?? 0), retryable \(error.isRetryable)")
}
let closed: Result<JSONResponse, NetworkingError> = await Networking(baseURL: "http://127.0.0.1:9").get("/get")
if case .failure(.transport(let error)) = closed { print("✓ closed port: transport error \(error.code.rawValue)") }

// Cancelling the task aborts the transfer.
let slow = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
try? await Task.sleep(for: .milliseconds(200))
slow.cancel()
let slowResult = await slow.value
if case .failure(.cancelled) = slowResult { print("✓ GET /delay/5 cancelled") }
