import Foundation
import XCTest

@testable import NetworkingCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLSessionTransport` answers authentication challenges on each Foundation: on Apple
/// platforms an HTTP challenge (401, 407) gets the system's handling, so the response arrives with
/// its body; on swift-corelibs-foundation the task ends with what arrived, since anything else
/// never completes there.
final class AuthenticationChallengeAnswerTests: XCTestCase {
    private let httpMethods = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]
    /// Server trust and client certificates by their values: swift-corelibs-foundation marks the
    /// constants unavailable.
    private let otherMethods = [
        "NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate",
        NSURLAuthenticationMethodHTMLForm, "x-unknown-method",
    ]

    func testHTTPChallengesOnApplePlatformsGetTheSystemsHandlingSoTheBodyArrives() {
        for platform in [URLSessionPlatform.macOS, .appleDevices] {
            for method in httpMethods {
                XCTAssertEqual(
                    AuthenticationChallengeAnswer.answer(toMethod: method, on: platform), .performDefaultHandling,
                    "\(method) on \(platform)")
            }
        }
    }

    func testHTTPChallengesOnCorelibsEndTheTaskWithTheResponseSoFar() {
        for method in httpMethods {
            XCTAssertEqual(
                AuthenticationChallengeAnswer.answer(toMethod: method, on: .corelibs), .endWithResponseSoFar, method)
        }
    }

    func testOtherChallengesGetTheSystemsHandlingEverywhere() {
        for platform in URLSessionPlatform.allCases {
            for method in otherMethods {
                XCTAssertEqual(
                    AuthenticationChallengeAnswer.answer(toMethod: method, on: platform), .performDefaultHandling,
                    "\(method) on \(platform)")
            }
        }
    }

    func testThisBuildsPlatformIsTheOneItWasBuiltFor() {
        #if os(macOS)
            XCTAssertEqual(URLSessionPlatform.current, .macOS)
        #elseif canImport(Darwin)
            XCTAssertEqual(URLSessionPlatform.current, .appleDevices)
        #else
            XCTAssertEqual(URLSessionPlatform.current, .corelibs)
        #endif
    }
}
