// The platform's image type at the edge, on Apple platforms: `UIImage` (iOS, tvOS, watchOS,
// visionOS) or `NSImage` (macOS) made from the library's `Image` where it is called, and the
// `downloadImage` and `fakeImageDownload` spellings that take or give them. Everything else about
// images is the shared `Image` value, compiled and tested on every platform.
//
// `NSImage` is not `Sendable` (AppKit: `@available(*, unavailable) extension NSImage :
// @unchecked Sendable`), so what makes or takes one is `nonisolated(nonsending)`: it runs on the
// caller's actor, and the image never crosses one. `UIImage` is `Sendable`, but is handled the same
// way, so both platforms read alike.
#if canImport(UIKit)
    import UIKit

    /// The platform's image type: `UIImage`.
    public typealias PlatformImage = UIImage

    extension Image {
        /// The image decoded by UIKit (`UIImage(data:)`, developer.apple.com/documentation/uikit/uiimage/init(data:)),
        /// made anew on each call: keep the result.
        public var uiImage: UIImage? { UIImage(data: data) }

        /// The image of `image`, encoded as PNG (`UIImage.pngData()`,
        /// developer.apple.com/documentation/uikit/uiimage/pngdata()); `nil` if UIKit cannot encode it.
        public init?(_ image: UIImage) {
            guard let png = image.pngData() else { return nil }
            self.init(data: png)
        }
    }

    extension Image {
        /// The platform image of this image, as `uiImage`.
        var platformImage: PlatformImage? { uiImage }
    }
#elseif canImport(AppKit)
    import AppKit

    /// The platform's image type: `NSImage`.
    public typealias PlatformImage = NSImage

    extension Image {
        /// The image decoded by AppKit (`NSImage(data:)`, developer.apple.com/documentation/appkit/nsimage/init(data:)),
        /// made anew on each call in the caller's isolation: keep the result on the actor that shows it.
        public var nsImage: NSImage? { NSImage(data: data) }

        /// The image of `image`, encoded as PNG through its TIFF representation
        /// (`NSImage.tiffRepresentation`, `NSBitmapImageRep(data:)`,
        /// `NSBitmapImageRep.representation(using:properties:)`, developer.apple.com/documentation/appkit/nsbitmapimagerep);
        /// `nil` if AppKit cannot encode it.
        public init?(_ image: NSImage) {
            guard let tiff = image.tiffRepresentation, let bitmap = NSBitmapImageRep(data: tiff),
                let png = bitmap.representation(using: .png, properties: [:])
            else { return nil }
            self.init(data: png)
        }
    }

    extension Image {
        /// The platform image of this image, as `nsImage`.
        var platformImage: PlatformImage? { nsImage }
    }
#endif

#if canImport(UIKit) || canImport(AppKit)
    extension Networking {
        /// Downloads the image at `path` as the platform's image (`UIImage` or `NSImage`), made on
        /// the caller's actor; otherwise as `downloadImage(_:cacheName:cachingLevel:)`.
        ///
        /// ```swift
        /// let result: Result<UIImage, NetworkingError> = await networking.downloadImage("/avatar.png")
        /// ```
        ///
        /// - Returns: the image, or `.decoding` when the body is not an image the platform decodes.
        @_disfavoredOverload
        public nonisolated(nonsending) func downloadImage(
            _ path: String, cacheName: String? = nil, cachingLevel: CachingLevel = .memoryAndFile
        ) async -> Result<PlatformImage, NetworkingError> {
            let downloaded: Result<ImageResponse, NetworkingError> = await downloadImage(
                path, cacheName: cacheName, cachingLevel: cachingLevel)
            return downloaded.flatMap { response in
                if let platform = response.image.platformImage { return .success(platform) }
                let context = DecodingError.Context(
                    codingPath: [],
                    debugDescription: "The \(response.image.format.rawValue) image at \(path) could not be decoded")
                let metadata = ResponseMetadata(
                    statusCode: response.statusCode, headers: response.headers, body: response.image.data)
                return .failure(.decoding(.dataCorrupted(context), metadata))
            }
        }

        /// The cached image for `path` (or `cacheName`) as the platform's image, made on the
        /// caller's actor; `nil` if the cache does not hold it or it is not an image.
        @_disfavoredOverload
        public nonisolated(nonsending) func imageFromCache(
            _ path: String, cacheName: String? = nil
        ) async -> PlatformImage? {
            let image: Image? = await imageFromCache(path, cacheName: cacheName)
            return image?.platformImage
        }

        /// Makes every later download of `path` return `image` encoded as PNG (status 200); an
        /// image the platform cannot encode is not registered. See `fakeImageDownload(_:image:)`.
        public nonisolated(nonsending) func fakeImageDownload(_ path: String, image: PlatformImage) async {
            guard let encoded = Image(image) else { return }
            await fakeImageDownload(path, image: encoded)
        }
    }
#endif
