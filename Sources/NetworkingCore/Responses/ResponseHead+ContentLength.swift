import Foundation

extension ResponseHead {
    /// Whether the head gives differing lengths for its body: two `Content-Length` field lines, or
    /// one listing several values, that are not all the same number (`6` and `5`). Such a response
    /// cannot be framed safely, and a client must discard it and close the connection (RFC 9112
    /// section 6.3): one party on the way may have read six bytes of body where another read five.
    /// The same number repeated (`5, 5`) is one length (RFC 9110 section 8.6).
    package var hasConflictingContentLength: Bool {
        guard let value = header("Content-Length"), value.utf8.contains(UInt8(ascii: ",")) else { return false }
        var length: Substring?
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.trimmingCharacters(in: Self.spacesAndTabs)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return true }
            let number = digits.drop { $0 == "0" }  // `05` and `5` are one length
            if let length, length != number { return true }
            length = number
        }
        return false
    }

    private static let spacesAndTabs = CharacterSet(charactersIn: " \t")
}
