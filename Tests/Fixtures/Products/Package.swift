// swift-tools-version: 6.2
// Programs that depend on NetworkingCore and at most one satellite, never on the umbrella: each
// composes a client from `Pipeline` and the products it names, and does real requests against the
// local httpbin. `make products` builds them with SwiftPM's check that a target imports only what
// it depends on, then runs each; one package, so the library is built once for all five.
import Foundation
import PackageDescription

// A package depended on by path is named after its directory, whatever the checkout is called.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
let networking = repository.standardizedFileURL.lastPathComponent.lowercased()

/// An executable that depends on NetworkingCore, the given products, and the fixtures' checks.
func program(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["Check"] + (["NetworkingCore"] + products).map { .product(name: $0, package: networking) })
}

let package = Package(
    name: "Products",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    dependencies: [.package(path: "../../..")],
    targets: [
        // What every program shares: reading the server's address and failing loudly.
        .target(name: "Check"),
        program("CoreAlone", []),
        program("CoreAndInterceptors", ["NetworkingInterceptors"]),
        program("CoreAndCache", ["NetworkingCache"]),
        program("CoreAndObservability", ["NetworkingObservability"]),
        program("CoreAndTesting", ["NetworkingTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
