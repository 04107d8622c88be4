import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads environment variables of the process one at a time.
///
/// `ProcessInfo.processInfo.environment` copies the whole environment into a dictionary on every
/// read (about 75 µs on Linux): too much for a client created per request, which needs two or
/// three variables.
package enum ProcessEnvironment {
    /// The value of the variable `name`, or `nil` when it is not set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, with their values.
    package static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = value(name) { values[name] = value }
        }
        return values
    }
}
