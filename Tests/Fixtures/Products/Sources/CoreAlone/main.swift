// NetworkingCore alone: a pipeline over URLSessionTransport with a cookie jar, following redirects,
// decoding JSON and reporting an error status as `.http`.
import Check
import Foundation
import NetworkingCore

struct Echo: Decodable, Sendable {
    let url: String
    let headers: [String: String]
}

struct Cookies: Decodable, Sendable {
    let cookies: [String: String]
}

let pipeline = Pipeline(
    transport: URLSessionTransport(), baseURL: httpbin, headers: ["X-Product": "core"],
    cookieJar: InMemoryCookieJar())

let echo: Echo = try await pipeline.send(.get, "/get")
check(echo.headers["X-Product"] == "core", "the pipeline's headers were not sent: \(echo.headers)")

// Two redirects, followed by the pipeline, end at /get.
let redirected = try await pipeline.send(.get, "/redirect/2")
check(redirected.statusCode == 200, "the redirects ended in \(redirected.statusCode)")
check(redirected.request.url?.path == "/get", "the redirects ended at \(String(describing: redirected.request.url))")

// The jar keeps the cookie a response sets and sends it on the next request.
_ = try await pipeline.send(.get, "/cookies/set", query: [URLQueryItem(name: "flavour", value: "oat")])
let cookies: Cookies = try await pipeline.send(.get, "/cookies")
check(cookies.cookies == ["flavour": "oat"], "the jar sent \(cookies.cookies)")

do {
    _ = try await pipeline.send(.get, "/status/404")
    fail("a 404 succeeded")
} catch {
    check(error.statusCode == 404, "a 404 failed with \(error)")
}
passed("CoreAlone", "headers, two redirects, a cookie and a 404 through Pipeline over URLSessionTransport")
