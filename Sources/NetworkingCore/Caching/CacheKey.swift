import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How cache keys are made, so that one user's response is never served to another.
///
/// A key is a base (for HTTP caching the method and URL, for downloads the URL or a `cacheName`)
/// followed, when the request carries a credential, by a **credential identity**: 32 hex digits of
/// the SHA-256 of the credential headers' names and values. The secret itself is never part of a
/// key, a file name or a file. Request coalescing keys the transfers it shares the same way
/// (`CoalescingTransport`), so that no caller joins a transfer made as someone else.
@usableFromInline package enum CacheKey {
    /// The headers that say who a request is made as.
    @usableFromInline package static let defaultCredentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The identity of the credential in `headers` (looking at `names`), or `nil` when none is present.
    package static func credentialIdentity(of headers: HTTPHeaders, names: [String] = defaultCredentialHeaders)
        -> String?
    {
        credentialIdentity(names: names) { headers[$0] }
    }

    /// The identity of the credential a request carries (looking at `names`), or `nil` when none is present.
    ///
    /// A cache sits beneath the pipeline's hop loop, so a request it sees already carries its
    /// jar's cookies in its `Cookie` header: a jar's session cookie counts as a credential like
    /// any other.
    package static func credentialIdentity(
        of request: URLRequest, names: [String] = defaultCredentialHeaders
    ) -> String? {
        // `hasHeader` and `headerValue`, not `value(forHTTPHeaderField:)`, which lowercases every
        // name it compares on Linux; most requests carry no credential, which needs no sorting or
        // hashing.
        guard request.hasHeader(namedAnyOf: names) else { return nil }
        return credentialIdentity(names: names) { request.headerValue($0) }
    }

    /// The key for `base` made as the holder of `credential` (an identity from `credentialIdentity`).
    package static func key(_ base: String, credential: String?) -> String {
        guard let credential else { return base }
        return base + " #credential=" + credential
    }

    private static func credentialIdentity(names: [String], value: (String) -> String?) -> String? {
        var seen = Set<String>()
        var material = ""
        for name in names.map({ $0.lowercased() }).sorted() where seen.insert(name).inserted {
            guard let found = value(name) else { continue }
            material += name + ":" + found + "\n"
        }
        guard !material.isEmpty else { return nil }
        return String(SHA256.hexDigest(material).prefix(32))
    }
}
