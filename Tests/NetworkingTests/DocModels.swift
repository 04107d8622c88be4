// The models the README and the DocC articles share (README "Quick start"). Every snippet twin in
// this target uses these (through the typealiases of `DocSnippet`), so the documents cannot drift
// into different `User` or `APIError` types. They are namespaced because the endpoint tests have
// models of the same names.
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

/// Gives a snippet container the documents' model names.
protocol DocSnippet {}

extension DocSnippet {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError
}
