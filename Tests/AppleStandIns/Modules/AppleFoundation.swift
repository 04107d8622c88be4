// swift-format-ignore-file
// (The declarations keep the SDK's names, which are not lowerCamelCase.)
// Stand-in for what Apple's Foundation has and swift-corelibs-foundation lacks or marks
// unavailable, for the Apple stand-in type-check (Tests/AppleStandIns/check.sh). On Apple platforms
// `import Foundation` also brings CoreFoundation, CFNetwork and Security's types (the Security
// stand-in, re-exported here).
// Bodies are never run: this module is only type-checked against.
@_exported import Security

// CFNetwork's proxy dictionary keys, which Foundation re-exports on Apple platforms.
/// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpenable (macOS 10.6+, iOS 2+)
public var kCFNetworkProxiesHTTPEnable: CFString { fatalError() }
/// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpproxy
public var kCFNetworkProxiesHTTPProxy: CFString { fatalError() }
/// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpport
public var kCFNetworkProxiesHTTPPort: CFString { fatalError() }

// The keys the iOS, tvOS and watchOS SDKs mark unavailable (only macOS's CFNetwork declares them).
#if STANDIN_MACOS
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpsenable (macOS only)
    public var kCFNetworkProxiesHTTPSEnable: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpsproxy (macOS only)
    public var kCFNetworkProxiesHTTPSProxy: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxieshttpsport (macOS only)
    public var kCFNetworkProxiesHTTPSPort: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxiessocksenable (macOS only)
    public var kCFNetworkProxiesSOCKSEnable: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxiessocksproxy (macOS only)
    public var kCFNetworkProxiesSOCKSProxy: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxiessocksport (macOS only)
    public var kCFNetworkProxiesSOCKSPort: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxiesexceptionslist (macOS only)
    public var kCFNetworkProxiesExceptionsList: CFString { fatalError() }
    /// https://developer.apple.com/documentation/cfnetwork/kcfnetworkproxiesexcludesimplehostnames (macOS only)
    public var kCFNetworkProxiesExcludeSimpleHostnames: CFString { fatalError() }
#endif

// MARK: Foundation's members of Security types (corelibs declares them unavailable)

/// https://developer.apple.com/documentation/foundation/nsurlauthenticationmethodservertrust
public let NSURLAuthenticationMethodServerTrust: String = ""

extension URLProtectionSpace {
    /// https://developer.apple.com/documentation/foundation/urlprotectionspace/servertrust
    public var serverTrust: SecTrust? { fatalError() }
}

extension URLCredential {
    /// https://developer.apple.com/documentation/foundation/urlcredential/init(trust:)
    public convenience init(trust: SecTrust) { fatalError() }
}
