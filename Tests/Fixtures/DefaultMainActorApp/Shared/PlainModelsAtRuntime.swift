// Runs the front doors with plain models (main-actor-isolated conformances) against the local
// httpbin (HTTPBIN_BASE_URL, set by Tests/Harness/with-httpbin.sh): a verb with a typed body and
// response, an endpoint, a fake, a MockHTTPClient stub, a decoded download and decoded uploads. Each model checks in
// `init(from:)` that it is decoded on the main actor, as the Getting started article says; and
// the main actor is shown to stay free while a slow request is in flight.
import Foundation
import Networking
import NetworkingTesting
import Testing

/// httpbin's echo of a request (`/anything`, `/get`), decoded on the main actor or not at all.
struct Echo: Decodable {
    let url: String
    let json: EchoedUser?

    init(from decoder: any Decoder) throws {
        MainActor.assertIsolated("a plain model is decoded on the main actor")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        json = try container.decodeIfPresent(EchoedUser.self, forKey: .json)
    }

    private enum CodingKeys: String, CodingKey { case url, json }
}

/// The `NewUser` a request sent, as httpbin echoes it.
struct EchoedUser: Decodable {
    let name: String
}

/// A model marked `nonisolated`: its conformance is not isolated, so it is a `Sendable` type
/// argument and the verbs decode it off the caller, as they do in a target without default isolation.
nonisolated struct OffTheCaller: Decodable {
    let url: String
    /// The thread `init(from:)` ran on.
    let decodedOn: ObjectIdentifier

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        decodedOn = currentThread()
    }

    private enum CodingKeys: String, CodingKey { case url }
}

/// The thread this runs on (`Thread.current` is unavailable in async code).
nonisolated func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

/// An endpoint of the local httpbin.
enum HTTPBinEndpoint: Endpoint {
    case get

    var baseURL: URL { URL(string: httpbinBaseURL)! }
    var path: String { "/get" }
    var method: HTTPMethod { .get }
}

/// The local httpbin's base URL; a test run without one fails with this message.
nonisolated let httpbinBaseURL: String = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:9"

@Suite struct PlainModelsAtRuntime {
    let networking = Networking(baseURL: httpbinBaseURL)

    @Test func aVerbSendsAPlainBodyAndDecodesAPlainResponseOnTheMainActor() async throws {
        let echo: Echo = try await networking.post("/anything", body: DocModels.NewUser(name: "Ada")).get()
        #expect(echo.json?.name == "Ada")
        #expect(echo.url.hasSuffix("/anything"))
    }

    @Test func anEndpointDecodesAPlainResponseOnTheMainActor() async throws {
        let client = HTTPClient()
        let echo: Echo = try await client.send(HTTPBinEndpoint.get)
        #expect(echo.url.hasSuffix("/get"))
        let controller = NetworkingController(client: client)
        let again: Echo = try await controller.request(HTTPBinEndpoint.get)
        #expect(again.url == echo.url)
    }

    @Test func aFakeAnswersWithAPlainModel() async throws {
        await networking.fakeGET("/users/1", response: DocModels.User(id: 1, name: "Ada"))
        let user: DocModels.User = try await networking.get("/users/1").get()
        #expect(user == DocModels.User(id: 1, name: "Ada"))
    }

    @Test func aMockHTTPClientStubIsDecodedOnTheMainActor() async throws {
        let mock = MockHTTPClient()
        mock.stub(HTTPBinEndpoint.get, with: Data(#"{"url": "stubbed"}"#.utf8))
        let echo: Echo = try await mock.send(HTTPBinEndpoint.get)
        #expect(echo.url == "stubbed")
        #expect(mock.calls.count == 1)
    }

    @Test func aDownloadWithProgressIsDecodedOnTheMainActor() async throws {
        let (updates, reporter) = ProgressReporter.makeStream()
        let echo: Echo = try await networking.get("/get", progress: reporter).get()
        var last: TransferProgress?
        for await update in updates { last = update }
        #expect(echo.url.hasSuffix("/get"))
        #expect(last?.completedBytes ?? 0 > 0)
    }

    @Test func anUploadIsDecodedOnTheMainActor() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plain-model-\(UUID()).txt")
        try Data("hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (updates, reporter) = ProgressReporter.makeStream()
        let echo: Echo = try await networking.upload(
            "/anything", fileURL: file, contentType: "text/plain", progress: reporter
        ).get()
        var last: TransferProgress?
        for await update in updates { last = update }
        #expect(echo.url.hasSuffix("/anything"))
        #expect(last?.completedBytes == 5)
        let form: Echo = try await networking.upload("/anything", fields: ["name": "Ada"]).get()
        #expect(form.url.hasSuffix("/anything"))
    }

    @Test func aNonisolatedModelIsDecodedOffTheMainActor() async throws {
        MainActor.assertIsolated()
        let mainActorThread = currentThread()
        let model: OffTheCaller = try await networking.get("/get").get()
        #expect(model.url.hasSuffix("/get"))
        // The main actor runs on one thread; the model was decoded on another (the global executor).
        #expect(model.decodedOn != mainActorThread)
        #expect(currentThread() == mainActorThread)
    }

    @Test func theMainActorStaysFreeWhileASlowRequestIsInFlight() async throws {
        let started = ContinuousClock.now
        let request = Task { () -> Echo? in try? await networking.get("/delay/2").get() }
        var turns = 0
        while ContinuousClock.now - started < .seconds(1.5) {
            try await Task.sleep(for: .milliseconds(10))
            turns += 1
        }
        let echo = await request.value
        #expect(echo?.url.hasSuffix("/delay/2") == true)
        #expect(ContinuousClock.now - started >= .seconds(2))
        // About 150 turns of 10 ms fit in 1.5 s when nothing else holds the main actor.
        #expect(turns > 75)
    }
}
