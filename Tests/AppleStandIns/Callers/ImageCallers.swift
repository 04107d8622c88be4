// How an app's main-actor code calls the image API on Apple platforms: compiled by the Apple
// stand-in type-check (Tests/AppleStandIns/check.sh) for each platform, so that a signature that
// cannot be called from the main actor (a non-Sendable image crossing an actor) fails there.
import Networking

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

@MainActor
final class AvatarController {
    let networking = Networking(baseURL: "https://example.com")
    var shown: PlatformImage?
    var pixels = 0

    func load() async {
        // The README's form: the shared `Image` value.
        let result: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
        if case .success(let image) = result {
            pixels = image.pixelWidth * image.pixelHeight
            shown = platformImage(of: image)
        }
        // With the response's status and headers.
        let response: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/image/png")
        if case .success(let value) = response { pixels = value.statusCode }
        // The platform's image, made on this actor.
        let platform: Result<PlatformImage, NetworkingError> = await networking.downloadImage(
            "/image/png", cachingLevel: .memory)
        if case .success(let image) = platform { shown = image }
        shown = await networking.imageFromCache("/image/png")
        let cached: Image? = await networking.imageFromCache("/image/png")
        pixels = cached?.pixelHeight ?? 0
    }

    func fake(_ pig: PlatformImage) async {
        await networking.fakeImageDownload("/image/png", image: pig)
        if let value = Image(pig) { await networking.fakeImageDownload("/image/png", image: value) }
    }

    private func platformImage(of image: Image) -> PlatformImage? {
        #if canImport(UIKit)
            return image.uiImage
        #elseif canImport(AppKit)
            return image.nsImage
        #endif
    }
}

/// An image value handed to another task: `Image` and `ImageResponse` are `Sendable` everywhere.
func handOff(_ image: Image, _ response: ImageResponse) async -> Int {
    await Task.detached { image.pixelWidth + response.image.pixelHeight }.value
}
