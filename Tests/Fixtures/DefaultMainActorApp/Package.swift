// swift-tools-version: 6.2
// An app as Xcode 26 creates it, depending on this repository: every target is isolated to the main
// actor by default, and the models of the documentation are declared plainly (`struct User: Codable`),
// so their conformances are main-actor isolated. `make test` builds it and runs its tests against the
// local httpbin. The app target (App) holds the models and AppTests, a test target as Xcode makes one
// (not isolated by default), the documentation's test files, which reach them with `@testable import
// App`. Two more test targets compile the documentation's snippet files (linked from the main package's
// tests) beside the runtime checks in Shared: one adds the two upcoming features of "approachable
// concurrency", the other has default isolation alone.
import Foundation
import PackageDescription

// A package depended on by path is named after its directory, whatever the checkout is called.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
let networking = repository.standardizedFileURL.lastPathComponent.lowercased()

let dependencies: [Target.Dependency] = [
    .product(name: "Networking", package: networking),
    .product(name: "NetworkingTesting", package: networking),
]
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "DefaultMainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    dependencies: [.package(path: "../../..")],
    targets: [
        // The app, as Xcode makes one: its models (Sources/App) isolated to the main actor by default.
        .executableTarget(
            name: "App", dependencies: [.product(name: "Networking", package: networking)],
            swiftSettings: mainActorByDefault),
        // Its tests, as Xcode makes a test target: not isolated by default, so the documentation's tests
        // reach the app's main-actor-isolated models from `@MainActor` tests (TestTargetSnippets.swift).
        .testTarget(
            name: "AppTests", dependencies: ["App", .product(name: "NetworkingTesting", package: networking)],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ApproachableTests", dependencies: dependencies, resources: [.copy("Fixtures")],
            swiftSettings: mainActorByDefault + approachableConcurrency),
        .testTarget(
            name: "MainActorOnlyTests", dependencies: dependencies, resources: [.copy("Fixtures")],
            swiftSettings: mainActorByDefault),
    ],
    swiftLanguageModes: [.v6]
)
