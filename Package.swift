// swift-tools-version: 6.0
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
    ],
    targets: [
        .target(name: "NetworkingCore"),
        .target(name: "NetworkingInterceptors", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingCache", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingObservability", dependencies: ["NetworkingCore"]),
        .target(name: "NetworkingTesting", dependencies: ["NetworkingCore"]),
        .target(
            name: "Networking",
            dependencies: [
                "NetworkingCore", "NetworkingInterceptors", "NetworkingCache", "NetworkingObservability",
            ]
        ),
        .executableTarget(name: "Demo", dependencies: ["Networking"], path: "Examples/Demo"),
        .executableTarget(name: "ObservabilityRecipe", dependencies: ["Networking"], path: "Examples/Observability"),
        .testTarget(name: "NetworkingCoreTests", dependencies: ["NetworkingCore"]),
        .testTarget(
            name: "NetworkingTests", dependencies: ["Networking", "NetworkingTesting"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "NetworkingTestingTests", dependencies: ["Networking", "NetworkingTesting"]),
        .testTarget(name: "NetworkingObservabilityTests", dependencies: ["NetworkingObservability"]),
        .executableTarget(name: "InterceptorsRecipe", dependencies: ["Networking"], path: "Examples/Interceptors"),
        .testTarget(name: "NetworkingInterceptorsTests", dependencies: ["NetworkingInterceptors"]),
        .executableTarget(name: "DownloadsRecipe", dependencies: ["Networking"], path: "Examples/Downloads"),
        .testTarget(name: "NetworkingCacheTests", dependencies: ["NetworkingCache"]),
        .executableTarget(name: "Soak", dependencies: ["Networking"], path: "Tests/Soak"),
    ],
    swiftLanguageModes: [.v6]
)
