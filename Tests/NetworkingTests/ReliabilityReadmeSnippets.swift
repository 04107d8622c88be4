// Compiled examples of the response-bounding and trust settings that docs/Reliability.md and the
// "Linux" article describe. They are never run; FaultInjectionTests and SecurityTests prove the behaviour.
import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum ReliabilityReadmeSnippets {
    static func boundingResponses() async {
        // At most 8 MiB of body in memory (the default is 128 MiB), and a 30 s idle timeout.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        let transport = URLSessionTransport(configuration: configuration, maxResponseBodySize: 8 * 1024 * 1024)
        let networking = Networking(baseURL: "https://api.example.com", transport: transport)

        let result: Result<Data, NetworkingError> = await networking.downloadData("/export")
        if case .failure(.transport(let error)) = result, error.code == .dataLengthExceedsMaximum {
            print("the export is larger than 8 MiB")
        }
    }

    static func redirects() {
        // https → http redirects are refused unless you opt in.
        let lenient = URLSessionTransport(redirectPolicy: RedirectPolicy(allowsInsecureDowngrade: true))
        // More headers to strip when a redirect leaves the origin.
        let strict = URLSessionTransport(
            redirectPolicy: RedirectPolicy(
                sensitiveHeaders: ["Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key"]))
        _ = (lenient, strict)
    }

    static func redactedLogs(networking: Networking) async {
        // Release builds redact by default; redact in debug builds too.
        await networking.setRedactsLogs(true)
        await networking.setRedactedHeaderFields(networking.redactedHeaderFields.union(["X-Api-Key"]))
    }
}
