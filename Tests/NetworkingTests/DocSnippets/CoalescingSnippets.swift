import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Making requests and bodies, "Share one transfer among identical requests".
private enum CoalescingSnippets {
    typealias User = DocModels.User

    static func sharedTransfer(networking: Networking) async {
        await networking.setCoalescesRequests(true)

        async let profile: Result<User, NetworkingError> = networking.get("/me")
        async let raw: Result<Data, NetworkingError> = networking.get("/me")
        let (user, bytes) = await (profile, raw)  // one GET /me reached the server

        let client = HTTPClient(configuration: .init(coalescesRequests: true))
        _ = (user, bytes, client)
    }
}
