// A SwiftUI file that imports Networking, as an app writes it: SwiftUI's `Image(systemName:)` and
// the library's image in one file. Compiled by the Apple stand-in type-check for each platform.
import Networking
import SwiftUI

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

@MainActor
final class AvatarModel {
    let networking = Networking(baseURL: "https://example.com")
    var symbol = Image(systemName: "person.crop.circle")
    var downloaded: Networking.Image?
    var same: NetworkingImage?

    func load() async {
        let result: Result<Networking.Image, NetworkingError> = await networking.downloadImage("/image/png")
        if case .success(let image) = result {
            downloaded = image
            same = image
            #if canImport(UIKit)
                if let platform = image.uiImage { symbol = SwiftUI.Image(uiImage: platform) }
            #elseif canImport(AppKit)
                if let platform = image.nsImage { symbol = SwiftUI.Image(nsImage: platform) }
            #endif
        }
    }
}
