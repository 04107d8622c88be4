#if os(Linux)
    import Foundation
    import NetworkingCore

    /// The loopback proxies `Tests/Harness/proxies.sh` starts beside httpbin (`make test`, and
    /// `eval "$(make -s httpbin)"`): their URLs, logs and credentials come from its `PROXY_*`
    /// variables. Without them the tests fail, never skip.
    enum ProxyHarness {
        struct Missing: Error, CustomStringConvertible {
            let name: String
            var description: String {
                "\(name) is not set: the proxy tests need the proxies of Tests/Harness/proxies.sh "
                    + "(make test starts them, and so does eval \"$(make -s httpbin)\")"
            }
        }

        static func value(_ name: String) throws -> String {
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
                throw Missing(name: name)
            }
            return value
        }

        /// The open HTTP proxy (tinyproxy).
        static func httpProxy() throws -> Proxy { try Proxy(url: value("PROXY_HTTP_URL")) }

        /// The HTTP proxy that asks for Basic credentials, with `password` (the right one by default).
        static func authProxy(password: String? = nil) throws -> Proxy {
            let bare = try Proxy(url: value("PROXY_AUTH_URL"))
            let credentials = try ProxyCredentials(
                username: value("PROXY_USER"), password: password ?? value("PROXY_PASSWORD"))
            return try Proxy(.http, host: bare.host, port: bare.port, credentials: credentials)
        }

        /// The SOCKS5 proxy (microsocks) as `kind`, with `password` (the right one by default).
        static func socksProxy(_ kind: Proxy.Kind, password: String? = nil) throws -> Proxy {
            let bare = try Proxy(url: value("PROXY_SOCKS_URL"))
            let credentials = try ProxyCredentials(
                username: value("PROXY_USER"), password: password ?? value("PROXY_PASSWORD"))
            return try Proxy(kind, host: bare.host, port: bare.port, credentials: credentials)
        }

        /// What the proxy whose log is named by the variable `name` has logged so far.
        static func log(_ name: String) throws -> String {
            try String(contentsOfFile: value(name), encoding: .utf8)
        }
    }
#endif
