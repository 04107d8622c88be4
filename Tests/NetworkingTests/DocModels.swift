// The models the README and the DocC articles share: the models blocks of README "Quick start" and
// of the "Getting started" article. Every snippet twin in this target uses these (each container
// names them with typealiases), so the documents cannot drift into different `User` or `APIError`
// types. They are namespaced because the endpoint tests have models of the same names.
import Foundation

enum DocModels {
    struct User: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    struct NewUser: Encodable, Sendable {
        let name: String
    }

    struct APIError: Error, Codable, Sendable {
        let message: String
    }
}
