// The code blocks of the DocC article "Downloads, images and the blob cache"
// (Sources/Networking/Networking.docc), compiled here and never run.
import Foundation
import Networking

private enum DownloadsSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // Downloads, "Overview".
    static func overview(networking: Networking) async {
        let image: Result<Image, NetworkingError> = await networking.downloadImage("/avatars/42.png")
        switch image {
        case .success(let image):
            print(image)
        case .failure(let error):
            print(error)  // bytes that are not an image (an HTML page with status 200) are .decoding, never cached
        }

        let response: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/avatars/42.png")
        if case .success(let response) = response {
            print(response.statusCode, response.headers["Content-Type"] ?? "")
        }
        let data: Result<DataResponse, NetworkingError> = await networking.downloadData("/reports/2024.pdf")
        _ = data
    }

    // Downloads, "Cancel a download".
    static func cancel(networking: Networking) async throws {
        try await networking.cancelImageDownload("/avatars/42.png")
    }

    // Downloads, "How the cache works".
    static func cache(networking: Networking) async {
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/avatars/42.png")  // network
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/avatars/42.png")  // cache
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/me.png", cacheName: "me")
        let cached: Image? = await networking.imageFromCache("/me.png", cacheName: "me")
        let bytes: Data? = await networking.dataFromCache("/reports/2024.pdf")
        let _: Result<Data, NetworkingError> = await networking.downloadData("/reports/2024.pdf", cachingLevel: .memory)
        let _: Result<Image, NetworkingError> = await networking.downloadImage("/avatars/42.png", cachingLevel: .none)
        _ = (cached, bytes)
    }

    // Downloads, "How the cache works": time to live and clearing.
    static func timeToLive() async {
        let shortLived = Networking(baseURL: "https://example.com", cacheTTL: 24 * 60 * 60)  // one day
        await shortLived.setCacheTTL(3 * 24 * 60 * 60)
        await shortLived.clearCache()  // memory and disk; reset() does it too
    }

    // Downloads, "How the cache works": your own cache.
    static func ownCache() {
        let cache = DataCache(
            directory: URL(fileURLWithPath: "/tmp/my-cache"), memoryCostLimit: 32 * 1024 * 1024,
            diskSizeLimit: 256 * 1024 * 1024, ttl: 7 * 24 * 60 * 60)
        let custom = Networking(baseURL: "https://example.com", transport: URLSessionTransport(), cache: cache)
        _ = custom
    }

    // Downloads, "Fake a download".
    static func fake(networking: Networking, pngBytes: Data) async {
        if let avatar = Image(data: pngBytes) {
            await networking.fakeImageDownload("/avatars/42.png", image: avatar)
        }
        // downloadImage("/avatars/42.png") now answers with it, without the network or the cache
    }
}
