// The code blocks of the DocC article "Proxies, DNS and trust"
// (Sources/Networking/Networking.docc/ProxiesDNSAndTrust.md), compiled here and never run.
import Foundation
import Networking

private enum PathAndTrustSnippets {
    // "Overview": a client's path and trust.
    static func overview() throws {
        let proxied = Networking(
            baseURL: "https://api.example.com",
            networkPath: NetworkPath(proxy: .proxy(try Proxy(url: "http://proxy.internal:3128"))),
            trust: ServerTrust(certificateAuthorities: .file("/etc/myapp/private-ca.pem")))

        let client = HTTPClient(configuration: .init(networkPath: NetworkPath(proxy: .direct)))
        _ = (proxied, client)
    }

    // "Proxies".
    static func proxies(secret: String) throws {
        let socks = try Proxy(
            .socks5h, host: "127.0.0.1", port: 1080,
            credentials: ProxyCredentials(username: "build", password: secret))
        let bypass = try ProxyBypass("localhost, .internal.example, 10.0.0.0/8")
        let path = NetworkPath(proxy: .proxy(socks, bypass: bypass))
        _ = path
    }

    // "Names, sockets and addresses".
    static func names() throws {
        var local = NetworkPath(proxy: .direct)
        local.hostOverrides = [try HostOverride(host: "api.test", port: 8443, addresses: ["127.0.0.1"])]
        local.localAddress = "127.0.0.2"
        local.happyEyeballsDelay = 0.1

        let docker = Networking(
            baseURL: "http://docker",
            networkPath: NetworkPath(proxy: .direct, unixSocketPath: "/var/run/docker.sock"))
        _ = (local, docker)
    }

    // "Trust".
    static func trust(currentKey: String, backupKey: String) throws {
        let trust = ServerTrust(
            certificateAuthorities: .file("/etc/myapp/private-ca.pem"),
            pins: [try PublicKeyPins(host: "api.example.com", sha256: [currentKey, backupKey])],
            enforcement: .enforce)
        _ = trust
    }
}
