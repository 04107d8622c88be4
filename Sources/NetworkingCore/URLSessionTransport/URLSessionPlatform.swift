/// Which Foundation a `URLSession` is: what its delegate calls and session settings do differs
/// between Apple's platforms and swift-corelibs-foundation, and the transport's decisions take the
/// platform as a parameter, so that the tests on Linux cover the Apple answers too.
enum URLSessionPlatform: Sendable, Hashable, CaseIterable {
    /// macOS: Apple's Foundation, with the whole `connectionProxyDictionary` vocabulary.
    case macOS
    /// iOS, iPadOS, Mac Catalyst, tvOS, watchOS and visionOS: Apple's Foundation, whose
    /// `connectionProxyDictionary` documents the HTTP proxy keys only.
    case appleDevices
    /// swift-corelibs-foundation (Linux and the other platforms without Apple's Foundation):
    /// URLSession over libcurl, which reads proxies from the environment, has no background sessions
    /// and answers authentication challenges its own way.
    case corelibs

    /// The platform this code was built for.
    static var current: URLSessionPlatform {
        #if os(macOS)
            .macOS
        #elseif canImport(Darwin)
            .appleDevices
        #else
            .corelibs
        #endif
    }

    /// Whether this is Apple's Foundation.
    var isApple: Bool { self != .corelibs }
}
