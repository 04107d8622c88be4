// A live request log against a local httpbin: the event stream on standard output, the built-in
// log (level .all) on standard error and mirrored to a file. `make demo` sets HTTPBIN_BASE_URL.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
let networking = Networking(baseURL: baseURL)

// The built-in log: every request, redacted as in a release build, mirrored to a file.
let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("networking-recipe.log")
try? FileManager.default.removeItem(at: logFile)
await networking.setLogLevel(.all)
await networking.setRedactsLogs(true)
await networking.setLogFileURL(logFile)
await networking.setAuthorizationHeader(headerKey: "X-Api-Key", headerValue: "not-for-logs")

// The event stream: your own data, real headers included. Five requests, two events each.
let stream = await networking.events()
let printer = Task {
    var seen = 0
    for await event in stream {
        switch event {
        case .started(let context):
            print("→ [\(context.id)] \(context.method) \(context.url?.absoluteString ?? "")")
        case .completed(let context, let outcome, let duration, let metrics):
            let id = context.id
            switch outcome {
            case .success(let statusCode, let byteCount):
                print("← [\(id)] \(statusCode) (\(byteCount) bytes) in \(duration)")
            case .failure(let error):
                // This demo asks for a 404 and cancels a request on purpose.
                let expected = error.statusCode == 404 || error.isCancelled
                print("✗ [\(id)] \(error.localizedDescription)\(expected ? " (expected)" : "")")
            }
            if let metrics {
                let dns = metrics.domainLookup.map { "\($0)s" } ?? "not measured"
                print("   \(metrics.redirectCount) redirect(s), DNS \(dns)")
            }
        }
        seen += 1
        if seen == 10 { break }
    }
}

struct Credentials: Codable, Sendable {
    let username: String
    let password: String
}

let page = [URLQueryItem(name: "page", value: "2")]
let _: Result<JSONResponse, NetworkingError> = await networking.get("/get", query: page)
let _: Result<JSONResponse, NetworkingError> = await networking.post(
    "/post", body: Credentials(username: "jameson", password: "secret"))
let _: Result<JSONResponse, NetworkingError> = await networking.get("/redirect/2")
let _: Result<JSONResponse, NetworkingError> = await networking.get("/status/404")
let slow = Task { () -> Result<JSONResponse, NetworkingError> in await networking.get("/delay/10") }
try? await Task.sleep(for: .milliseconds(200))
slow.cancel()
_ = await slow.value
await printer.value

// The same request as a shell command, secrets hidden.
if let url = URL(string: baseURL + "/get") {
    var request = URLRequest(url: url)
    request.setValue("not-for-logs", forHTTPHeaderField: "X-Api-Key")
    print("\nAs cURL:\n" + request.cURLDescription(redacting: await networking.redactedHeaderFields))
}

// The headlines of the log file; its indented detail lines hold the headers and bodies.
let logLines = ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n")
let headlines = logLines.filter { !$0.hasPrefix(" ") }
print("\nThe log file (\(logFile.path)): \(headlines.count) records, \(logLines.count - headlines.count) detail lines")
for line in headlines { print("  " + line) }
