import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers requests from canned responses and records what it saw, for
/// end-to-end tests of code that talks to a real `URLSession` (or a `Networking` built from a
/// `URLSessionConfiguration`) without a server.
///
/// Stubs live in a `MockURLProtocol.Registry`, which is an `InMemoryTransport`. Each registry has
/// a protocol class of its own, and `registry.configuration()` returns a session configuration
/// whose `protocolClasses` hold only that class, so tests running in parallel, each with its own
/// registry, never see each other's stubs or requests, and nothing sent through the configuration reaches the network (an
/// unmatched request fails with `URLError(.resourceUnavailable)` naming it and the stubs there are;
/// see `NetworkingError.unmatchedRequest`).
///
/// ```swift
/// let mock = MockURLProtocol.Registry()
/// mock.stub(.get, "https://api.example.com/users", with: .json([User(id: 1)]))
/// let networking = Networking(baseURL: "https://api.example.com", configuration: mock.configuration())
/// let users: Result<[User], NetworkingError> = await networking.get("/users")
/// XCTAssertEqual(mock.requests.first?.header("Accept"), "application/json")
/// ```
///
/// `MockURLProtocol.self` itself, put into a configuration's `protocolClasses`, answers from
/// `MockURLProtocol.shared`.
///
/// Limits on Linux (swift-corelibs-foundation, measured): a download task (`downloadTask`,
/// `download(for:)`) through a custom `URLProtocol` crashes the process, so test downloads against
/// a loopback server instead; the body of `uploadTask(with:fromFile:)` / `upload(for:from:)` is not
/// visible to a custom protocol (`RecordedRequest.body` is `nil`), so send bodies as `httpBody`;
/// `URLProtocol.registerClass` is ignored for http(s), so use `protocolClasses`; the session's
/// `httpAdditionalHeaders` are not part of the request the protocol sees; and a 401 stub carrying
/// `WWW-Authenticate` starts Foundation's challenge flow, which traps on a challenge without a
/// `realm=` parameter (such a stub fails the request with an error saying so instead).
public class MockURLProtocol: URLProtocol {
    /// The stubs a `MockURLProtocol` class answers from, and the requests it saw: an
    /// `InMemoryTransport`, which also answers as a transport of its own.
    public typealias Registry = InMemoryTransport

    /// The registry `MockURLProtocol.self` answers from.
    public static let shared = Registry(protocolClass: MockURLProtocol.self, owner: "MockURLProtocol")

    private let stopped = Mutex(false)

    /// Returns `true`: this protocol answers every request it is asked about.
    override public class func canInit(with request: URLRequest) -> Bool { true }

    /// Returns the request unchanged.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    /// Answers the request from the registry's fake responses.
    override public func startLoading() {
        let recorded = RecordedRequest(request)
        let response: FakeResponse
        if let registry = Registry.registry(for: type(of: self)) {
            response = registry.table.respond(to: recorded)
        } else {
            let unmatched = UnmatchedRequest(
                method: recorded.method, url: recorded.url, testDouble: "MockURLProtocol",
                detail: "The registry of \(type(of: self)) no longer exists")
            response = .failure(.unmatched(unmatched))
        }
        guard response.delay > 0 else {
            deliver(response)
            return
        }
        // `URLProtocol` is not `Sendable`, but handing this instance to the timer is safe: `URLSession`
        // sets `request` and `client` at creation and never changes them, and the one piece of
        // state this class adds, the stopped flag, is read and written under its `Mutex`.
        nonisolated(unsafe) let instance = self
        DispatchQueue.global().asyncAfter(deadline: .now() + response.delay) { instance.deliver(response) }
    }

    /// Stops loading: a response not yet delivered is dropped.
    override public func stopLoading() {
        stopped.withLock { $0 = true }
    }

    /// Answers with `fake` unless loading was stopped; holds the lock so `stopLoading` cannot
    /// interleave with an answer being handed to the client.
    private func deliver(_ fake: FakeResponse) {
        stopped.withLock { stopped in
            guard !stopped, let client else { return }
            answer(client, with: fake)
        }
    }

    private func answer(_ client: any URLProtocolClient, with fake: FakeResponse) {
        if let error = fake.error {
            client.urlProtocol(self, didFailWithError: Self.urlError(error))
            return
        }
        #if canImport(FoundationNetworking)
            let challenge = fake.headers["WWW-Authenticate"]
            if fake.statusCode == 401, let challenge, !challenge.contains("realm=") {
                // swift-corelibs-foundation parses the realm of any 401 challenge and traps without one.
                let message =
                    "MockURLProtocol: a 401 stub with WWW-Authenticate needs a realm=\"…\" parameter on Linux "
                    + "(swift-corelibs-foundation crashes without one); "
                    + "\(request.url?.absoluteString ?? "") not answered"
                var info: [String: Any] = [NSLocalizedDescriptionKey: message]
                if let url = request.url { info[NSURLErrorFailingURLErrorKey] = url }
                client.urlProtocol(self, didFailWithError: URLError(.resourceUnavailable, userInfo: info))
                return
            }
        #endif
        do {
            let exchange = try fake.exchange(for: request)
            client.urlProtocol(self, didReceive: exchange.response, cacheStoragePolicy: .notAllowed)
            if !exchange.body.isEmpty { client.urlProtocol(self, didLoad: exchange.body) }
            client.urlProtocolDidFinishLoading(self)
        } catch {
            client.urlProtocol(self, didFailWithError: Self.urlError(error))
        }
    }

    /// The `URLError` a protocol reports for a fake's error: `.transport` errors as they are.
    static func urlError(_ error: NetworkingError) -> URLError {
        switch error {
        case .transport(let urlError): return urlError
        case .cancelled: return URLError(.cancelled)
        case .invalidResponse: return URLError(.badServerResponse)
        case .invalidRequest, .http, .decoding, .validation:
            return URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: error.description])
        }
    }
}

/// The protocol class of one registry: a distinct type per registry, made by nesting `SlotBit`s.
final class MockURLProtocolSlot<Tag>: MockURLProtocol {}

/// A marker type from which distinct slot types are built (see `MockURLProtocol.Registry`).
enum SlotRoot {}
/// A 0 bit of a slot number.
enum SlotZero<Tail> {}
/// A 1 bit of a slot number.
enum SlotOne<Tail> {}
