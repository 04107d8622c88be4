import Foundation

/// The fields and media type of resumable uploads (draft-ietf-httpbis-resumable-upload, interop
/// versions 8 and 9; see docs/ResumableUploads.md) and how their values are read.
///
/// `Upload-Offset` and `Upload-Length` are Structured Field Integers (RFC 9651 §3.3.1) that must
/// not be negative, `Upload-Complete` a Structured Field Boolean (§3.3.6); a value of another
/// form makes the field count as absent, as the draft asks. Parameters after `;` are ignored.
package enum UploadResumptionFields {
    /// The interop version a client announces and a `104` repeats.
    package static let interopVersion = "Upload-Draft-Interop-Version"
    /// Whether a request carries the rest of the representation (`?1`) or not (`?0`); in a
    /// response, whether the upload is complete.
    package static let complete = "Upload-Complete"
    /// The bytes of the representation the server has processed.
    package static let offset = "Upload-Offset"
    /// The length of the whole representation.
    package static let length = "Upload-Length"
    /// The media type of an append (`PATCH`).
    package static let partialUploadType = "application/partial-upload"
    /// The status of the interim response that names the upload resource.
    package static let resumptionSupported = 104

    /// A non-negative Structured Field Integer: at most 15 digits, no sign; `nil` for anything else.
    package static func integer(_ value: String?) -> Int64? {
        guard let bare = bareItem(value), !bare.isEmpty, bare.utf8.count <= 15,
            bare.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(bare)
    }

    /// A Structured Field Boolean: `?1` is `true`, `?0` `false`; `nil` for anything else.
    package static func boolean(_ value: String?) -> Bool? {
        switch bareItem(value) {
        case "?1": return true
        case "?0": return false
        default: return nil
        }
    }

    /// The `Location` of a `104` that announces an upload resource for `version`, resolved against
    /// `requestURL`: `nil` for another status, a missing or different interop version (the draft
    /// tells clients to ignore such a `104`), or no usable `Location`.
    package static func uploadResource(
        in head: ResponseHead, version: Int, requestURL: URL
    ) -> URL? {
        guard head.statusCode == resumptionSupported,
            integer(head.header(interopVersion)) == Int64(version)
        else { return nil }
        return location(head.header("Location"), requestURL: requestURL)
    }

    /// A `Location` value resolved against `requestURL`: an absolute http(s) URL, or `nil`.
    package static func location(_ value: String?, requestURL: URL) -> URL? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            let url = URL(string: value, relativeTo: requestURL)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// The item of a field value without its parameters and surrounding spaces.
    private static func bareItem(_ value: String?) -> String? {
        guard let value else { return nil }
        let item = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return item.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}
