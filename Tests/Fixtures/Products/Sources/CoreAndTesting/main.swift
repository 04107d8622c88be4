// NetworkingCore with NetworkingTesting: record real responses, replay them with no server, and
// stub a transport in memory, each under a pipeline.
import Check
import Foundation
import NetworkingCore
import NetworkingTesting

struct Echo: Decodable, Sendable, Equatable {
    let url: String
    let args: [String: String]
}

let directory = try scratchDirectory("fixtures")
defer { try? FileManager.default.removeItem(at: directory) }

let recording = Pipeline(
    transport: RecordingTransport(wrapping: URLSessionTransport(), directory: directory), baseURL: httpbin)
let live: Echo = try await recording.send(.get, "/get", query: [URLQueryItem(name: "q", value: "swift")])
check(live.args == ["q": "swift"], "httpbin echoed \(live.args)")

// The recorded response answers the same request again without the network.
let replaying = Pipeline(transport: try ReplayingTransport(directory: directory), baseURL: httpbin)
let replayed: Echo = try await replaying.send(.get, "/get", query: [URLQueryItem(name: "q", value: "swift")])
check(replayed == live, "the replay answered \(replayed), not \(live)")

let stubs = InMemoryTransport()
stubs.stub(.get, "https://api.example.test/users/{id}", with: .json(["name": "Ada"]))
let stubbed = Pipeline(transport: stubs, baseURL: "https://api.example.test")
let user: [String: String] = try await stubbed.send(.get, "/users/7")
check(user == ["name": "Ada"], "the stub answered \(user)")
do {
    _ = try await stubbed.send(.get, "/orders/1")
    fail("a request no stub matches succeeded")
} catch {
    check(error.unmatchedRequest != nil, "an unmatched request failed with \(error)")
}
passed("CoreAndTesting", "a recorded response replayed without a server, and an in-memory stub")
