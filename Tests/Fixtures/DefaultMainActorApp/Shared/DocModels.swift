// The models of README "Quick start" and of the "Getting started" article, declared as an app target
// declares them: no `Sendable`, no `nonisolated`. In this package's targets (default isolation
// `MainActor`) their `Codable` conformances are isolated to the main actor. The snippet files linked
// beside this one name them through `DocModels`, as in the main package's tests.
import Foundation

enum DocModels {
    struct User: Codable, Equatable {
        let id: Int
        let name: String
    }

    struct NewUser: Encodable {
        let name: String
    }

    struct APIError: Error, Codable {
        let message: String
    }
}
