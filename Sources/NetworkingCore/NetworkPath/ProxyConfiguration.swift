import Foundation

/// Which proxy, if any, a client's requests go through.
///
/// The default, `.environment`, reads the variables curl reads, when the client (its transport)
/// is created: `http_proxy` for `http` URLs (lower case only, as curl: a CGI server sets
/// `HTTP_PROXY` from a request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY` for `https`,
/// `all_proxy` or `ALL_PROXY` for either when its own is unset, and `no_proxy` or `NO_PROXY` for the
/// hosts that go direct (lower case first in each pair). A setting other than `.environment`
/// ignores the environment.
///
/// ```swift
/// let proxies = try ProxyConfiguration.proxy(
///     Proxy(url: "http://proxy.internal:3128"), bypass: ProxyBypass("localhost,.internal"))
/// ```
public enum ProxyConfiguration: Sendable, Hashable {
    /// The proxies the environment names when the client is created (see above).
    case environment
    /// No proxy: every request goes direct, whatever the environment says.
    case direct
    /// `http` URLs through `http`, `https` (and `wss`) URLs through `https`, each direct when
    /// `nil`; hosts that `bypass` matches go direct.
    case proxies(http: Proxy?, https: Proxy?, bypass: ProxyBypass)

    /// Every request through `proxy`, except to hosts that `bypass` matches.
    public static func proxy(_ proxy: Proxy, bypass: ProxyBypass = .none) -> ProxyConfiguration {
        .proxies(http: proxy, https: proxy, bypass: bypass)
    }

    /// The names of the variables read, in the order curl reads them.
    public static let environmentVariables = [
        "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    ]

    /// The configuration that `variables` (such as the process's environment) describe, as curl
    /// reads them: `.direct` when they name no proxy. Throws `.invalidRequest` when a variable
    /// holds a proxy URL or no-proxy list that `Proxy(url:)` or `ProxyBypass(_:)` rejects.
    public static func reading(_ variables: [String: String]) throws(NetworkingError) -> ProxyConfiguration {
        func first(_ names: String...) -> (name: String, value: String)? {
            for name in names { if let value = variables[name], !value.isEmpty { return (name, value) } }
            return nil
        }
        func proxy(_ names: String...) throws(NetworkingError) -> Proxy? {
            var found: (name: String, value: String)?
            for name in names where found == nil {
                if let value = variables[name], !value.isEmpty { found = (name, value) }
            }
            guard let found else { return nil }
            do {
                return try Proxy(url: found.value)
            } catch {
                throw .invalidRequest(
                    "The environment variable \(found.name) does not name a usable proxy: "
                        + NetworkingError.reason(of: error))
            }
        }
        let all = try proxy("all_proxy", "ALL_PROXY")
        let http = try proxy("http_proxy") ?? all
        let https = try proxy("https_proxy", "HTTPS_PROXY") ?? all
        guard http != nil || https != nil else { return .direct }
        var bypass = ProxyBypass.none
        if let list = first("no_proxy", "NO_PROXY") {
            do {
                bypass = try ProxyBypass(list.value)
            } catch {
                throw .invalidRequest(
                    "The environment variable \(list.name) is not a usable no-proxy list: "
                        + NetworkingError.reason(of: error))
            }
        }
        return .proxies(http: http, https: https, bypass: bypass)
    }

    /// This configuration with `.environment` replaced by what the process's environment says now.
    public func resolved() throws(NetworkingError) -> ProxyConfiguration {
        guard case .environment = self else { return self }
        return try Self.reading(ProcessEnvironment.values(Self.environmentVariables))
    }

    /// The proxy a request to `url` goes through (`nil`: direct), once resolved; `.environment`
    /// answers as the environment would now.
    public func proxy(for url: URL) -> Proxy? {
        switch self {
        case .environment:
            return (try? resolved())?.proxy(for: url)
        case .direct:
            return nil
        case .proxies(let http, let https, let bypass):
            let scheme = url.scheme?.lowercased()
            let proxy = scheme == "https" || scheme == "wss" ? https : http
            guard let proxy, let host = url.host, !bypass.bypasses(host: host) else { return nil }
            return proxy
        }
    }
}

extension NetworkingError {
    /// The reason of an `.invalidRequest`, or the error's description, to quote in another message.
    static func reason(of error: NetworkingError) -> String {
        if case .invalidRequest(let reason) = error { return sentence(reason) }
        return error.description
    }
}
