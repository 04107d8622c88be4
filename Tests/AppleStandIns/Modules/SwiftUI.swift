// Stand-in for Apple's SwiftUI, for the Apple stand-in type-check (Tests/AppleStandIns/check.sh):
// only what shows whether the library's names collide with SwiftUI's in a file importing both
// (`SwiftUI.Image`). Bodies are never run.
#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

/// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: Equatable, Sendable {
    #if canImport(UIKit)
        /// https://developer.apple.com/documentation/swiftui/image/init(uiimage:)
        public init(uiImage: UIImage) {}
    #elseif canImport(AppKit)
        /// https://developer.apple.com/documentation/swiftui/image/init(nsimage:)
        public init(nsImage: NSImage) {}
    #endif
    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) {}
}
