// swift-tools-version: 6.2
// An app as Xcode 26 creates it, depending on this repository: every target is isolated to the main
// actor by default, and the models of the documentation are declared plainly (`struct User: Codable`),
// so their conformances are main-actor isolated. `make test` builds it and runs its tests against the
// local httpbin. One target adds the two upcoming features of "approachable concurrency", the other
// has default isolation alone; both compile the documentation's snippet files (linked from the main
// package's tests) beside the runtime checks in Shared.
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
        .testTarget(
            name: "ApproachableTests", dependencies: dependencies, resources: [.copy("Fixtures")],
            swiftSettings: mainActorByDefault + approachableConcurrency),
        .testTarget(
            name: "MainActorOnlyTests", dependencies: dependencies, resources: [.copy("Fixtures")],
            swiftSettings: mainActorByDefault),
    ],
    swiftLanguageModes: [.v6]
)
