#if canImport(Darwin)
    import Foundation

    extension URLSessionConfiguration {
        /// Copies the settings only Apple's `URLSessionConfiguration` has to `copy` (see
        /// `nonBackgroundCopy()`). Every one of them is available from iOS 16, macOS 13, tvOS 16,
        /// watchOS 9 and visionOS 1 on, below the package's minimum platforms.
        func copyAppleSettings(to copy: URLSessionConfiguration) {
            // `var waitsForConnectivity: Bool { get set }`, iOS 11.0+, macOS 10.13+, tvOS 11.0+, watchOS 4.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/waitsforconnectivity
            copy.waitsForConnectivity = waitsForConnectivity
            // `var allowsExpensiveNetworkAccess: Bool { get set }`, iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/allowsexpensivenetworkaccess
            copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
            // `var allowsConstrainedNetworkAccess: Bool { get set }`, iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/allowsconstrainednetworkaccess
            copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
            // `var tlsMinimumSupportedProtocolVersion: tls_protocol_version_t { get set }`,
            // iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/tlsminimumsupportedprotocolversion
            copy.tlsMinimumSupportedProtocolVersion = tlsMinimumSupportedProtocolVersion
            // `var tlsMaximumSupportedProtocolVersion: tls_protocol_version_t { get set }`,
            // iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/tlsmaximumsupportedprotocolversion
            copy.tlsMaximumSupportedProtocolVersion = tlsMaximumSupportedProtocolVersion
            // `var requiresDNSSECValidation: Bool { get set }`, iOS 16.0+, macOS 13.0+, tvOS 16.0+, watchOS 9.0+
            // developer.apple.com/documentation/foundation/urlsessionconfiguration/requiresdnssecvalidation
            copy.requiresDNSSECValidation = requiresDNSSECValidation
        }
    }
#endif
