import Foundation
import Networking
import XCTest

/// Server-Sent Events from `transfer_server.py`: parsing over the wire, reconnection with
/// `Last-Event-ID` and the server's `retry`, bounded reconnection, content-type checks.
final class ServerSentEventsIntegrationTests: XCTestCase {
    private var server: TransferServer!
    private var networking: Networking!

    override func setUp() async throws {
        server = try TransferServer()
        networking = HTTPBin.client(baseURL: server.baseURL)
    }

    override func tearDown() async throws {
        server?.stop()
    }

    private func collect(_ stream: ServerSentEventStream) async throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for try await event in stream { events.append(event) }
        return events
    }

    func testEventsCommentsMultiLineDataIDsAndRetry() async throws {
        let events = try await collect(await networking.serverSentEvents("/sse/basic", reconnection: .never))
        XCTAssertEqual(
            events,
            [
                ServerSentEvent(data: "first"),
                ServerSentEvent(event: "update", data: "line one\nline two", id: "7"),
                ServerSentEvent(data: "after retry", id: "7", retry: 2500),
                ServerSentEvent(data: "id reset", id: nil),
            ])
    }

    func testReconnectsWithLastEventIDAfterTheServersRetryDelay() async throws {
        let key = UUID().uuidString
        // The default delay is long on purpose: the server's `retry: 100` must be what is used.
        let stream = await networking.serverSentEvents(
            "/sse/reconnect", query: [URLQueryItem(name: "key", value: key)],
            reconnection: ServerSentEventStream.Reconnection(maxAttempts: 3, defaultDelay: .seconds(60)))
        let events = try await collect(stream)
        XCTAssertEqual(events.map(\.data), ["one", "two", "three", "four"])
        XCTAssertEqual(events.map(\.id), ["1", "2", "3", "4"])
        let connections = try await server.log("sse-\(key)")
        XCTAssertEqual(connections.map(\.lastEventID), [nil, "2", "4"], "the third connection got 204 and ended it")
    }

    func testInitialLastEventIDIsSent() async throws {
        let key = UUID().uuidString
        let stream = await networking.serverSentEvents(
            "/sse/ticks", query: [URLQueryItem(name: "key", value: key), URLQueryItem(name: "count", value: "1")],
            lastEventID: "41", reconnection: .never)
        let events = try await collect(stream)
        XCTAssertEqual(events, [ServerSentEvent(event: "tick", data: "{\"n\": 1}", id: "1")])
        let connections = try await server.log("sse-\(key)")
        XCTAssertEqual(connections.map(\.lastEventID), ["41"])
    }

    func testReconnectionAttemptsAreBounded() async throws {
        let key = UUID().uuidString
        let stream = await networking.serverSentEvents(
            "/sse/ticks", query: [URLQueryItem(name: "key", value: key), URLQueryItem(name: "count", value: "0")],
            reconnection: ServerSentEventStream.Reconnection(maxAttempts: 2, defaultDelay: .milliseconds(20)))
        let events = try await collect(stream)
        XCTAssertEqual(events, [])
        let connections = try await server.log("sse-\(key)")
        XCTAssertEqual(connections.count, 3, "one connection and two reconnections")
    }

    func testFailedReconnectionsEndWithTheLastError() async throws {
        let unreachable = HTTPBin.client(baseURL: "http://127.0.0.1:9")
        let stream = await unreachable.serverSentEvents(
            "/sse", reconnection: ServerSentEventStream.Reconnection(maxAttempts: 1, defaultDelay: .milliseconds(10)))
        do {
            _ = try await collect(stream)
            XCTFail("expected a transport error")
        } catch {
            guard case .transport(let urlError) = error as? NetworkingError else { return XCTFail("\(error)") }
            XCTAssertEqual(urlError.code, .cannotConnectToHost)
        }
    }

    func testAResponseThatIsNotAnEventStreamIsAValidationError() async {
        do {
            _ = try await collect(await networking.serverSentEvents("/sse/plain"))
            XCTFail("expected a validation error")
        } catch {
            guard case .validation(let reason, let metadata) = error as? NetworkingError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("text/plain"), reason)
            XCTAssertEqual(metadata.statusCode, 200)
        }
    }

    func testHTTPErrorIsFinal() async {
        do {
            _ = try await collect(await networking.serverSentEvents("/missing"))
            XCTFail("expected an HTTP error")
        } catch {
            XCTAssertEqual((error as? NetworkingError)?.statusCode, 404)
        }
    }

    func testStoppingEarlyClosesTheConnection() async throws {
        let key = UUID().uuidString
        let stream = await networking.serverSentEvents(
            "/sse/ticks",
            query: [
                URLQueryItem(name: "key", value: key), URLQueryItem(name: "count", value: "1000"),
                URLQueryItem(name: "interval", value: "0.01"),
            ])
        var received = 0
        for try await _ in stream {
            received += 1
            if received == 3 { break }
        }
        XCTAssertEqual(received, 3)
        let served = try await server.waitForEnd(of: "sse-\(key)")
        XCTAssertEqual(served?.completed, false, "the server saw the client go away before its 1000 events")
        let connections = try await server.log("sse-\(key)")
        XCTAssertEqual(connections.count, 1)
    }
}
