extension HTTPHeaders {
    /// `Proxy-Authorization`, the field that carries a proxy's credentials (RFC 9110 §11.7.2).
    ///
    /// It is meant for a proxy alone, and a field a request carries would reach its origin too
    /// (libcurl sends a request's fields to the proxy and the origin alike, and a forwarding proxy
    /// may pass it on). So no transport sends such a field: a proxy's credentials come from its
    /// `Proxy` in the client's `NetworkPath`, which CurlTransport gives to the proxy alone. And
    /// the events observers receive show its value as `redactedValue`, so logs of every build do
    /// too.
    package static let proxyAuthorization = "Proxy-Authorization"

    /// What a hidden header value is shown as, in events, logs and cURL commands.
    package static let redactedValue = "<redacted>"

    /// Whether `name` is `Proxy-Authorization`, compared case-insensitively.
    package static func isProxyAuthorization(_ name: String) -> Bool { name.caseInsensitiveEquals(proxyAuthorization) }

    /// These fields, in order, with the value of every `Proxy-Authorization` replaced by
    /// `redactedValue`: the headers observers are shown.
    package func hidingProxyCredentials() -> HTTPHeaders {
        guard contains(Self.proxyAuthorization) else { return self }
        var hidden = HTTPHeaders()
        for field in self {
            hidden.add(
                name: field.name, value: Self.isProxyAuthorization(field.name) ? Self.redactedValue : field.value)
        }
        return hidden
    }
}
