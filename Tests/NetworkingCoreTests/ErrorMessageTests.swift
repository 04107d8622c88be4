import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every message a `NetworkingError` can give reads as a sentence: it starts with a capital
/// letter, ends with one full stop, and never shows Foundation's placeholders or a type's
/// mangled name.
final class ErrorMessageTests: XCTestCase {
    private struct Opaque: Error {}
    private struct Described: LocalizedError {
        var errorDescription: String? { "the keychain is locked" }
    }
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private func metadata(_ status: Int) -> ResponseMetadata {
        ResponseMetadata(statusCode: status, headers: [:], body: Data("body".utf8))
    }

    private var everyError: [(String, NetworkingError)] {
        let context = DecodingError.Context(codingPath: [Key("items")], debugDescription: "Expected a number.")
        var errors: [(String, NetworkingError)] = [
            ("invalid request", .invalidRequest("the path is empty")),
            ("invalid request ending in a stop", .invalidRequest("the path is empty.")),
            ("invalid request without a reason", .invalidRequest("")),
            ("described transport", .transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Boom"]))),
            ("bare unknown transport", .transport(URLError(.unknown))),
            ("authentication", .authentication("Not signed in: no token is stored.")),
            ("opaque error from a hook", NetworkingError(Opaque())),
            ("described error from a hook", NetworkingError(Described())),
            (
                "interceptor failure",
                .hookFailed(HookFailure(stage: .interceptor, hookType: "MyApp.SigningInterceptor", error: Opaque()))
            ),
            (
                "token provider failure",
                .hookFailed(HookFailure(stage: .tokenProvider, hookType: "MyApp.Keychain", error: Described()))
            ),
            (
                "mapper failure",
                .hookFailed(
                    HookFailure(stage: .responseMapping, hookType: "MyApp.User", error: Described()),
                    response: metadata(200))
            ),
            (
                "unmatched request",
                .unmatched(
                    UnmatchedRequest(
                        method: .get, url: URL(string: "https://api.example.com/users/2"),
                        testDouble: "InMemoryTransport", detail: "InMemoryTransport has no stub for it"))
            ),
            (
                "encoding",
                NetworkingError(EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN")))
            ),
            ("type mismatch", .decoding(.typeMismatch(Int.self, context), metadata(200))),
            ("value not found", .decoding(.valueNotFound(Int.self, context), metadata(200))),
            ("key not found", .decoding(.keyNotFound(Key("id"), context), metadata(200))),
            ("data corrupted", .decoding(.dataCorrupted(context), metadata(200))),
            ("validation", .validation(reason: "expected JSON", metadata(200))),
            ("validation without a reason", .validation(reason: "", metadata(200))),
            ("invalid response", .invalidResponse),
            ("cancelled", .cancelled),
        ]
        for status in [400, 401, 404, 418, 429, 500, 503, 599] {
            errors.append(("status \(status)", .http(HTTPError(metadata: metadata(status)))))
        }
        let codes: [URLError.Code] = [
            .timedOut, .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed,
            .networkConnectionLost, .secureConnectionFailed, .serverCertificateUntrusted,
            .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
            .clientCertificateRejected, .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection,
            .httpTooManyRedirects, .redirectToNonExistentLocation, .dataLengthExceedsMaximum, .badURL,
            .unsupportedURL, .badServerResponse, .zeroByteResource, .cannotDecodeContentData, .cannotDecodeRawData,
            .cannotParseResponse, .userAuthenticationRequired, .cannotCreateFile, .cannotWriteToFile,
            .fileDoesNotExist, .resourceUnavailable,
        ]
        for code in codes { errors.append(("URLError \(code.rawValue)", .transport(URLError(code)))) }
        return errors
    }

    func testEveryMessageReadsAsASentence() {
        for (name, error) in everyError {
            let message = error.localizedDescription
            XCTAssertEqual(message, "\(error)", "\(name): description and localizedDescription agree")
            XCTAssertTrue(message.first?.isUppercase == true, "\(name): '\(message)' starts with a capital")
            XCTAssertTrue(message.hasSuffix("."), "\(name): '\(message)' ends with a full stop")
            XCTAssertFalse(message.hasSuffix(".."), "\(name): '\(message)' ends with one full stop")
            for placeholder in [
                "NSURLErrorDomain", "The operation could not be completed", "error 0", "Optional(",
                "ErrorMessageTests.",
            ] {
                XCTAssertFalse(message.contains(placeholder), "\(name): '\(message)' shows '\(placeholder)'")
            }
        }
    }

    func testAuthenticationFailuresDoNotBlameTheServer() {
        let error = NetworkingError.authentication("Not signed in: no token is stored.", underlying: Opaque())
        XCTAssertEqual(error.localizedDescription, "Not signed in: no token is stored.")
        XCTAssertTrue(error.isAuthenticationFailure)
        XCTAssertFalse(error.isRetryable)
        XCTAssertTrue(error.underlyingError is Opaque)
        XCTAssertFalse(NetworkingError.transport(URLError(.timedOut)).isAuthenticationFailure)
    }

    func testAnErrorFromAHookSaysWhatItWasNotThatTheServerWasUnreachable() {
        let opaque = NetworkingError(Opaque()).localizedDescription
        XCTAssertEqual(opaque, "The request failed with Opaque: Opaque().")
        XCTAssertEqual(NetworkingError(Described()).localizedDescription, "The request failed: the keychain is locked.")
    }

    func testTheFailureOfTheUsersCodeNamesItAndItsStage() {
        let stages: [(HookFailure.Stage, String)] = [
            (.interceptor, "The interceptor MyApp.Hook failed: the keychain is locked."),
            (.tokenProvider, "The token provider MyApp.Hook failed: the keychain is locked."),
            (.tokenRefresh, "The refresh closure of MyApp.Hook failed: the keychain is locked."),
            (.authentication, "The authenticate() hook of MyApp.Hook failed: the keychain is locked."),
            (.responseValidation, "The validation closure of MyApp.Hook failed: the keychain is locked."),
            (.responseMapping, "The response mapper MyApp.Hook.map(_:) failed: the keychain is locked."),
            (.decoding, "Decoding MyApp.Hook failed: the keychain is locked."),
        ]
        for (stage, message) in stages {
            let failure = HookFailure(stage: stage, hookType: "MyApp.Hook", error: Described())
            let error = NetworkingError.hookFailed(failure)
            XCTAssertEqual(error.localizedDescription, message)
            XCTAssertEqual(error.hookFailure?.stage, stage)
            XCTAssertTrue(error.underlyingError is Described)
            XCTAssertFalse(error.isRetryable)
            XCTAssertEqual(
                error.isAuthenticationFailure, [.tokenProvider, .tokenRefresh, .authentication].contains(stage))
        }
        let opaque = NetworkingError.hookFailed(
            HookFailure(stage: .interceptor, hookType: "MyApp.Hook", error: Opaque()))
        XCTAssertEqual(opaque.localizedDescription, "The interceptor MyApp.Hook failed with Opaque: Opaque().")
    }

    func testAnUnmatchedRequestSaysNothingMatchedAndNamesIt() {
        let error = NetworkingError.unmatched(
            UnmatchedRequest(
                method: .delete, url: URL(string: "https://api.example.com/users/2"), testDouble: "MockHTTPClient",
                detail: "MockHTTPClient has no stub for it; its stubs: none"))
        XCTAssertEqual(
            error.localizedDescription,
            "No fake, stub or mock matched DELETE https://api.example.com/users/2. "
                + "MockHTTPClient has no stub for it; its stubs: none.")
        XCTAssertEqual(error.unmatchedRequest?.method, .delete)
        XCTAssertFalse(error.isRetryable)
        XCTAssertNil(error.hookFailure)
    }

    func testAPrivateTypeIsNamedWithoutTheRuntimesPlaceholder() {
        XCTAssertEqual(HookFailure.name(of: Opaque.self), "NetworkingCoreTests.ErrorMessageTests.Opaque")
        XCTAssertEqual(HookFailure.name(of: Int.self), "Swift.Int")
    }
}
