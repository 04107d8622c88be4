import Foundation
import Synchronization
import XCTest

@testable import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the download and image tests share: the httpbin address, a counting (and optionally gated)
/// transport, a temporary cache directory.
enum DownloadsTestSupport {
    static let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"

    struct HTTPBinUnreachable: Error, CustomStringConvertible {
        let detail: String
        var description: String {
            "httpbin is not reachable at \(DownloadsTestSupport.baseURL) (\(detail)). Start one (make test does) or "
                + "set HTTPBIN_BASE_URL."
        }
    }

    /// Fails the calling test with a clear message when httpbin does not answer (the test then goes
    /// on and fails on its own assertions too; it is never skipped).
    static func requireHTTPBin(file: StaticString = #filePath, line: UInt = #line) async {
        guard let url = URL(string: baseURL + "/get") else {
            return XCTFail(HTTPBinUnreachable(detail: "invalid URL").description, file: file, line: line)
        }
        do throws(NetworkingError) {
            let exchange = try await URLSessionTransport().send(URLRequest(url: url))
            if exchange.statusCode != 200 {
                XCTFail(HTTPBinUnreachable(detail: "status \(exchange.statusCode)").description, file: file, line: line)
            }
        } catch {
            XCTFail(HTTPBinUnreachable(detail: error.localizedDescription).description, file: file, line: line)
        }
    }

    /// The bytes at `path`, fetched without the library's caches.
    static func referenceBytes(_ path: String) async throws -> Data {
        let url = try XCTUnwrap(URL(string: baseURL + path))
        return try await URLSessionTransport().send(URLRequest(url: url)).body
    }

    /// A fresh cache directory under the temporary directory.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("NetworkingDownloads-\(UUID().uuidString)")
    }
}

extension DownloadsTestSupport {
    /// A transport that counts what reaches the network, records the requests and responses, and can
    /// hold every transfer at a gate until the test opens it.
    final class CountingTransport: HTTPTransport {
        private struct State {
            var requests: [URLRequest] = []
            var statuses: [Int] = []
            var cancelledTransfers = 0
            var gateOpen: Bool
            var gateWaiters: [CheckedContinuation<Void, Never>] = []
        }

        private let base = TestTransport.make()
        private let state: Mutex<State>

        init(gated: Bool = false) { state = Mutex(State(gateOpen: !gated)) }

        var callCount: Int { state.withLock { $0.requests.count } }
        var requests: [URLRequest] { state.withLock { $0.requests } }
        var statuses: [Int] { state.withLock { $0.statuses } }
        var cancelledTransfers: Int { state.withLock { $0.cancelledTransfers } }

        func calls(to path: String) -> Int { state.withLock { $0.requests.filter { $0.url?.path == path }.count } }

        func openGate() {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.gateOpen = true
                defer { state.gateWaiters = [] }
                return state.gateWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        func send(_ transportRequest: TransportRequest) async throws(NetworkingError) -> TransportResponse {
            TransportResponse(try await answer(try await transportRequest.collectingBody()))
        }

        func answer(_ request: URLRequest) async throws(NetworkingError) -> HTTPExchange {
            state.withLock { $0.requests.append(request) }
            await withCheckedContinuation { continuation in
                let proceed = state.withLock { state -> Bool in
                    if state.gateOpen { return true }
                    state.gateWaiters.append(continuation)
                    return false
                }
                if proceed { continuation.resume() }
            }
            if Task.isCancelled {
                state.withLock { $0.cancelledTransfers += 1 }
                throw .cancelled
            }
            let exchange = try await base.send(request)
            state.withLock { $0.statuses.append(exchange.statusCode) }
            return exchange
        }
    }

    /// Waits, sleeping briefly between checks (never asserting on time), until `condition` holds.
    static func waitUntil(_ what: String, _ condition: () async -> Bool) async {
        for _ in 0..<20_000 {
            if await condition() { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
        XCTFail("never happened: \(what)")
    }
}
