import Foundation

/// How a body is written in a HAR file: UTF-8 text when it is valid UTF-8 (with the secrets of
/// redacted fields scrubbed), base64 otherwise, or not at all when bodies are dropped.
struct HARBody: Sendable {
    /// The fields whose secrets are scrubbed from text.
    let redaction: SecretRedaction
    /// The secrets the exchange's redacted fields carry.
    let secrets: [String]
    /// Whether bodies are written at all.
    let includesBodies: Bool

    /// The text of `data` and its encoding (`base64`, or `nil` for text); `nil` when bodies are
    /// dropped.
    func text(of data: Data) -> (text: String, encoding: String?)? {
        guard includesBodies else { return nil }
        if let text = String(data: data, encoding: .utf8) { return (redaction.scrub(text, secrets), nil) }
        return (data.base64EncodedString(), "base64")
    }
}
