import Foundation
import NetworkingCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class NetworkingErrorTests: XCTestCase {
    private func metadata(_ status: Int, _ body: String = "") -> ResponseMetadata {
        ResponseMetadata(statusCode: status, headers: ["Content-Type": "text/plain"], body: Data(body.utf8))
    }

    private var decodingError: DecodingError {
        .keyNotFound(
            AnyKey("title"), .init(codingPath: [AnyKey("items"), AnyKey(index: 0)], debugDescription: "missing"))
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { stringValue = string }
        init(index: Int) {
            stringValue = "\(index)"
            intValue = index
        }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(index: intValue) }
    }

    func testStatusCodeAndMetadataOnlyWhereThereWasAResponse() {
        let http = NetworkingError.http(HTTPError(metadata: metadata(404, "nope")))
        XCTAssertEqual(http.statusCode, 404)
        XCTAssertEqual(http.responseMetadata?.body, Data("nope".utf8))
        XCTAssertEqual(NetworkingError.decoding(decodingError, metadata(200)).statusCode, 200)
        XCTAssertEqual(NetworkingError.validation(reason: "bad", metadata(201)).statusCode, 201)
        for error: NetworkingError in [
            .invalidRequest("x"), .transport(URLError(.timedOut)), .invalidResponse, .cancelled,
        ] {
            XCTAssertNil(error.statusCode, "\(error)")
            XCTAssertNil(error.responseMetadata, "\(error)")
        }
    }

    func testRetryableStatusesAreExactlyTheSpecsSet() {
        let retryable: Set<Int> = [408, 429, 500, 502, 503, 504]
        for status in 100...599 where !(200..<300).contains(status) {
            let error = NetworkingError.http(HTTPError(metadata: metadata(status)))
            XCTAssertEqual(error.isRetryable, retryable.contains(status), "status \(status)")
        }
    }

    func testRetryableTransportFailuresAreTimeoutsAndConnectionFailures() {
        let transient: [URLError.Code] = [
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
            .cannotFindHost,
        ]
        let final: [URLError.Code] = [
            .badURL, .unsupportedURL, .secureConnectionFailed, .serverCertificateUntrusted, .badServerResponse,
            .userAuthenticationRequired, .httpTooManyRedirects, .dataLengthExceedsMaximum,
            .appTransportSecurityRequiresSecureConnection, .cannotDecodeContentData, .unknown,
        ]
        for code in transient { XCTAssertTrue(NetworkingError.transport(URLError(code)).isRetryable, "\(code)") }
        for code in final { XCTAssertFalse(NetworkingError.transport(URLError(code)).isRetryable, "\(code)") }
    }

    func testOtherCategoriesAreFinal() {
        XCTAssertFalse(NetworkingError.invalidRequest("x").isRetryable)
        XCTAssertFalse(NetworkingError.decoding(decodingError, metadata(200)).isRetryable)
        XCTAssertFalse(NetworkingError.validation(reason: "x", metadata(200)).isRetryable)
        XCTAssertFalse(NetworkingError.invalidResponse.isRetryable)
        XCTAssertFalse(NetworkingError.cancelled.isRetryable)
    }

    func testMessagesAUserCanRead() {
        XCTAssertEqual(
            NetworkingError.invalidRequest("base URL '' is empty").localizedDescription,
            "The request could not be built: base URL '' is empty.")
        XCTAssertEqual(
            NetworkingError.http(HTTPError(metadata: metadata(404))).localizedDescription,
            "The server returned status 404 (\(HTTPURLResponse.localizedString(forStatusCode: 404))).")
        XCTAssertEqual(
            NetworkingError.decoding(decodingError, metadata(200)).localizedDescription,
            "The response (status 200) could not be decoded: missing key 'title' at items.[0].")
        XCTAssertEqual(
            NetworkingError.validation(reason: "expected JSON", metadata(200)).localizedDescription,
            "The response (status 200) was rejected: expected JSON.")
        XCTAssertEqual(
            NetworkingError.invalidResponse.localizedDescription, "The server's answer was not a valid HTTP response.")
        XCTAssertEqual(NetworkingError.cancelled.localizedDescription, "The request was cancelled.")
        XCTAssertEqual("\(NetworkingError.cancelled)", "The request was cancelled.")
    }

    func testTransportMessagesSayWhatHappened() {
        let unreachable = "The server could not be reached: "
        let expectations: [(URLError.Code, String, String)] = [
            (.timedOut, unreachable, "timed out"), (.cannotConnectToHost, unreachable, "could not connect"),
            (.notConnectedToInternet, unreachable, "offline"), (.cannotFindHost, unreachable, "host name"),
            (.networkConnectionLost, "The connection was lost: ", "broke"),
            (.secureConnectionFailed, "The secure connection failed: ", "TLS"),
            (.cannotParseResponse, "The response could not be read: ", "could not be read"),
        ]
        for (code, prefix, fragment) in expectations {
            let message = NetworkingError.transport(URLError(code)).localizedDescription
            XCTAssertTrue(message.hasPrefix(prefix), message)
            XCTAssertTrue(message.contains(fragment), "\(code.rawValue): \(message)")
            XCTAssertFalse(message.contains("NSURLErrorDomain"), message)
        }
        // Redirects the client would not follow: the server answered, and the message says why.
        XCTAssertEqual(
            NetworkingError.transport(URLError(.httpTooManyRedirects)).localizedDescription,
            "Too many redirects, or a redirect loop.")
        let downgrade = URLError(
            .appTransportSecurityRequiresSecureConnection,
            userInfo: [NSLocalizedDescriptionKey: "Refused a redirect from https to http (http://h/x)"])
        XCTAssertEqual(
            NetworkingError.transport(downgrade).localizedDescription,
            "Refused a redirect from https to http (http://h/x).")
        let described = URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "Failed to connect to h port 9"])
        XCTAssertEqual(
            NetworkingError.transport(described).localizedDescription,
            "The server could not be reached: Failed to connect to h port 9.")
    }

    func testMappingAnyError() {
        guard case .cancelled = NetworkingError(CancellationError()) else { return XCTFail("CancellationError") }
        guard case .cancelled = NetworkingError(URLError(.cancelled)) else { return XCTFail("URLError.cancelled") }
        guard case .transport(let urlError) = NetworkingError(URLError(.timedOut)), urlError.code == .timedOut else {
            return XCTFail("URLError")
        }
        guard case .invalidResponse = NetworkingError(NetworkingError.invalidResponse) else {
            return XCTFail("NetworkingError is kept")
        }
        let encoding = EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN"))
        guard case .invalidRequest(let reason) = NetworkingError(encoding), reason.contains("encoded") else {
            return XCTFail("EncodingError is an invalid request")
        }
        guard case .transport = NetworkingError(decodingError) else {
            return XCTFail("a DecodingError without a response is wrapped, not called an encoding failure")
        }
        struct Custom: Error {}
        let wrapped = NetworkingError(Custom())
        guard case .transport = wrapped else { return XCTFail("custom error is wrapped") }
        XCTAssertTrue(wrapped.underlyingError is Custom)
        XCTAssertFalse(wrapped.isRetryable)
    }

    func testExhaustiveSwitchNeedsNoDefault() {
        func category(_ error: NetworkingError) -> String {
            switch error {
            case .invalidRequest: "invalidRequest"
            case .transport: "transport"
            case .http: "http"
            case .decoding: "decoding"
            case .validation: "validation"
            case .invalidResponse: "invalidResponse"
            case .cancelled: "cancelled"
            }
        }
        XCTAssertEqual(category(.cancelled), "cancelled")
    }
}
