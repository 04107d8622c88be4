// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Networking",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingCore", targets: ["NetworkingCore"]),
        .library(name: "NetworkingInterceptors", targets: ["NetworkingInterceptors"]),
        .library(name: "NetworkingCache", targets: ["NetworkingCache"]),
        .library(name: "NetworkingObservability", targets: ["NetworkingObservability"]),
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
        // The testing library under the name the endpoint layer's users import.
        .library(name: "NetworkTesting", targets: ["NetworkTesting"]),
        .library(name: "NetworkingCurl", targets: ["NetworkingCurl"]),
    ],
    targets: [
        .target(name: "NetworkingCore"),
        .target(name: "NetworkingInterceptors", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingCache", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingObservability", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingTesting", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkTesting", dependencies: ["NetworkingTesting"]),
        // libcurl loaded at run time (dlopen): no build-time dependency. Empty on Apple platforms.
        .target(
            name: "CCurlShim", exclude: ["verify"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(name: "NetworkingCurl", dependencies: ["NetworkingCore", "CCurlShim"]),
        // zlib loaded at run time (dlopen), for WebSocket compression: no build-time dependency.
        .target(
            name: "CZlibShim", exclude: ["verify"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // WebSockets (RFC 6455, 7692): the handshake through the pipeline, the library's own framing
        // over a transport's `ServedConnection` (NetworkingCurl's on Linux, wired by the umbrella),
        // and Foundation's WebSocket task on Apple platforms.
        .target(
            name: "NetworkingWebSockets",
            dependencies: [
                "NetworkingCore",
                // permessage-deflate (see WebSocketZlibStream.swift).
                .target(name: "CZlibShim", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "Networking",
            dependencies: [
                "NetworkingCore", "NetworkingInterceptors", "NetworkingCache", "NetworkingObservability",
                "NetworkingWebSockets",
                // The default transport on Linux (see DefaultTransport.swift); loads libcurl at run time.
                .target(name: "NetworkingCurl", condition: .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(name: "Demo", dependencies: ["Networking"], path: "Examples/Demo"),
        .executableTarget(name: "ObservabilityRecipe", dependencies: ["Networking"], path: "Examples/Observability"),
        .executableTarget(name: "TransfersRecipe", dependencies: ["Networking"], path: "Examples/Transfers"),
        .executableTarget(name: "WebSocketsRecipe", dependencies: ["Networking"], path: "Examples/WebSockets"),
        .executableTarget(
            name: "ResumableDownloadChild", dependencies: ["Networking"], path: "Tests/ResumableDownloadChild"),
        .executableTarget(
            name: "Benchmarks", dependencies: ["Networking", "NetworkingCurl", "CCurlShim"], path: "Tests/Benchmarks",
            exclude: ["nginx.conf.in", "bench.sh"]),
        // The launcher of the test servers (Tests/Harness's Python servers), for the tests and the soak.
        .target(name: "HarnessSupport", path: "Tests/HarnessSupport"),
        .testTarget(name: "NetworkingCoreTests", dependencies: ["NetworkingCore"]),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "Networking", "NetworkingTesting", "NetworkingWebSockets", "HarnessSupport",
                .target(name: "NetworkingCurl", condition: .when(platforms: [.linux])),
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "NetworkingTestingTests", dependencies: ["Networking", "NetworkingTesting"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "NetworkTestingTests", dependencies: ["Networking", "NetworkTesting"]),
        .testTarget(name: "NetworkingObservabilityTests", dependencies: ["NetworkingObservability"]),
        .executableTarget(name: "InterceptorsRecipe", dependencies: ["Networking"], path: "Examples/Interceptors"),
        .testTarget(name: "NetworkingInterceptorsTests", dependencies: ["NetworkingInterceptors"]),
        .executableTarget(name: "DownloadsRecipe", dependencies: ["Networking"], path: "Examples/Downloads"),
        .testTarget(name: "NetworkingCacheTests", dependencies: ["NetworkingCache"]),
        .executableTarget(name: "Walkthrough", dependencies: ["Networking"], path: "Examples/Walkthrough"),
        .executableTarget(name: "CurlMeasure", dependencies: ["NetworkingCurl"], path: "Tests/Tools/CurlMeasure"),
        .testTarget(
            name: "NetworkingCurlTests", dependencies: ["NetworkingCurl", "Networking", "HarnessSupport"],
            exclude: ["Fixtures"]),
        .executableTarget(
            name: "Soak",
            dependencies: [
                "Networking", "HarnessSupport",
                .target(name: "NetworkingCurl", condition: .when(platforms: [.linux])),
            ],
            path: "Tests/Soak"),
    ],
    swiftLanguageModes: [.v6]
)
