import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a request's head must be before any transport puts it on the wire: a method that is an
/// RFC 9110 token and an `http` or `https` URL.
///
/// libcurl (`CURLOPT_CUSTOMREQUEST`) and Foundation send a method verbatim, so a method with a
/// space, CR or LF would write a header, or a whole second request, nobody wrote (request
/// smuggling, the class of CVE-2020-26116); and URLSession hands any other scheme to libcurl's
/// client for it (`ftp://` logs into an FTP server: server-side request forgery). Requests are
/// checked where they are built, and again by every transport for requests that reach it
/// directly.
package enum RequestHeadCheck {
    /// Whether `byte` may appear in a token (RFC 9110 §5.6.2: `tchar`).
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `text` is a token: one or more `tchar`.
    package static func isToken(_ text: String) -> Bool {
        // From the contiguous storage: walking the view checks its representation at every byte.
        !text.isEmpty
            && (text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isTokenCharacter) }
                ?? text.utf8.allSatisfy(isTokenCharacter))
    }

    /// Throws `.invalidRequest` unless `method` is a token (RFC 9110 §9.1).
    package static func validate(method: String) throws(NetworkingError) {
        guard isToken(method) else {
            throw .invalidRequest(
                "the method \(method.debugDescription) is not a valid HTTP method token (RFC 9110 §9.1), so it "
                    + "was not sent")
        }
    }

    /// Throws unless `request` has a token for its method and an `http` or `https` URL: the
    /// method's `.invalidRequest`, or `.transport(URLError(.unsupportedURL))` for another scheme.
    package static func validate(_ request: URLRequest) throws(NetworkingError) {
        try validate(method: request.httpMethod ?? "GET")
        guard let url = request.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw unsupportedURLError(request.url) }
    }

    /// The error for a URL that is not http or https: nothing else is ever sent.
    package static func unsupportedURLError(_ url: URL?) -> NetworkingError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "Only http and https URLs can be sent"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return .transport(URLError(.unsupportedURL, userInfo: info))
    }
}

extension HTTPMethod {
    /// Whether the method is an RFC 9110 token, which every request's method must be: a method
    /// that is not (a space, a CR or LF, an empty string) fails with `.invalidRequest` before
    /// anything is sent.
    package var isValid: Bool { RequestHeadCheck.isToken(rawValue) }
}
