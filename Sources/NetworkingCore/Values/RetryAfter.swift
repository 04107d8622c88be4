import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
///
/// The one parser of the header: the retry policy, the endpoint layer's own retries and
/// `HTTPError.retryAfter` all read it here, so they agree on every value.
package enum RetryAfter {
    /// The longest wait taken as a real answer: a value asking for more (a number of seconds
    /// with more digits than any sensible wait, a date decades away) is malformed, and ignored.
    package static let longest: Duration = .seconds(366 * 24 * 60 * 60)

    /// The wait the header asks for, measured from `now`; a date in the past is zero. `nil` when
    /// the value is neither form, or asks for more than `longest`.
    package static func delay(_ value: String, now: Date) -> Duration? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Too many digits for an Int64 is far beyond `longest` too.
            guard let seconds = Int64(value), seconds <= longest.components.seconds else { return nil }
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        guard seconds <= Double(longest.components.seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// The wait the `Retry-After` field of `headers` asks for, measured from `now` (see
    /// `delay(_:now:)`); `nil` when there is none, or it is malformed.
    package static func delay(in headers: HTTPHeaders, now: Date) -> Duration? {
        headers["Retry-After"].flatMap { delay($0, now: now) }
    }
}
