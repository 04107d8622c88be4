import Foundation
import Networking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One way of fetching a resource, timed side by side with the others.
struct Client: Sendable {
    /// Short key used in `bench-results.json` (`raw`, `rawNoCache`, `networking`, …).
    let key: String
    /// Fetches the resource once; throws on any failure, so a broken client never looks fast.
    let fetch: @Sendable () async throws -> Void
    /// Runs before each timed fetch, untimed (emptying a cache tier, say).
    var prepare: (@Sendable () -> Void)? = nil
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

/// Builds the clients the scenarios compare.
enum Clients {
    /// `URLSessionConfiguration.default` as an app would use it: shared URLCache and cookie jar.
    static func rawConfiguration(protocolClass: AnyClass? = nil) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        if let protocolClass { configuration.protocolClasses = [protocolClass] }
        return configuration
    }

    /// The same without URLCache and cookies: the cheapest URLSession can be.
    static func noCacheConfiguration(protocolClass: AnyClass? = nil) -> URLSessionConfiguration {
        let configuration = rawConfiguration(protocolClass: protocolClass)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    /// `session.data(for:)`, once more when it times out. URLSession on Linux now and then leaves a request
    /// unanswered until its timeout (seen once in the new-connection scenario, where the server closes
    /// after every response); a baseline's rare hang is said on stderr and retried rather than ending the
    /// run, and any other failure names the client.
    private static func fetchRetryingATimeout(
        _ session: URLSession, _ request: URLRequest, key: String
    ) async throws -> (Data, URLResponse) {
        do {
            return try await session.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            FileHandle.standardError.write(Data("\(key): URLSession timed out; retrying once\n".utf8))
        } catch {
            throw BenchmarkFailure(description: "\(key): \(error)")
        }
        do {
            return try await session.data(for: request)
        } catch {
            throw BenchmarkFailure(description: "\(key): \(error) (after a timeout)")
        }
    }

    /// Raw URLSession: `data(for:)`, a status check and `JSONDecoder`.
    static func raw<T: Decodable & Sendable>(
        _ key: String, configuration: URLSessionConfiguration, url: URL, as type: T.Type
    ) -> Client {
        let session = URLSession(configuration: configuration)
        let request = URLRequest(url: url)
        return Client(key: key) {
            let (data, response) = try await fetchRetryingATimeout(session, request, key: key)
            guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                throw BenchmarkFailure(description: "\(key): unexpected response \(response)")
            }
            if T.self == Data.self {
                guard data.count > 0 else { throw BenchmarkFailure(description: "\(key): empty body") }
            } else {
                _ = try JSONDecoder().decode(T.self, from: data)
            }
        }
    }

    /// `Networking.get` decoding the same type.
    static func networking<T: Decodable & Sendable>(
        _ key: String, _ networking: Networking, path: String, as type: T.Type, cachingLevel: CachingLevel = .none
    ) -> Client {
        Client(key: key) {
            let result: Result<T, NetworkingError> = await networking.get(path, cachingLevel: cachingLevel)
            if case .failure(let error) = result { throw BenchmarkFailure(description: "\(key): \(error)") }
        }
    }

    /// `downloadData` (or `downloadImage`) of `path` at `cachingLevel`, from the client `make`
    /// returns for each fetch (the same one, or a fresh instance for a disk hit).
    static func download(
        _ key: String, path: String, image: Bool, cachingLevel: CachingLevel,
        _ make: @escaping @Sendable () -> Networking
    ) -> Client {
        Client(key: key) {
            let networking = make()
            let count: Int
            if image {
                let result: Result<Image, NetworkingError> = await networking.downloadImage(
                    path, cachingLevel: cachingLevel)
                count = try result.mapError { BenchmarkFailure(description: "\(key): \($0)") }.get().data.count
            } else {
                let result: Result<Data, NetworkingError> = await networking.downloadData(
                    path, cachingLevel: cachingLevel)
                count = try result.mapError { BenchmarkFailure(description: "\(key): \($0)") }.get().count
            }
            guard count > 0 else { throw BenchmarkFailure(description: "\(key): empty body") }
        }
    }

    /// The same request through a `Pipeline` called directly, without the actor.
    static func pipeline<T: Decodable & Sendable>(
        _ key: String, _ pipeline: Pipeline, path: String, as type: T.Type
    ) -> Client {
        Client(key: key) {
            let result = await pipeline.send(HTTPRequest(method: .get, path: path)).decoded {
                (exchange) throws(NetworkingError) -> T in
                try ResponseDecoding.decode(T.self, from: exchange, decoder: pipeline.decoder)
            }
            if case .failure(let error) = result { throw BenchmarkFailure(description: "\(key): \(error)") }
        }
    }
}
