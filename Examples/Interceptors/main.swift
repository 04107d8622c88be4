// Interceptors against a local httpbin: token storage, refresh, retry and validation.
// `make demo` starts httpbin and sets HTTPBIN_BASE_URL.
import Foundation
import Networking
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"

/// Prints every attempt that reaches the network; registered innermost, it sees retries and replays.
struct PrintAttempts: HTTPInterceptor {
    func intercept(
        _ request: URLRequest, next: @Sendable (URLRequest) async throws -> HTTPExchange
    ) async throws -> HTTPExchange {
        let exchange = try await next(request)
        let credential = request.value(forHTTPHeaderField: "Authorization") ?? "none"
        let method = request.httpMethod ?? "GET"
        print("    \(method) \(request.url?.path ?? "") [\(credential)] → \(exchange.statusCode)")
        return exchange
    }
}

func report<T>(_ title: String, _ result: Result<T, NetworkingError>, _ describe: (T) -> String) {
    switch result {
    case .success(let value): print("✓ \(title): \(describe(value))")
    case .failure(let error): print("✗ \(title): \(error.localizedDescription)")
    }
}

/// A step that must fail, in the way `isExpected` accepts.
func reportFailure<T>(_ title: String, _ result: Result<T, NetworkingError>, _ isExpected: (NetworkingError) -> Bool) {
    switch result {
    case .success: print("✗ \(title): succeeded, but a failure was expected")
    case .failure(let error) where isExpected(error):
        print("✓ \(title): failed as expected: \(error.localizedDescription)")
    case .failure(let error): print("✗ \(title): \(error.localizedDescription)")
    }
}

struct BearerEcho: Decodable, Sendable { let token: String }

// 1. A token kept in a 0600 file, attached to requests that need it.
let tokenFile = FileManager.default.temporaryDirectory.appendingPathComponent("networking-recipe/token.json")
let provider = StoredTokenProvider(storage: FileTokenStorage(fileURL: tokenFile))
try await provider.setToken(Token(accessToken: "signed-in", refreshToken: "refresh-1"))
let api = Networking(baseURL: baseURL)
await api.setInterceptors([AuthTokenInterceptor(tokenProvider: provider), PrintAttempts()])
print("1. AuthTokenInterceptor with a FileTokenStorage at \(tokenFile.path)")
report("GET /bearer", await api.get("/bearer") as Result<BearerEcho, NetworkingError>) { "token \($0.token)" }
try await provider.clear()
let signedOut: Result<BearerEcho, NetworkingError> = await api.get("/bearer")
reportFailure("GET /bearer after sign-out (nothing sent)", signedOut) { $0.isNotAuthenticated }

// 2. Twenty requests refused at once share one refresh.
print("2. AuthRefreshInterceptor: 20 concurrent requests with an expired credential")
let refreshes = Mutex(0)
let shared = Networking(baseURL: baseURL)
await shared.setAuthorizationHeader(headerValue: "Token expired")  // /bearer refuses non-Bearer credentials
await shared.setInterceptors([
    AuthRefreshInterceptor {
        refreshes.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(200))  // a slow token endpoint
        await shared.setAuthorizationHeader(token: "refreshed")
        return "Bearer refreshed"
    }
])
let succeeded = await withTaskGroup(of: Bool.self) { group in
    for _ in 0..<20 {
        group.addTask { (try? (await shared.get("/bearer") as Result<BearerEcho, NetworkingError>).get()) != nil }
    }
    var count = 0
    for await ok in group where ok { count += 1 }
    return count
}
print("✓ \(succeeded)/20 succeeded after \(refreshes.withLock { $0 }) refresh")

// 3. Retrying a 503: GET is retried, POST is not.
print("3. RetryInterceptor(maxAttempts: 3, baseDelay: 100 ms)")
let flaky = Networking(baseURL: baseURL)
await flaky.setInterceptors([RetryInterceptor(maxAttempts: 3, baseDelay: .milliseconds(100)), PrintAttempts()])
let get503: Result<Void, NetworkingError> = await flaky.get("/status/503")
reportFailure("GET /status/503, sent 3 times", get503) { $0.statusCode == 503 }
let post503: Result<Void, NetworkingError> = await flaky.post("/status/503", body: ["order": 1])
reportFailure("POST /status/503, sent once (POST is not retried)", post503) { $0.statusCode == 503 }

// 4. A 200 that is not what we asked for.
print("4. ResponseValidatorInterceptor expecting JSON")
let strict = Networking(baseURL: baseURL)
await strict.setInterceptors([
    ResponseValidatorInterceptor { exchange in
        let contentType = exchange.header("Content-Type") ?? ""
        return contentType.hasPrefix("application/json")
            ? .valid : .invalid(reason: "expected JSON, got \(contentType)")
    }
])
report("GET /json", await strict.get("/json") as Result<JSONResponse, NetworkingError>) { "status \($0.statusCode)" }
let html: Result<String, NetworkingError> = await strict.get("/html")
reportFailure("GET /html", html) { if case .validation = $0 { true } else { false } }
try? FileManager.default.removeItem(at: tokenFile.deletingLastPathComponent())
