import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Canned responses in memory and the requests they answered: the one test double for code built
/// on a `Networking` (or any pipeline), as its transport, and for code that talks to a
/// `URLSession`, through `configuration()`. `MockURLProtocol.Registry` is this type.
///
/// ```swift
/// let transport = InMemoryTransport()
/// transport.stub(.get, "https://api.example.com/users", with: .json([User(id: 1)]))
/// let networking = Networking(baseURL: "https://api.example.com", transport: transport)
/// let users: Result<[User], NetworkingError> = await networking.get("/users")
/// XCTAssertEqual(transport.requests.map(\.method), [.get])
/// ```
///
/// Stubs are tried newest first; the first that matches answers (so a test can override a stub from
/// `setUp`). URLs match as the fakes of `Networking` do: a stub URL without a query matches any
/// query, one with a query matches requests containing its items. An unmatched request fails with
/// `.transport(URLError(.resourceUnavailable))` whose description names it and the stubs there are
/// ("No fake, stub or mock matched DELETE https://api.example.com/users/3. …"), and whose
/// `unmatchedRequest` holds the request's method and URL.
/// Everything is guarded by a `Mutex`: stub and read from any task.
public final class InMemoryTransport: HTTPTransport {
    /// The `MockURLProtocol` class that answers from these stubs; `configuration()` installs it.
    package let protocolClass: MockURLProtocol.Type
    let table: StubTable

    private struct WeakRegistry: Sendable {
        weak var registry: InMemoryTransport?
    }

    private static let registries = Mutex<[ObjectIdentifier: WeakRegistry]>([:])
    private static let slotCounter = Mutex<UInt64>(0)

    /// Creates a transport with no stubs, with a `MockURLProtocol` class of its own.
    public convenience init() {
        let slot = Self.slotCounter.withLock { counter -> UInt64 in
            counter += 1
            return counter
        }
        self.init(protocolClass: Self.slotClass(slot, SlotRoot.self), owner: "InMemoryTransport")
    }

    init(protocolClass: MockURLProtocol.Type, owner: String) {
        self.protocolClass = protocolClass
        self.table = StubTable(owner: owner)
        Self.registries.withLock { $0[ObjectIdentifier(protocolClass)] = WeakRegistry(registry: self) }
    }

    deinit {
        let key = ObjectIdentifier(protocolClass)
        Self.registries.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// The stubs `protocolClass` answers from, while they exist.
    static func registry(for protocolClass: AnyClass) -> InMemoryTransport? {
        registries.withLock { $0[ObjectIdentifier(protocolClass)]?.registry }
    }

    /// A distinct subclass for each number: its type is built from the number's bits.
    private static func slotClass<T>(_ number: UInt64, _ tail: T.Type) -> MockURLProtocol.Type {
        if number == 0 { return MockURLProtocolSlot<T>.self }
        if number & 1 == 0 { return slotClass(number >> 1, SlotZero<T>.self) }
        return slotClass(number >> 1, SlotOne<T>.self)
    }

    /// A copy of `base` (`.ephemeral` unless given) whose `protocolClasses` hold only this
    /// transport's `MockURLProtocol` class, so every request made with it is answered here.
    public func configuration(_ base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        let configuration = (base.copy() as? URLSessionConfiguration) ?? .ephemeral
        configuration.protocolClasses = [protocolClass]
        return configuration
    }

    /// Records `request` and answers with the stub that matches it.
    public func send(_ request: TransportRequest) async throws(NetworkingError) -> TransportResponse {
        let recorded = try await RecordedRequest(request)
        return TransportResponse(try await table.respond(to: recorded).respond(to: request.head))
    }

    /// Answers `method url` with `response`. The URL is absolute; a path segment written `{name}`
    /// matches any one segment, and the query matches as the type's documentation says.
    public func stub(_ method: HTTPMethod, _ url: String, with response: FakeResponse) {
        table.add(method, url) { _ in response }
    }

    /// Answers `method url` with what `respond` returns for the request (its body read).
    public func stub(
        _ method: HTTPMethod, _ url: String, respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        table.add(method, url, respond: respond)
    }

    /// Answers the requests `predicate` accepts with `response`.
    public func stub(where predicate: @escaping @Sendable (RecordedRequest) -> Bool, with response: FakeResponse) {
        table.add(label: "a predicate stub", matches: predicate) { _ in response }
    }

    /// Answers the requests `predicate` accepts with what `respond` returns.
    public func stub(
        where predicate: @escaping @Sendable (RecordedRequest) -> Bool,
        respond: @escaping @Sendable (RecordedRequest) -> FakeResponse
    ) {
        table.add(label: "a predicate stub", matches: predicate, respond)
    }

    /// Every request received, in arrival order, with its body.
    public var requests: [RecordedRequest] { table.requests }

    /// Removes every stub (the recorded requests stay). Users call `reset()`.
    package func removeAllStubs() { table.removeAllStubs() }

    /// Removes every stub and forgets the recorded requests.
    public func reset() { table.reset() }
}
