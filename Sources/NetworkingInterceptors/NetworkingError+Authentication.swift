extension NetworkingError {
    /// Whether the request failed because it needed a credential and none was stored
    /// (`TokenProviderError.notAuthenticated`): the user has to sign in.
    public var isNotAuthenticated: Bool {
        (underlyingError as? TokenProviderError) == .notAuthenticated
    }
}
