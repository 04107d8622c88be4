// Downloading and caching an image against a local httpbin: `make demo` starts one and sets HTTPBIN_BASE_URL.
import Foundation
import Networking

let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_BASE_URL"] ?? "http://127.0.0.1:8080"

/// Prints where each response came from: the network or the cache.
struct CacheReporter: RequestObserver {
    func requestStarted(_ context: RequestContext) {}

    func requestCompleted(_ completion: RequestCompletion) {
        let source = completion.metrics?.isFromCache == true ? "cache" : "network"
        print("    \(completion.context.method) \(completion.context.url?.path ?? "?") ← \(source)")
    }
}

func describe(_ image: Image) -> String {
    #if canImport(UIKit) || canImport(AppKit)
        return "\(image.size)"
    #else
        return "\(image.format) \(image.pixelWidth)×\(image.pixelHeight), \(image.data.count) bytes"
    #endif
}

// Downloads stay on disk until unused for a day (the default is 7 days).
let networking = Networking(baseURL: baseURL, cacheTTL: 24 * 60 * 60)
await networking.addObserver(CacheReporter())
await networking.clearCache()  // start empty, so the first download goes to the network

print("1. Download an image (network)")
let first: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
switch first {
case .success(let image): print("  ✓ \(describe(image))")
case .failure(let error): print("  ✗ \(error.localizedDescription)")
}

print("2. Download it again (cache), with the status and headers")
let second: Result<ImageResponse, NetworkingError> = await networking.downloadImage("/image/png")
if case .success(let response) = second {
    print("  ✓ status \(response.statusCode), Content-Type \(response.headers["Content-Type"] ?? "?")")
}

print("3. Read the cache without touching the network")
if let cached = await networking.imageFromCache("/image/png") { print("  ✓ \(describe(cached))") }

print("4. An HTML page is not an image: a decoding error, and nothing is cached")
let html: Result<Image, NetworkingError> = await networking.downloadImage("/html")
if case .failure(let error) = html { print("  ✓ \(error.localizedDescription)") }
print("  cached: \(await networking.dataFromCache("/html") != nil)")

print("5. Clear the cache (memory and disk); the next download goes to the network")
await networking.clearCache()
print("  cached: \(await networking.imageFromCache("/image/png") != nil)")
let third: Result<Image, NetworkingError> = await networking.downloadImage("/image/png")
if case .success(let image) = third { print("  ✓ \(describe(image))") }

print("6. HTTP caching for the verbs: an ETag revalidated with If-None-Match, a 304 served from the cache")
await networking.setResponseCache(ResponseCache(defaultMaxAge: 0, directory: nil))
for _ in 0..<2 {
    let result: Result<JSONResponse, NetworkingError> = await networking.get("/etag/recipe")
    if case .success(let response) = result { print("  ✓ status \(response.statusCode)") }
}

await networking.clearCache()
