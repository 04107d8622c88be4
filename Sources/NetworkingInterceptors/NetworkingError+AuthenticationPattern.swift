extension NetworkingError {
    /// The request needed a credential and none was stored (`isNotAuthenticated`), so
    /// `catch NetworkError.notAuthenticated` matches it, whether `TokenProviderError.notAuthenticated`
    /// arrives bare (from a token provider) or wrapped (from a client).
    public static let notAuthenticated = Pattern(\.isNotAuthenticated)
}
