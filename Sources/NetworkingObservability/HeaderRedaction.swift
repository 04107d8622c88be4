/// Which header fields count as sensitive, and how they are hidden in logs and cURL commands.
///
/// Names compare case-insensitively. `events()` is not redacted, since redaction is a logging
/// concern, except for `Proxy-Authorization`, which every event shows as `<redacted>`.
///
/// Users name fields as a `Set<String>` (`setRedactedHeaderFields(_:)`,
/// `LogSettings.redactedHeaderFields`, `cURLDescription(redacting:)`); this is how the library
/// applies them.
package struct HeaderRedaction: Sendable, Hashable {
    /// What a hidden value is replaced with.
    package static let placeholder = HTTPHeaders.redactedValue

    /// The default sensitive fields: `Authorization`, `Cookie`, `Set-Cookie` and
    /// `Proxy-Authorization` (a credential too, RFC 9110 §11.7.2). A client adds its active
    /// auth-header key to these. `URLRequest.cURLDescription(redacting:bodyFile:)` spells them out
    /// as its default argument.
    package static let defaultHeaderFields: Set<String> = [
        "Authorization", "Cookie", "Set-Cookie", HTTPHeaders.proxyAuthorization,
    ]

    /// The sensitive field names, lowercased.
    package let lowercasedFields: Set<String>
    /// The fields hidden even from a log that is not redacted (a debug build's): those the user
    /// named, lowercased. A name someone chose to hide stays hidden in every build.
    let alwaysRedactedFields: Set<String>

    /// Creates a redaction of `fields`, of which `always` are hidden even when logs are not
    /// redacted. `Proxy-Authorization`, while among `fields`, is always hidden too: a proxy
    /// credential, which a debug log has no reason to show (no transport sends the field a request
    /// carries; proxy credentials go in the client's `NetworkPath`).
    package init<S: Sequence<String>>(fields: S, always: Set<String> = []) {
        lowercasedFields = Set(fields.map { $0.lowercased() })
        var always = Set(always.map { $0.lowercased() })
        let proxyAuthorization = HTTPHeaders.proxyAuthorization.lowercased()
        if lowercasedFields.contains(proxyAuthorization) { always.insert(proxyAuthorization) }
        alwaysRedactedFields = always
    }

    /// The default redaction (`defaultHeaderFields`).
    package static let `default` = HeaderRedaction(fields: defaultHeaderFields)

    /// Whether `name` is sensitive.
    package func redacts(_ name: String) -> Bool { lowercasedFields.contains(name.lowercased()) }

    /// Whether `name` is hidden even when logs are not redacted.
    func alwaysRedacts(_ name: String) -> Bool {
        !alwaysRedactedFields.isEmpty && alwaysRedactedFields.contains(name.lowercased())
    }

    /// `value`, or the placeholder when `name` is sensitive.
    package func value(_ value: String, forField name: String) -> String {
        redacts(name) ? Self.placeholder : value
    }
}
