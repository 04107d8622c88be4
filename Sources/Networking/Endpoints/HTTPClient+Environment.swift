import Foundation

extension HTTPClient {
    /// Whether a client sends requests or answers them with the endpoints' `sampleData`.
    ///
    /// - `.live`: requests are sent.
    /// - `.test`: nothing is sent; every request is answered at once with its endpoint's sample
    ///   data, decoded as a real response would be. For unit tests of code built on the client.
    /// - `.preview`: like `.test`, after a delay (`.preview` waits half a second,
    ///   `.preview(delay:)` as long as you say), so that loading states show. For SwiftUI previews
    ///   and demos.
    ///
    /// In `.test` and `.preview`, the sample data is the answer of a transport that stands where
    /// the network would: interceptors, observers, events and logs see the request as a real one,
    /// and nothing is sent. An endpoint without sample data fails with `.invalidRequest` naming
    /// it. The environments exist in release builds too.
    public struct Environment: Sendable, Hashable, CustomStringConvertible {
        /// The kinds of environment.
        package enum Mode: String, Sendable, Hashable {
            /// Requests are sent.
            case live
            /// Requests are answered at once with sample data.
            case test
            /// Requests are answered with sample data after `previewDelay`.
            case preview
        }

        /// The kind of environment (compare the environment itself: `environment == .test`).
        package let mode: Mode
        /// How long `.preview` waits before answering (zero for the others).
        package let previewDelay: Duration

        private init(mode: Mode, previewDelay: Duration) {
            self.mode = mode
            self.previewDelay = previewDelay
        }

        /// Requests are sent.
        public static let live = Environment(mode: .live, previewDelay: .zero)
        /// Requests are answered at once with their endpoint's sample data.
        public static let test = Environment(mode: .test, previewDelay: .zero)
        /// Requests are answered with their endpoint's sample data after half a second.
        public static let preview = Environment.preview(delay: .milliseconds(500))

        /// Requests are answered with their endpoint's sample data after `delay`.
        public static func preview(delay: Duration) -> Environment {
            Environment(mode: .preview, previewDelay: max(.zero, delay))
        }

        /// The environment as written in code: `.live`, `.test`, or `.preview(delay: …)` with its delay.
        public var description: String {
            mode == .preview ? ".preview(delay: \(previewDelay))" : ".\(mode.rawValue)"
        }
    }
}
