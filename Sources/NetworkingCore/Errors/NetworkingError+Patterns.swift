import Foundation

extension NetworkingError {
    /// A category of failure that a `catch` clause or a `case` can match, such as
    /// `NetworkingError.unauthorized`:
    ///
    /// ```swift
    /// do {
    ///     let user = try await performLogin(email: email, password: password)
    ///     return "Welcome, \(user.name)"
    /// } catch NetworkError.unauthorized {
    ///     return "Invalid email or password."
    /// } catch NetworkError.noInternetConnection {
    ///     return "You appear to be offline."
    /// } catch NetworkError.timeout {
    ///     return "The server took too long to respond."
    /// } catch let error as NetworkError where error.isServerError {
    ///     return "Server error (\(error.statusCode ?? 0)). Please try again later."
    /// } catch {
    ///     return "Something went wrong: \(error.localizedDescription)"
    /// }
    /// ```
    ///
    /// A pattern matches a `NetworkingError`, and any other error as `NetworkingError(_:)` maps it
    /// (a bare `URLError`, say, or the `TokenProviderError` behind `notAuthenticated`). The cases of `NetworkingError` stay as
    /// they are, so an exhaustive `switch` over them keeps compiling.
    public struct Pattern: Sendable {
        private let test: @Sendable (NetworkingError) -> Bool

        /// A pattern matching the errors `test` accepts.
        package init(_ test: @escaping @Sendable (NetworkingError) -> Bool) { self.test = test }

        /// Whether `error` is in this category.
        package func matches(_ error: NetworkingError) -> Bool { test(error) }

        /// Whether `error`, mapped to a `NetworkingError` by `NetworkingError(_:)`, is in this
        /// category.
        package func matches(_ error: any Error) -> Bool { test(NetworkingError(error)) }
    }

    /// The server answered 401 (`isUnauthorized`).
    public static let unauthorized = Pattern(\.isUnauthorized)
    /// The server answered 403 (`isForbidden`).
    public static let forbidden = Pattern(\.isForbidden)
    /// The server answered 404 (`isNotFound`).
    public static let notFound = Pattern(\.isNotFound)
    /// The device is offline (`isOffline`).
    public static let noInternetConnection = Pattern(\.isOffline)
    /// The request timed out (`isTimeout`).
    public static let timeout = Pattern(\.isTimeout)
    /// The server answered with a 5xx status (`isServerError`).
    public static let serverError = Pattern(\.isServerError)
    /// The server answered with a 4xx status (`isClientError`).
    public static let clientError = Pattern(\.isClientError)

    /// The server answered with exactly `code`.
    public static func status(_ code: Int) -> Pattern { Pattern { $0.httpStatusCode == code } }
}

/// Matches an error against a `NetworkingError.Pattern`, so that `catch NetworkError.timeout`
/// works.
public func ~= (pattern: NetworkingError.Pattern, error: any Error) -> Bool { pattern.matches(error) }

/// Matches a `NetworkingError` against a pattern, so that `case NetworkError.timeout:` works in a
/// `switch`.
public func ~= (pattern: NetworkingError.Pattern, error: NetworkingError) -> Bool { pattern.matches(error) }
