import Foundation
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session beside a background session's (a WebSocket's) gets the configuration's settings but
/// never its identifier: two sessions with one background identifier are undefined behaviour.
final class NonBackgroundConfigurationTests: XCTestCase {
    private func background(_ identifier: String) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
            let configuration = URLSessionConfiguration.default  // no background sessions here
            configuration.identifier = identifier
            return configuration
        #else
            return .background(withIdentifier: identifier)
        #endif
    }

    func testABackgroundConfigurationsSettingsComeWithoutItsIdentifier() {
        let configuration = background("com.example.transfers")
        configuration.timeoutIntervalForRequest = 12
        configuration.timeoutIntervalForResource = 3_600
        configuration.httpAdditionalHeaders = ["X-Client": "tests"]
        configuration.httpMaximumConnectionsPerHost = 3
        configuration.allowsCellularAccess = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.connectionProxyDictionary = ["HTTPEnable": 1, "HTTPProxy": "proxy.internal", "HTTPPort": 3128]
        let copy = configuration.nonBackgroundCopy()
        XCTAssertNil(copy.identifier)
        XCTAssertEqual(configuration.identifier, "com.example.transfers", "the original is left as it was")
        XCTAssertEqual(copy.timeoutIntervalForRequest, 12)
        XCTAssertEqual(copy.timeoutIntervalForResource, 3_600)
        XCTAssertEqual(copy.httpAdditionalHeaders?["X-Client"] as? String, "tests")
        XCTAssertEqual(copy.httpMaximumConnectionsPerHost, 3)
        XCTAssertFalse(copy.allowsCellularAccess)
        XCTAssertEqual(copy.requestCachePolicy, .reloadIgnoringLocalCacheData)
        XCTAssertFalse(copy.httpShouldSetCookies)
        XCTAssertEqual(copy.connectionProxyDictionary?["HTTPProxy"] as? String, "proxy.internal")
        XCTAssertEqual(URLSessionConfiguration.default.timeoutIntervalForRequest, 60, "the stock default is untouched")
    }

    func testAnOrdinaryConfigurationIsCopiedAsItIs() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 7
        let copy = configuration.nonBackgroundCopy()
        XCTAssertFalse(copy === configuration)
        XCTAssertNil(copy.identifier)
        XCTAssertEqual(copy.timeoutIntervalForRequest, 7)
    }
}
