import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClientProtocol` that answers endpoints with stubs and records every call, for unit
/// tests of view models and services that take an `HTTPClientProtocol`.
///
/// ```swift
/// let client = MockHTTPClient()
/// client.stub(AuthEndpoint.login(email: "a", password: "b"), with: LoginResponse.fixture())
/// client.stub(AuthEndpoint.currentUser, error: .http(HTTPError(metadata: .init(statusCode: 401, headers: [:], body: Data()))))
///
/// let service = AuthService(client: client)
/// _ = try await service.login(email: "a", password: "b")
/// XCTAssertEqual(client.calls.map(\.method), [.post])
/// ```
///
/// **Matching.** A call matches a stub when the two endpoints have the same identity: method,
/// absolute URL (query included, parameters in the order the endpoint produces: dictionaries are
/// sorted by name) and body (JSON compared with its keys sorted, so key order does not matter;
/// other bodies byte for byte). Headers, authentication and the other options are not part of the
/// identity. The newest matching stub answers. A call that matches no stub fails with
/// `.transport(URLError(.resourceUnavailable))` whose description names the call and the stubs
/// there are, and whose `unmatchedRequest` holds its method and URL; an endpoint that cannot be
/// built fails with the `.invalidRequest` a real client would give.
///
/// **Values.** A stubbed value (any type: it is handed over to the mock) is returned when it is of
/// the requested type. Otherwise an
/// `Encodable` value (or stubbed `Data`, taken as the response body) is decoded into the requested
/// type with ISO-8601 dates, so a stub can be written as the JSON the server sends; a value that
/// fits neither way fails with `.decoding`.
///
/// Thread-safe and `Sendable`: its state is behind a `Mutex`.
public final class MockHTTPClient: HTTPClientProtocol {
    /// A call the mock received.
    public struct Call: Sendable, CustomStringConvertible {
        /// The endpoint sent.
        public let endpoint: any Endpoint
        /// Its method.
        public let method: HTTPMethod
        /// Its absolute URL, when it could be built.
        public let url: URL?
        /// Its body as it would be sent, when it could be built.
        public let body: Data?
        /// The identity stubs are matched on (see `MockHTTPClient`).
        package let identity: String

        /// The identity the call is matched on.
        public var description: String { identity }

        /// Decodes the body as JSON (ISO-8601 dates).
        public func decodeBody<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONCoding.makeDecoder()) throws
            -> T
        {
            try decoder.decode(type, from: body ?? Data())
        }
    }

    private enum Answer: Sendable {
        case value(StubbedValue)
        case failure(NetworkingError)
    }

    /// A stubbed value, which need not be `Sendable`: endpoint code often stubs envelopes such as
    /// `APIResponse<LoginResponse>`, a generic struct Swift does not infer `Sendable` for.
    ///
    /// Unchecked, and safe because: the value arrives through a `sending` parameter, so the caller
    /// gave up every reference to it; it is stored in an immutable `let` and never mutated; and it
    /// is handed out only as the result of `send`. A value type (what models and envelopes are)
    /// reaches each caller as its own copy. The one sharing left is that of a class instance
    /// stubbed as the value, which every matching call then receives: stub a value type, `Data` or
    /// an `Encodable` if that matters.
    private struct StubbedValue: @unchecked Sendable {
        let value: Any
    }

    private struct Stub: Sendable {
        let identity: String
        let answer: Answer
    }

    private struct State {
        var stubs: [Stub] = []
        var calls: [Call] = []
    }

    private let state = Mutex(State())
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// Creates a mock with no stubs. `encoder` builds endpoint bodies (for identities and
    /// `Call.body`), `decoder` turns stubbed `Encodable` values and `Data` into the requested type.
    public init(encoder: JSONEncoder = JSONCoding.makeEncoder(), decoder: JSONDecoder = JSONCoding.makeDecoder()) {
        self.encoder = encoder
        self.decoder = decoder
    }

    /// Answers `endpoint` with `value` (earlier stubs stay: the newest matching one answers). The
    /// value is handed over: the mock keeps it, so it need not be `Sendable`.
    public func stub<R: Endpoint, V>(_ endpoint: R, with value: sending V) {
        add(endpoint, .value(StubbedValue(value: value)))
    }

    /// Fails `endpoint` with `error`.
    public func stub<R: Endpoint>(_ endpoint: R, error: NetworkingError) {
        add(endpoint, .failure(error))
    }

    /// Fails `endpoint` as if the server answered `statusCode` with `body`.
    public func stub<R: Endpoint>(_ endpoint: R, statusCode: Int, body: Data = Data()) {
        let metadata = ResponseMetadata(statusCode: statusCode, headers: [:], body: body, url: nil)
        add(endpoint, .failure(.http(HTTPError(metadata: metadata))))
    }

    /// Every call received, in order, matched or not.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The calls whose identity is `endpoint`'s.
    public func calls<R: Endpoint>(to endpoint: R) -> [Call] {
        let identity = Self.call(for: endpoint, encoder: encoder).0.identity
        return calls.filter { $0.identity == identity }
    }

    /// Removes every stub (the recorded calls stay). Users call `reset()`.
    package func removeAllStubs() { state.withLock { $0.stubs.removeAll() } }

    /// Removes every stub and forgets the calls.
    public func reset() { state.withLock { $0 = State() } }

    /// Records the call and answers with the last stub registered for its identity, converted to
    /// `T` in the caller's isolation (so `T` may be a model whose conformance is isolated to the
    /// caller's actor).
    public nonisolated(nonsending) func send<T: Decodable, R: Endpoint>(
        _ request: R
    ) async throws(NetworkingError) -> T {
        let (call, buildError) = Self.call(for: request, encoder: encoder)
        let (answer, stubs) = state.withLock { state in
            state.calls.append(call)
            return (state.stubs.last { $0.identity == call.identity }?.answer, state.stubs)
        }
        if let buildError { throw buildError }
        guard let answer else {
            let known = stubs.isEmpty ? "none" : stubs.map(\.identity).joined(separator: "; ")
            throw .unmatched(
                UnmatchedRequest(
                    method: call.method, url: call.url, testDouble: "MockHTTPClient",
                    detail: "MockHTTPClient has no stub for \(request.endpointDescription) (\(call.identity)); "
                        + "its stubs: \(known)"))
        }
        switch answer {
        case .failure(let error):
            throw error
        case .value(let stubbed):
            return try convert(stubbed.value, to: T.self, call: call)
        }
    }

    private func add<R: Endpoint>(_ endpoint: R, _ answer: Answer) {
        let identity = Self.call(for: endpoint, encoder: encoder).0.identity
        state.withLock { $0.stubs.append(Stub(identity: identity, answer: answer)) }
    }

    private func convert<T: Decodable>(_ value: Any, to type: T.Type, call: Call) throws(NetworkingError) -> T {
        if let value = value as? T { return value }
        let data: Data
        do {
            if let bytes = value as? Data {
                data = bytes
            } else if let encodable = value as? any Encodable {
                data = try JSONCoding.makeEncoder().encode(encodable)
            } else {
                throw DecodingError.typeMismatch(
                    T.self,
                    .init(
                        codingPath: [],
                        debugDescription:
                            "MockHTTPClient: the stub for \(call.identity) is a \(Swift.type(of: value)), "
                            + "which is neither a \(T.self) nor Encodable"))
            }
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw .decoding(error, ResponseMetadata(statusCode: 200, headers: [:], body: Data(), url: call.url))
        } catch {
            throw .invalidRequest("MockHTTPClient: the stub for \(call.identity) could not be encoded: \(error)")
        }
    }

    /// The call `endpoint` makes: its request built as a real client would, and its identity.
    static func call<R: Endpoint>(for endpoint: R, encoder: JSONEncoder) -> (Call, NetworkingError?) {
        let request: URLRequest
        let beside: BodyBeside?
        do {
            (request, beside) = try endpoint.makeRequest(encoder: encoder)
        } catch {
            let identity = "\(endpoint.method) \(endpoint.endpointDescription) (cannot be built)"
            return (Call(endpoint: endpoint, method: endpoint.method, url: nil, body: nil, identity: identity), error)
        }
        // A file body is read from its file; a streamed one cannot be read here without sending it.
        let body =
            if let beside { beside.body.fileURL.flatMap { try? Data(contentsOf: $0) } } else {
                RecordedRequest.readBody(of: request)
            }
        var identity = "\(endpoint.method) \(request.url?.absoluteString ?? "(no URL)")"
        if let body, !body.isEmpty {
            let canonical = BodyMatching.canonical(body, contentType: request.value(forHTTPHeaderField: "Content-Type"))
            identity += " " + (String(data: canonical, encoding: .utf8) ?? "<\(canonical.count) bytes>")
        }
        return (
            Call(endpoint: endpoint, method: endpoint.method, url: request.url, body: body, identity: identity), nil
        )
    }
}
