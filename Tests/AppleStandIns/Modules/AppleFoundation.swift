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

// MARK: URLSessionConfiguration's settings that only Apple's Foundation has (corelibs lacks them,
// or declares them unavailable)

extension URLSessionConfiguration {
    /// `var waitsForConnectivity: Bool { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/waitsforconnectivity
    @available(macOS 10.13, iOS 11.0, tvOS 11.0, watchOS 4.0, visionOS 1.0, *)
    public var waitsForConnectivity: Bool {
        get { fatalError() }
        set { fatalError() }
    }

    /// `var allowsExpensiveNetworkAccess: Bool { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/allowsexpensivenetworkaccess
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var allowsExpensiveNetworkAccess: Bool {
        get { fatalError() }
        set { fatalError() }
    }

    /// `var allowsConstrainedNetworkAccess: Bool { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/allowsconstrainednetworkaccess
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var allowsConstrainedNetworkAccess: Bool {
        get { fatalError() }
        set { fatalError() }
    }

    /// `var tlsMinimumSupportedProtocolVersion: tls_protocol_version_t { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/tlsminimumsupportedprotocolversion
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var tlsMinimumSupportedProtocolVersion: tls_protocol_version_t {
        get { fatalError() }
        set { fatalError() }
    }

    /// `var tlsMaximumSupportedProtocolVersion: tls_protocol_version_t { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/tlsmaximumsupportedprotocolversion
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var tlsMaximumSupportedProtocolVersion: tls_protocol_version_t {
        get { fatalError() }
        set { fatalError() }
    }

    /// `var requiresDNSSECValidation: Bool { get set }`
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/requiresdnssecvalidation
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public var requiresDNSSECValidation: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}
