// Stand-in for Apple's os module (unified logging), for the Apple stand-in type-check
// (Tests/AppleStandIns/check.sh): the declarations the library uses, transcribed from Apple's
// documentation. The string interpolation takes a privacy per value, as the real `OSLogMessage`.
// Bodies are never run.

/// https://developer.apple.com/documentation/os/logger (macOS 11+, iOS 14+, tvOS 14+, watchOS 7+)
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct Logger: @unchecked Sendable {
    /// https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {}
    /// https://developer.apple.com/documentation/os/logger/error(_:)
    public func error(_ message: OSLogMessage) {}
    /// https://developer.apple.com/documentation/os/logger/info(_:)
    public func info(_ message: OSLogMessage) {}
    /// https://developer.apple.com/documentation/os/logger/debug(_:)
    public func debug(_ message: OSLogMessage) {}
    /// https://developer.apple.com/documentation/os/logger/notice(_:)
    public func notice(_ message: OSLogMessage) {}
    /// https://developer.apple.com/documentation/os/logger/fault(_:)
    public func fault(_ message: OSLogMessage) {}
}

/// https://developer.apple.com/documentation/os/oslogmessage
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: OSLogInterpolation) {}
}

/// https://developer.apple.com/documentation/os/osloginterpolation
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    /// https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-1ee4g
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}
    /// https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:format:align:privacy:)-5dk3m
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int, align: OSLogIntegerFormatting = .decimal,
        privacy: OSLogPrivacy = .auto
    ) {}
}

/// https://developer.apple.com/documentation/os/oslogstringalignment
public struct OSLogStringAlignment: Sendable {
    public static var none: OSLogStringAlignment { fatalError() }
}

/// https://developer.apple.com/documentation/os/oslogintegerformatting
public struct OSLogIntegerFormatting: Sendable {
    public static var decimal: OSLogIntegerFormatting { fatalError() }
}

/// https://developer.apple.com/documentation/os/oslogprivacy
public struct OSLogPrivacy: Equatable, Sendable {
    /// https://developer.apple.com/documentation/os/oslogprivacy/mask
    public enum Mask: Equatable, Sendable {
        case hash
        case none
    }
    public static var auto: OSLogPrivacy { fatalError() }
    public static var `public`: OSLogPrivacy { fatalError() }
    public static var `private`: OSLogPrivacy { fatalError() }
    public static var sensitive: OSLogPrivacy { fatalError() }
    public static func `private`(mask: Mask) -> OSLogPrivacy { fatalError() }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { fatalError() }
    public static func auto(mask: Mask) -> OSLogPrivacy { fatalError() }
}
