import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The stubs and recorded requests behind `InMemoryTransport` (`MockURLProtocol.Registry`).
///
/// Stubs are tried newest first; the first that matches answers, so a test can override a stub
/// registered in `setUp`. Every request is recorded, matched or not.
final class StubTable: Sendable {
    private struct Stub {
        let label: String
        let matches: @Sendable (RecordedRequest) -> Bool
        let respond: @Sendable (RecordedRequest) -> FakeResponse
    }

    private struct State {
        var stubs: [Stub] = []
        var requests: [RecordedRequest] = []
    }

    private let owner: String
    private let state = Mutex(State())

    init(owner: String) { self.owner = owner }

    func add(
        _ method: HTTPMethod, _ url: String, respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        guard let pattern = try? RequestPattern(method: method, path: url) else {
            add(label: "\(method) \(url) (not a valid absolute URL: never matches)", matches: { _ in false }, respond)
            return
        }
        add(label: pattern.description, matches: { pattern.matches($0.urlRequest) }, respond)
    }

    func add(
        label: String, matches: @escaping @Sendable (RecordedRequest) -> Bool,
        _ respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        state.withLock { $0.stubs.append(Stub(label: label, matches: matches, respond: respond)) }
    }

    /// Records `request` and returns the answer of the newest matching stub, or a failure naming
    /// the request and the stubs there are (see `NetworkingError.unmatchedRequest`).
    func respond(to request: RecordedRequest) -> FakeResponse {
        let stubs = state.withLock { state in
            state.requests.append(request)
            return state.stubs
        }
        for stub in stubs.reversed() where stub.matches(request) { return stub.respond(request) }
        let known = stubs.isEmpty ? "none" : stubs.map(\.label).joined(separator: "; ")
        let unmatched = UnmatchedRequest(
            method: request.method, url: request.url, testDouble: owner,
            detail: "\(owner) has no stub for it; its stubs: \(known)")
        return .failure(.unmatched(unmatched))
    }

    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    func removeAllStubs() { state.withLock { $0.stubs.removeAll() } }

    func reset() { state.withLock { $0 = State() } }
}
