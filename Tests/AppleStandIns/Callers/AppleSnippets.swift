// The documentation's code blocks that only Apple platforms can compile (they name UIKit's types),
// as twins for Tests/Harness/check-doc-snippets.py; the Apple stand-in type-check compiles them
// for iOS, tvOS and watchOS.
#if canImport(UIKit)
    import Networking
    import UIKit

    @MainActor
    func downloadsAvatarAsUIImage(networking: Networking) async -> UIImage? {
        let avatar: Result<UIImage, NetworkingError> = await networking.downloadImage("/avatars/42.png")
        return try? avatar.get()
    }
#endif
