#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// A test case against the misbehaving HTTP/2 server (`H2FaultServer`) over the transport
    /// `NETWORKING_TEST_TRANSPORT` names: unset (or `curl`), the default `CurlTransport` trusting
    /// the server's CA; `urlsession`, `URLSessionTransport`, whose libcurl is given the CA through
    /// swift-corelibs-foundation's `URLSessionCertificateAuthorityInfoFile` (how the outcomes over
    /// URLSession in docs/LinuxURLSession.md were seen).
    class H2FaultTestCase: XCTestCase {
        /// The server of this run.
        var server: H2FaultServer!
        /// The transport under test.
        var transport: (any HTTPTransport)!
        /// A prefix of the IDs of this test's requests.
        let run = UUID().uuidString.prefix(8).lowercased()

        /// Whether the transport under test is `URLSessionTransport`.
        static var overURLSession: Bool {
            ProcessInfo.processInfo.environment["NETWORKING_TEST_TRANSPORT"] == "urlsession"
        }

        override func setUp() async throws {
            try await super.setUp()
            server = try H2FaultServer.shared()
            transport = try makeTransport()
        }

        override func tearDown() async throws {
            transport = nil
            try await super.tearDown()
        }

        /// A new transport of the kind under test, trusting the server's CA.
        func makeTransport() throws -> any HTTPTransport {
            if Self.overURLSession {
                setenv("URLSessionCertificateAuthorityInfoFile", server.caFile, 1)
                return URLSessionTransport()
            }
            return try CurlTransport(configuration: .init(caCertificateFile: server.caFile))
        }

        /// `https://127.0.0.1:<port>` (the HTTP/2 TLS port by default) followed by `path`.
        func url(_ path: String, port: Int? = nil) throws -> URL {
            try XCTUnwrap(URL(string: "https://127.0.0.1:\(port ?? server.tlsPort)\(path)"))
        }

        /// A request for `path` that gives up after `timeout` seconds without progress.
        func request(_ path: String, port: Int? = nil, timeout: TimeInterval = 10) throws -> URLRequest {
            var request = URLRequest(url: try url(path, port: port))
            request.timeoutInterval = timeout
            return request
        }

        /// Sends `request` over `transport` (this test's by default); fails the test if it has not
        /// ended within `watchdog` seconds.
        func send(
            _ request: URLRequest, over transport: (any HTTPTransport)? = nil, watchdog: Double = 20
        ) async -> Result<HTTPExchange, NetworkingError> {
            await Self.send(request, over: transport ?? self.transport!, watchdog: watchdog)
        }

        /// Sends `request` over `transport`; fails the test if it has not ended within `watchdog`
        /// seconds.
        static func send(
            _ request: URLRequest, over transport: any HTTPTransport, watchdog: Double = 20
        ) async -> Result<HTTPExchange, NetworkingError> {
            let result = await withWatchdog(seconds: watchdog) { () -> Result<HTTPExchange, NetworkingError> in
                do { return .success(try await transport.send(request)) } catch {
                    return .failure(NetworkingError(error))
                }
            }
            guard let result else {
                XCTFail("\(request.url?.absoluteString ?? "") did not end within \(watchdog) s")
                return .failure(.cancelled)
            }
            return result
        }

        /// The error of `result`, failing the test (with `what`) when it succeeded.
        func failure(
            _ result: Result<HTTPExchange, NetworkingError>, _ what: String, file: StaticString = #filePath,
            line: UInt = #line
        ) -> NetworkingError? {
            switch result {
            case .success(let exchange):
                let body = String(decoding: exchange.body.prefix(200), as: UTF8.self)
                XCTFail("\(what) was accepted: \(exchange.statusCode) \(body)", file: file, line: line)
                return nil
            case .failure(let error):
                return error
            }
        }

        /// What the server says of a request it answered: the `id` it was sent with.
        struct Seen: Decodable, Sendable {
            let id: String
        }

        /// The `id` the answer in `exchange` names, or `nil` when it names none.
        static func answeredID(_ exchange: HTTPExchange) -> String? {
            try? JSONDecoder().decode(Seen.self, from: exchange.body).id
        }
    }
#endif
