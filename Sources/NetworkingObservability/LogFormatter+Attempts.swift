// The attempts of a request that made more than one, in its completion record, a line each:
//
//   2026-06-14T20:09:58Z ← 200 (35 bytes) in 0.031s [F97CE6EB-…]
//     ↻ attempt 1 (first) → 503 in 0.004s
//     ↻ attempt 2 (retry after 503, waited 0.010s) → 503 in 0.003s
//     ↻ attempt 3 (retry after 503, waited 0.020s) → 200 in 0.003s

import Foundation

extension LogFormatter {
    /// A line per attempt, when there were more than one; none otherwise.
    static func attemptLines(_ attempts: [RequestAttempt]) -> [String] {
        attempts.map { attempt in
            var line = "  ↻ attempt \(attempt.number) (\(reason(attempt.reason))"
            if attempt.delay > .zero { line += ", waited \(String(format: "%.3f", seconds(attempt.delay)))s" }
            line += ") → " + outcome(attempt.outcome)
            if let metrics = attempt.metrics { line += " in " + String(format: "%.3f", metrics.duration) + "s" }
            return line
        }
    }

    private static func reason(_ reason: RequestAttempt.Reason) -> String {
        switch reason {
        case .first: "first"
        case .retry(let after): "retry after " + outcome(after)
        case .tokenRefresh(let statusCode): "replay after a token refresh, refused with \(statusCode)"
        case .resent(.connectionClosing): "sent again: the connection closed without processing it"
        case .resent(.refused): "sent again: the server refused it unprocessed"
        case .unspecified: "sent again by an interceptor"
        }
    }

    private static func outcome(_ outcome: RequestAttempt.Outcome) -> String {
        switch outcome {
        case .response(let statusCode): "\(statusCode)"
        case .failure(let error): singleLine(error.localizedDescription)
        }
    }
}
