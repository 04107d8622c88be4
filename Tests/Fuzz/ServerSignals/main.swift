import Foundation

@testable import FuzzSupport

// What a server says about waiting and failing, read from bytes it chose: `Retry-After`
// (`RetryAfter.delay`), the rate-limit fields (`RateLimitHeaders`) and problem details
// (`ProblemDetails`). Any input gives an answer within its documented bounds, never a trap: a wait
// is never negative nor beyond `RetryAfter.longest`, a quota's reset never negative nor beyond
// `RateLimitHeaders.longestReset`, and problem details are read only from a problem+json body.
//
// The input's first line is a field value; the rest is a body.

private let now = Date(timeIntervalSince1970: 1_800_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let split = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let value = String(decoding: bytes[..<split], as: UTF8.self)
    let body = Data(bytes[min(split + 1, bytes.endIndex)...])

    if let delay = RetryAfter.delay(value, now: now) {
        guard delay >= .zero, delay <= RetryAfter.longest else {
            fuzzFailure("Retry-After \(value.debugDescription) gave \(delay)")
        }
    }

    for headers: HTTPHeaders in [
        ["RateLimit": value], ["RateLimit-Remaining": value, "RateLimit-Reset": value],
        ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": value],
    ] {
        guard let quota = RateLimitHeaders(headers, now: now) else { continue }
        guard quota.remaining >= 0, quota.reset >= .zero, quota.reset <= RateLimitHeaders.longestReset else {
            fuzzFailure("rate-limit fields \(headers) gave \(quota)")
        }
    }

    let problem = ResponseMetadata(
        statusCode: 422, headers: ["Content-Type": "application/problem+json"], body: body)
    if let details = ProblemDetails(problem) {
        _ = details.title
        guard body.count <= ProblemDetails.maximumBodySize else {
            fuzzFailure("problem details read from a body of \(body.count) bytes")
        }
    }
    let plain = ResponseMetadata(statusCode: 422, headers: ["Content-Type": "application/json"], body: body)
    guard ProblemDetails(plain) == nil else { fuzzFailure("problem details read from application/json") }
    return 0
}
