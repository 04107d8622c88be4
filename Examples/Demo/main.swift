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

/// A step that must fail, in the way `isExpected` accepts.
func showFailure<T>(_ title: String, _ result: Result<T, NetworkingError>, _ isExpected: (NetworkingError) -> Bool) {
    switch result {
    case .success: print("✗ \(title): succeeded, but a failure was expected")
    case .failure(let error) where isExpected(error):
        print("✓ \(title): failed as expected: \(error.localizedDescription)")
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
showFailure("GET /basic-auth (wrong password: a prompt 401, no hang)", wrong) { $0.statusCode == 401 }
await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
let bearer: Result<JSONResponse, NetworkingError> = await networking.get("/bearer")
show("GET /bearer", bearer) { "token \($0.body["token"] ?? .null)" }

// Errors are typed: a 404 carries the response, a closed port is a transport error.
let missing: Result<JSONResponse, NetworkingError> = await networking.get("/status/404")
showFailure("GET /status/404", missing) { $0.statusCode == 404 && !$0.isRetryable }
let closed: Result<JSONResponse, NetworkingError> = await Networking(baseURL: "http://127.0.0.1:9").get("/get")
showFailure("GET from a closed port", closed) { if case .transport = $0 { true } else { false } }

// Cancelling the task aborts the transfer.
let slow = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/5") }
try? await Task.sleep(for: .milliseconds(200))
slow.cancel()
showFailure("GET /delay/5, cancelled after 200 ms", await slow.value) { $0.isCancelled }
