import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport's session consults no URL cache or cookie jar unless the configuration asks for one.
final class SessionConfigurationTests: XCTestCase {
    func testStockCacheAndSharedCookieJarAreDropped() {
        for configuration in [URLSessionConfiguration.default, .ephemeral] {
            let prepared = configuration.preparedForNetworking()
            XCTAssertNil(prepared.urlCache)
            XCTAssertEqual(prepared.requestCachePolicy, .reloadIgnoringLocalCacheData)
            XCTAssertFalse(prepared.httpCookieStorage === HTTPCookieStorage.shared)
        }
        XCTAssertNil(URLSessionConfiguration.default.preparedForNetworking().httpCookieStorage)
        XCTAssertFalse(URLSessionConfiguration.default.preparedForNetworking().httpShouldSetCookies)
    }

    func testWhatTheUserSetIsKept() {
        let configuration = URLSessionConfiguration.default
        let cache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 0, diskPath: nil)
        configuration.urlCache = cache
        configuration.requestCachePolicy = .useProtocolCachePolicy
        configuration.timeoutIntervalForRequest = 7
        let prepared = configuration.preparedForNetworking()
        XCTAssertTrue(prepared.urlCache === cache)
        XCTAssertEqual(prepared.requestCachePolicy, .useProtocolCachePolicy)
        XCTAssertEqual(prepared.timeoutIntervalForRequest, 7)
        XCTAssertFalse(prepared === configuration, "the caller's configuration is copied, not changed")
    }
}
