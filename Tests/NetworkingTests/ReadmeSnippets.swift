// The README's code blocks, each compiled here (never run: their hosts are examples) so that they
// keep compiling as the library changes. The behaviour they describe is tested by the other suites.
// The models (`User`, `NewUser`, `APIError`) are in DocModels.swift.
import Foundation
import Networking

private enum ReadmeSnippets {
    typealias User = DocModels.User
    typealias NewUser = DocModels.NewUser
    typealias APIError = DocModels.APIError

    // README "Quick start": the verbs and authentication.
    static func quickStart() async {
        let networking = Networking(baseURL: "https://api.example.com")

        // GET, decoded into your model
        let user: Result<User, NetworkingError> = await networking.get("/users/1")

        // POST a JSON body, decode the answer
        let created: Result<User, NetworkingError> = await networking.post("/users", body: NewUser(name: "Ada"))

        // Authenticate every following request
        await networking.setAuthorizationHeader(token: "AAAFFAAAA3DAAAAAA")
        _ = (user, created)
    }

    // README "Quick start": errors.
    static func quickStartErrors(networking: Networking) async {
        switch await networking.get("/users/1") as Result<User, NetworkingError> {
        case .success(let user):
            print("Hello, \(user.name)")
        case .failure(.http(let httpError)) where httpError.statusCode == 404:
            print("No such user")
        case .failure(.http(let httpError)):
            let apiError = try? httpError.metadata.decode(APIError.self)  // your API's error body
            print(apiError?.message ?? httpError.localizedDescription)
        case .failure(let error):
            print(error.localizedDescription, error.isRetryable ? "(worth retrying)" : "")
        }
    }
}
