import Foundation
import XCTest

@testable import NetworkingCache

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ResponseCachingTransport` over `ResponseCache`, against a scripted transport and a hand-moved clock.
final class ResponseCacheTests: XCTestCase {
    private var clock: TestClock!

    override func setUp() {
        clock = TestClock()
    }

    private func makeTransport(
        defaultMaxAge: TimeInterval = 0, store: ResponseCache? = nil,
        _ handler: @escaping ScriptedTransport.Handler
    ) -> (ResponseCachingTransport, ScriptedTransport) {
        let network = ScriptedTransport(handler)
        let cache = store ?? ResponseCache(defaultMaxAge: defaultMaxAge, directory: nil)
        return (
            ResponseCachingTransport(
                wrapping: network, store: cache, credentialHeaders: CacheKey.defaultCredentialHeaders,
                clock: clock.function), network
        )
    }

    private func body(_ text: String) -> Data { Data(text.utf8) }

    // MARK: Freshness

    func testMaxAgeServesFromCacheUntilStaleThenRefetches() async throws {
        let (transport, network) = makeTransport { _, call in
            (200, ["Cache-Control": "public, max-age=60", "Content-Type": "application/json"], Data("v\(call)".utf8))
        }
        let first = try await transport.send(makeRequest())
        clock.advance(by: 59)
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 1)
        XCTAssertEqual(bodyText(second), bodyText(first))
        XCTAssertEqual(second.statusCode, 200)
        XCTAssertEqual(second.header("Age"), "59")
        XCTAssertEqual(second.header("Content-Type"), "application/json")
        XCTAssertEqual(second.metrics?.isFromCache, true)

        clock.advance(by: 1)
        let third = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2, "stale at 60 s, and without validators it is fetched again")
        XCTAssertEqual(bodyText(third), "v2")
    }

    func testAgeHeaderFromUpstreamShortensFreshness() async throws {
        let (transport, network) = makeTransport { _, _ in (200, ["Cache-Control": "max-age=60", "Age": "50"], Data()) }
        _ = try await transport.send(makeRequest())
        clock.advance(by: 9)
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 1)
        clock.advance(by: 1)
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
    }

    func testDefaultMaxAgeAppliesOnlyWithoutExplicitFreshness() async throws {
        let (transport, network) = makeTransport(defaultMaxAge: 30) { request, _ in
            request.url?.path == "/explicit" ? (200, ["Cache-Control": "max-age=5"], Data()) : (200, [:], Data())
        }
        _ = try await transport.send(makeRequest("http://example.test/plain"))
        _ = try await transport.send(makeRequest("http://example.test/explicit"))
        clock.advance(by: 10)
        _ = try await transport.send(makeRequest("http://example.test/plain"))
        _ = try await transport.send(makeRequest("http://example.test/explicit"))
        XCTAssertEqual(network.requests.map { $0.url?.path }, ["/plain", "/explicit", "/explicit"])
    }

    func testExpiresMinusDateGivesTheLifetimeAndAnInvalidExpiresIsStale() async throws {
        let (transport, network) = makeTransport(defaultMaxAge: 1000) { request, _ in
            if request.url?.path == "/invalid" { return (200, ["Expires": "0"], Data()) }
            return (200, ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 08:51:17 GMT"], Data())
        }
        _ = try await transport.send(makeRequest("http://example.test/expires"))
        _ = try await transport.send(makeRequest("http://example.test/invalid"))
        clock.advance(by: 99)
        _ = try await transport.send(makeRequest("http://example.test/expires"))
        _ = try await transport.send(makeRequest("http://example.test/invalid"))
        clock.advance(by: 1)
        _ = try await transport.send(makeRequest("http://example.test/expires"))
        XCTAssertEqual(network.requests.map { $0.url?.path }, ["/expires", "/invalid", "/invalid", "/expires"])
    }

    // MARK: no-store, no-cache

    func testNoStoreIsNeverStoredAndDropsAnOlderEntry() async throws {
        let (transport, network) = makeTransport { _, call in
            call == 1
                ? (200, ["Cache-Control": "max-age=0", "ETag": "\"a\""], Data())
                : (200, ["Cache-Control": "no-store"], Data())
        }
        _ = try await transport.send(makeRequest())  // stored (stale at once, but revalidatable)
        _ = try await transport.send(makeRequest())  // revalidated; the answer says no-store
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 3)
        XCTAssertEqual(network.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"a\"")
        XCTAssertNil(network.requests[2].value(forHTTPHeaderField: "If-None-Match"), "the entry was dropped")
    }

    func testNoCacheResponseIsRevalidatedOnEveryUseAndA304IsServedFromTheCache() async throws {
        let (transport, network) = makeTransport { request, _ in
            if request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"" {
                return (304, ["ETag": "\"v1\"", "Content-Type": "text/html"], Data())
            }
            let headers = [
                "Cache-Control": "no-cache, max-age=600", "ETag": "\"v1\"", "Content-Type": "application/json",
            ]
            return (200, headers, Data("{\"n\":1}".utf8))
        }
        let first = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
        XCTAssertEqual(second.statusCode, 200, "a 304 is answered with the stored response")
        XCTAssertEqual(second.body, first.body)
        XCTAssertEqual(second.header("Content-Type"), "application/json", "a 304 leaves representation headers")
        XCTAssertEqual(second.metrics?.isFromCache, true)
    }

    func testLastModifiedRevalidatesWithIfModifiedSince() async throws {
        let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"
        let (transport, network) = makeTransport { request, _ in
            if request.value(forHTTPHeaderField: "If-Modified-Since") == lastModified { return (304, [:], Data()) }
            return (200, ["Last-Modified": lastModified], Data("body".utf8))
        }
        _ = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
        XCTAssertNil(network.requests[0].value(forHTTPHeaderField: "If-Modified-Since"))
        XCTAssertEqual(bodyText(second), "body")
    }

    func testA304RefreshesTheStoredResponse() async throws {
        let (transport, network) = makeTransport { request, _ in
            if request.value(forHTTPHeaderField: "If-None-Match") != nil {
                return (304, ["Cache-Control": "max-age=10", "ETag": "\"e\"", "X-Revalidated": "yes"], Data())
            }
            return (200, ["Cache-Control": "max-age=10", "ETag": "\"e\""], Data("original".utf8))
        }
        _ = try await transport.send(makeRequest())
        clock.advance(by: 11)
        let revalidated = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
        XCTAssertEqual(bodyText(revalidated), "original")
        clock.advance(by: 9)
        let fresh = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2, "the 304 restarted the freshness lifetime")
        XCTAssertEqual(fresh.header("X-Revalidated"), "yes", "headers from the 304 were merged")
    }

    func testA200AnswerToRevalidationReplacesTheEntry() async throws {
        let (transport, network) = makeTransport { _, call in
            (200, ["ETag": "\"v\(call)\""], Data("v\(call)".utf8))
        }
        _ = try await transport.send(makeRequest())
        let second = try await transport.send(makeRequest())
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(bodyText(second), "v2")
        XCTAssertEqual(network.requests[2].value(forHTTPHeaderField: "If-None-Match"), "\"v2\"")
    }

    func testRequestDirectives() async throws {
        let (transport, network) = makeTransport { _, _ in
            (200, ["Cache-Control": "max-age=600", "ETag": "\"e\""], Data())
        }
        _ = try await transport.send(makeRequest())
        _ = try await transport.send(makeRequest(headers: ["Cache-Control": "no-cache"]))
        XCTAssertEqual(network.requests[1].value(forHTTPHeaderField: "If-None-Match"), "\"e\"", "no-cache revalidates")
        _ = try await transport.send(makeRequest(headers: ["Pragma": "no-cache"]))
        XCTAssertEqual(network.callCount, 3, "Pragma: no-cache counts when there is no Cache-Control")
        clock.advance(by: 30)
        _ = try await transport.send(makeRequest(headers: ["Cache-Control": "max-age=10"]))
        XCTAssertEqual(network.callCount, 4, "a request max-age below the age forces revalidation")
        _ = try await transport.send(makeRequest(headers: ["Cache-Control": "no-store"]))
        XCTAssertNil(network.requests[4].value(forHTTPHeaderField: "If-None-Match"), "no-store bypasses the cache")
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 5, "an ordinary request is still served from the cache")
    }

    func testCallerConditionalRequestsPassThrough() async throws {
        let (transport, network) = makeTransport { request, _ in
            request.value(forHTTPHeaderField: "If-None-Match") != nil
                ? (304, [:], Data()) : (200, ["Cache-Control": "max-age=600"], Data("x".utf8))
        }
        _ = try await transport.send(makeRequest())
        let passed = try await transport.send(makeRequest(headers: ["If-None-Match": "\"mine\""]))
        XCTAssertEqual(passed.statusCode, 304, "the caller's own conditional request gets the server's answer")
        XCTAssertEqual(network.callCount, 2)
    }

    // MARK: What is stored

    func testOnlySuccessfulGETResponsesAreStored() async throws {
        let (transport, network) = makeTransport { request, _ in
            switch request.url?.path {
            case "/missing": return (404, ["Cache-Control": "max-age=600"], Data())
            case "/partial": return (206, ["Cache-Control": "max-age=600"], Data())
            default: return (200, ["Cache-Control": "max-age=600"], Data())
            }
        }
        for path in ["/missing", "/partial"] {
            _ = try await transport.send(makeRequest("http://example.test\(path)"))
            _ = try await transport.send(makeRequest("http://example.test\(path)"))
        }
        _ = try await transport.send(makeRequest(method: "HEAD"))
        _ = try await transport.send(makeRequest(method: "HEAD"))
        XCTAssertEqual(network.callCount, 6)
    }

    func testUnsafeMethodsInvalidateTheStoredGET() async throws {
        let (transport, network) = makeTransport { _, _ in (200, ["Cache-Control": "max-age=600"], Data()) }
        _ = try await transport.send(makeRequest())
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 1)
        _ = try await transport.send(makeRequest(method: "POST"))
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 3)
        _ = try await transport.send(makeRequest(method: "DELETE"))
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 5)
    }

    func testVaryHeadersMustMatch() async throws {
        let (transport, network) = makeTransport { request, _ in
            (
                200, ["Cache-Control": "max-age=600", "Vary": "Accept-Language"],
                Data((request.value(forHTTPHeaderField: "Accept-Language") ?? "none").utf8)
            )
        }
        _ = try await transport.send(makeRequest(headers: ["Accept-Language": "en"]))
        let english = try await transport.send(makeRequest(headers: ["Accept-Language": "en"]))
        let norwegian = try await transport.send(makeRequest(headers: ["Accept-Language": "nb"]))
        XCTAssertEqual(bodyText(english), "en")
        XCTAssertEqual(bodyText(norwegian), "nb")
        XCTAssertEqual(network.callCount, 2)
    }

    func testVaryStarIsNotStored() async throws {
        let (transport, network) = makeTransport { _, _ in
            (200, ["Cache-Control": "max-age=600", "Vary": "*"], Data())
        }
        _ = try await transport.send(makeRequest())
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
    }

    // MARK: Keys

    func testOneUsersResponseIsNeverServedToAnother() async throws {
        let (transport, network) = makeTransport { request, _ in
            (
                200, ["Cache-Control": "private, max-age=600"],
                Data((request.value(forHTTPHeaderField: "Authorization") ?? "anonymous").utf8)
            )
        }
        let alice = ["Authorization": "Bearer alice-secret"]
        let bob = ["Authorization": "Bearer bob-secret"]
        _ = try await transport.send(makeRequest(headers: alice))
        let aliceAgain = try await transport.send(makeRequest(headers: alice))
        let bobs = try await transport.send(makeRequest(headers: bob))
        let anonymous = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 3)
        XCTAssertEqual(bodyText(aliceAgain), "Bearer alice-secret")
        XCTAssertEqual(bodyText(bobs), "Bearer bob-secret")
        XCTAssertEqual(bodyText(anonymous), "anonymous")
    }

    func testKeysHoldTheMethodURLAndAHashOfTheCredentialButNeverTheSecret() throws {
        let transport = ResponseCachingTransport(
            wrapping: ScriptedTransport { _, _ in (200, [:], Data()) }, store: ResponseCache(directory: nil),
            credentialHeaders: CacheKey.defaultCredentialHeaders + ["X-Api-Key"])
        let plain = try XCTUnwrap(transport.key(for: makeRequest("http://example.test/a?b=1")))
        XCTAssertEqual(plain, "GET http://example.test/a?b=1")
        let withToken = try XCTUnwrap(
            transport.key(for: makeRequest("http://example.test/a?b=1", headers: ["Authorization": "Bearer s3cr3t"])))
        XCTAssertTrue(withToken.hasPrefix("GET http://example.test/a?b=1 #credential="))
        XCTAssertFalse(withToken.contains("s3cr3t"))
        let withKey = try XCTUnwrap(
            transport.key(for: makeRequest("http://example.test/a?b=1", headers: ["X-Api-Key": "s3cr3t"])))
        XCTAssertNotEqual(withKey, withToken, "the header name is part of the identity")
        XCTAssertFalse(withKey.contains("s3cr3t"))
    }

    func testResponsesPersistOnDiskForANewCacheInstance() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let handler: ScriptedTransport.Handler = { _, _ in (200, ["Cache-Control": "max-age=600"], Data("kept".utf8)) }
        let (first, _) = makeTransport(store: ResponseCache(directory: directory.url), handler)
        _ = try await first.send(makeRequest())
        let (second, network) = makeTransport(store: ResponseCache(directory: directory.url), handler)
        let served = try await second.send(makeRequest())
        XCTAssertEqual(network.callCount, 0)
        XCTAssertEqual(bodyText(served), "kept")
        let file = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: directory.url.path).first)
        let mode = FileSystem.status(atPath: directory.url.appendingPathComponent(file).path)?.permissions
        XCTAssertEqual(mode, 0o600)
    }

    func testRemoveAllResponsesEmptiesTheStore() async throws {
        let cache = ResponseCache(directory: nil)
        let (transport, network) = makeTransport(store: cache) { _, _ in
            (200, ["Cache-Control": "max-age=600"], Data())
        }
        _ = try await transport.send(makeRequest())
        cache.removeAllResponses()
        _ = try await transport.send(makeRequest())
        XCTAssertEqual(network.callCount, 2)
    }
}
