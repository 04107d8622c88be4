import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Request coalescing against the fault server's `/slow`, which counts each request it receives
/// under its `id` and answers after a delay, so that concurrent callers find the first one's
/// transfer in flight: identical `GET`s cost one request, other credentials another, a cancelled
/// caller leaves the others their result, a failure reaches everyone, each caller decodes its own
/// type, and a `POST` is never shared.
final class RequestCoalescingTests: FaultServerTestCase {
    /// What `/slow` answers: how many requests it had counted under the id.
    private struct Count: Decodable, Sendable, Equatable {
        let count: Int
    }

    private func coalescingClient(_ server: FaultServer) async -> Networking {
        let networking = Networking(baseURL: server.baseURL, transport: TestTransport.make())
        await networking.setCoalescesRequests(true)
        await networking.setLogsToStandardError(false)
        return networking
    }

    func testOneHundredConcurrentIdenticalGETsReachTheServerOnce() async throws {
        let server = try XCTUnwrap(server)
        let networking = await coalescingClient(server)
        let observer = RecordingObserver()
        let interceptor = StampingInterceptor()
        await networking.addObserver(observer)
        await networking.setInterceptors([interceptor])
        let id = UUID().uuidString

        let results = await withTaskGroup(of: Result<Count, NetworkingError>.self) { group in
            for _ in 0..<100 { group.addTask { await networking.get("/slow?id=\(id)&delay=0.5") } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(results.count, 100)
        for result in results { XCTAssertEqual(try result.get(), Count(count: 1)) }
        let count = try await server.count(id)
        XCTAssertEqual(count, 1, "one request reached the server")
        XCTAssertEqual(interceptor.seen, 100, "every caller ran its own interceptors")
        let completions = observer.completed
        XCTAssertEqual(completions.count, 100, "every caller was observed")
        let joined = completions.filter { $0.metrics?.joinedTransfer == true }
        XCTAssertEqual(joined.count, 99, "all but the leader joined its transfer")
        XCTAssertTrue(joined.allSatisfy { $0.metrics?.responseBodyBytes == 0 && $0.metrics?.requestBodyBytes == 0 })
        let leader = try XCTUnwrap(completions.first { $0.metrics?.joinedTransfer == false })
        XCTAssertGreaterThan(leader.metrics?.responseBodyBytes ?? 0, 0, "the leader's transfer is counted once")
        let movedBytes = completions.compactMap(\.metrics?.responseBodyBytes).reduce(0, +)
        XCTAssertEqual(movedBytes, leader.metrics?.responseBodyBytes, "the metrics count the transfer once")
    }

    func testDifferentCredentialsShareOnlyWithTheirOwn() async throws {
        let server = try XCTUnwrap(server)
        let client = HTTPClient(
            configuration: .init(coalescesRequests: true), transport: TestTransport.make())
        let id = UUID().uuidString
        let base = try XCTUnwrap(URL(string: server.baseURL))

        let counts = await withTaskGroup(of: (String, Int?).self) { group in
            for index in 0..<40 {
                let token = index.isMultiple(of: 2) ? "alice" : "bob"
                group.addTask {
                    let endpoint = SlowEndpoint(baseURL: base, id: id, token: token)
                    let count: Count? = try? await client.send(endpoint)
                    return (token, count?.count)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(counts.count, 40)
        XCTAssertTrue(counts.allSatisfy { $0.1 != nil }, "every caller has its result: \(counts)")
        let serverCount = try await server.count(id)
        XCTAssertEqual(serverCount, 2, "one request per credential")
        for token in ["alice", "bob"] {
            let seen = Set(counts.filter { $0.0 == token }.compactMap(\.1))
            XCTAssertEqual(seen.count, 1, "\(token)'s callers all got the one response sent as \(token)")
        }
        XCTAssertEqual(Set(counts.compactMap(\.1)), [1, 2], "each credential had a response of its own")
    }

    func testCancellingOneCallerLeavesTheOthersTheirResult() async throws {
        let server = try XCTUnwrap(server)
        let networking = await coalescingClient(server)
        let id = UUID().uuidString
        let path = "/slow?id=\(id)&delay=1"

        // The first caller leads the transfer; the others join it; then the leader's caller goes.
        let leader = Task { () -> Result<Count, NetworkingError> in await networking.get(path) }
        try await Task.sleep(for: .milliseconds(200))
        let followers = (0..<5).map { _ in Task { () -> Result<Count, NetworkingError> in await networking.get(path) } }
        try await Task.sleep(for: .milliseconds(200))
        leader.cancel()

        let cancelled = await leader.value
        guard case .failure(.cancelled) = cancelled else { return XCTFail("the leader's caller: \(cancelled)") }
        for follower in followers {
            let result = await follower.value
            XCTAssertEqual(try result.get(), Count(count: 1))
        }
        let count = try await server.count(id)
        XCTAssertEqual(count, 1, "the transfer went on for the callers still waiting")
    }

    func testAFailureReachesEveryCaller() async throws {
        let server = try XCTUnwrap(server)
        let networking = await coalescingClient(server)
        let id = UUID().uuidString

        let results = await withTaskGroup(of: Result<Count, NetworkingError>.self) { group in
            for _ in 0..<20 { group.addTask { await networking.get("/slow?id=\(id)&delay=0.5&code=503") } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(results.count, 20)
        for result in results {
            guard case .failure(let error) = result else { return XCTFail("a 503 answered \(result)") }
            XCTAssertEqual(error.statusCode, 503, "\(error)")
        }
        let count = try await server.count(id)
        XCTAssertEqual(count, 1)
    }

    func testEachCallerDecodesItsOwnTypeFromTheOneTransfer() async throws {
        let server = try XCTUnwrap(server)
        let networking = await coalescingClient(server)
        let id = UUID().uuidString
        let path = "/slow?id=\(id)&delay=0.5"

        async let data: Result<Data, NetworkingError> = networking.get(path)
        async let text: Result<String, NetworkingError> = networking.get(path)
        async let model: Result<Count, NetworkingError> = networking.get(path)
        let (bytes, string, count) = await (data, text, model)

        XCTAssertEqual(try count.get(), Count(count: 1))
        XCTAssertEqual(try JSONDecoder().decode(Count.self, from: try bytes.get()), Count(count: 1))
        XCTAssertEqual(try string.get(), String(decoding: try bytes.get(), as: UTF8.self))
        let serverCount = try await server.count(id)
        XCTAssertEqual(serverCount, 1)
    }

    func testAPOSTIsNeverShared() async throws {
        let server = try XCTUnwrap(server)
        let networking = await coalescingClient(server)
        let id = UUID().uuidString

        let results = await withTaskGroup(of: Result<Count, NetworkingError>.self) { group in
            for _ in 0..<5 { group.addTask { await networking.post("/slow?id=\(id)&delay=0.3") } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertTrue(results.allSatisfy { (try? $0.get()) != nil }, "\(results)")
        let count = try await server.count(id)
        XCTAssertEqual(count, 5)
    }

    func testARequestsOwnOptionOverridesTheClients() async throws {
        let server = try XCTUnwrap(server)
        let base = try XCTUnwrap(URL(string: server.baseURL))
        let off = HTTPClient(transport: TestTransport.make())
        let on = HTTPClient(configuration: .init(coalescesRequests: true), transport: TestTransport.make())
        let joining = UUID().uuidString
        let alone = UUID().uuidString

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    let _: Count? = try? await off.send(SlowEndpoint(baseURL: base, id: joining, coalesces: true))
                }
                group.addTask {
                    let _: Count? = try? await on.send(SlowEndpoint(baseURL: base, id: alone, coalesces: false))
                }
            }
        }

        let joined = try await server.count(joining)
        let separate = try await server.count(alone)
        XCTAssertEqual(joined, 1, "an endpoint that coalesces joins on a client that does not")
        XCTAssertEqual(separate, 5, "an endpoint that does not coalesce sends its own on a client that does")
    }

    func testTheKeyTellsEveryHeaderFieldAndCredentialApartWithoutHoldingTheSecret() throws {
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1/me"))
        func key(_ headers: [String: String], method: String = "GET", body: HTTPBody? = nil) -> String? {
            var head = URLRequest(url: url)
            head.httpMethod = method
            for (name, value) in headers { head.setValue(value, forHTTPHeaderField: name) }
            return CoalescingTransport.key(for: TransportRequest(head: head, body: body, reading: .whole))
        }
        let plain = try XCTUnwrap(key(["Accept": "application/json"]))
        XCTAssertEqual(key(["accept": "application/json"]), plain, "field names are case-insensitive")
        XCTAssertNotEqual(key(["Accept": "text/plain"]), plain)
        XCTAssertNotEqual(key(["Accept": "application/json", "X-Tenant": "b"]), plain)
        let alice = try XCTUnwrap(key(["Accept": "application/json", "Authorization": "Bearer secret-alice"]))
        XCTAssertNotEqual(alice, plain)
        XCTAssertNotEqual(key(["Accept": "application/json", "Authorization": "Bearer secret-bob"]), alice)
        XCTAssertFalse(alice.contains("secret-alice"), "the key holds the credential's identity, not the credential")
        XCTAssertNotEqual(key([:], method: "HEAD"), key([:]))
        XCTAssertNil(key([:], method: "POST"))
        XCTAssertNil(key([:], body: HTTPBody(Data("x".utf8))), "a request with a body never joins")
        var streamed = TransportRequest(head: URLRequest(url: url), reading: .streamed)
        streamed.head.httpMethod = "GET"
        XCTAssertNil(CoalescingTransport.key(for: streamed), "a response read as it arrives is not shared")
    }
}

/// `/slow` as an endpoint, sent as `token` when given, coalescing as it says.
private struct SlowEndpoint: Endpoint {
    let baseURL: URL
    let id: String
    var token: String?
    var coalesces: Bool?

    init(baseURL: URL, id: String, token: String? = nil, coalesces: Bool? = nil) {
        self.baseURL = baseURL
        self.id = id
        self.token = token
        self.coalesces = coalesces
    }

    var path: String { "/slow" }
    var method: HTTPMethod { .get }
    var queryParameters: [String: any Sendable]? { ["id": id, "delay": "0.5"] }
    var headers: [String: String]? { token.map { ["Authorization": "Bearer \($0)"] } }
}
