#if os(Linux)
    import Foundation
    import FoundationNetworking
    import Networking
    import NetworkingCurl
    import XCTest

    /// The local httpbin the integration tests talk to (`HTTPBIN_BASE_URL`, default
    /// `http://127.0.0.1:8080`). `make test` starts one; without it the tests fail, never skip.
    enum HTTPBin {
        static let baseURL: String = {
            let value = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"
            return value.hasSuffix("/") ? String(value.dropLast()) : value
        }()

        static var port: Int { URL(string: baseURL)?.port ?? 80 }

        /// The same server under the other loopback name, a different origin.
        static var otherOrigin: String {
            baseURL.contains("127.0.0.1")
                ? baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                : baseURL.replacingOccurrences(of: "localhost", with: "127.0.0.1")
        }

        static func url(_ path: String) -> URL {
            guard let url = URL(string: baseURL + path) else { preconditionFailure("bad test URL \(path)") }
            return url
        }

        /// Throws, failing the test with a clear message, when httpbin does not answer.
        static func require() async throws {
            let transport = try CurlTransport(configuration: .init(connectTimeout: 2, totalTimeout: 5))
            do {
                let exchange = try await transport.send(URLRequest(url: url("/get")))
                guard exchange.statusCode == 200 else {
                    throw Unreachable(detail: "GET /get answered \(exchange.statusCode)")
                }
            } catch let error as NetworkingError {
                throw Unreachable(detail: error.description)
            }
        }

        struct Unreachable: Error, CustomStringConvertible {
            let detail: String
            var description: String {
                "httpbin is not reachable at \(HTTPBin.baseURL) (\(detail)). Start one and set HTTPBIN_BASE_URL "
                    + "(make test does both)."
            }
        }
    }

    /// A test case that needs httpbin and libcurl.
    class CurlIntegrationTestCase: XCTestCase {
        override func setUp() async throws {
            try await super.setUp()
            XCTAssertTrue(CurlTransport.isAvailable, "libcurl.so.4 must load on Linux")
            try await HTTPBin.require()
        }

        /// Sends `sequential` requests one after the other, then `concurrent` at once, on
        /// `transport`, and checks that every one came back with 200 (`label` names the case).
        func sendSequentiallyThenConcurrently(
            _ transport: CurlTransport, sequential: Int, concurrent: Int, label: String,
            file: StaticString = #filePath, line: UInt = #line
        ) async throws {
            for index in 0..<sequential {
                let exchange = try await transport.send(URLRequest(url: HTTPBin.url("/anything/\(index)")))
                XCTAssertEqual(exchange.statusCode, 200, "\(label), request \(index)", file: file, line: line)
            }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<concurrent {
                    group.addTask {
                        try await transport.send(URLRequest(url: HTTPBin.url("/anything/c\(index)"))).statusCode
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            XCTAssertEqual(statuses, Array(repeating: 200, count: concurrent), label, file: file, line: line)
        }

        func makeNetworking(_ configuration: CurlTransport.Configuration = .init()) throws -> Networking {
            Networking(baseURL: HTTPBin.baseURL, transport: try CurlTransport(configuration: configuration))
        }

        /// Unwraps a success or fails with the error's description.
        func value<T>(_ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line) throws
            -> T
        {
            switch result {
            case .success(let value): return value
            case .failure(let error):
                XCTFail("request failed: \(error)", file: file, line: line)
                throw error
            }
        }

        /// The error of a failure, or a test failure for a success.
        func failure<T>(_ result: Result<T, NetworkingError>, file: StaticString = #filePath, line: UInt = #line)
            throws -> NetworkingError
        {
            switch result {
            case .success:
                XCTFail("expected a failure", file: file, line: line)
                throw NetworkingError.invalidResponse
            case .failure(let error): return error
            }
        }
    }
#endif
