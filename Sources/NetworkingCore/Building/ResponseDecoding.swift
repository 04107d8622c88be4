import Foundation

/// Turns a successful exchange into the type the caller asked for.
package enum ResponseDecoding {
    /// Decodes the body as `T`:
    /// - `Data`: the body as it is;
    /// - `String`: the body as UTF-8 (invalid UTF-8 is a `.decoding` error);
    /// - `JSONResponse`: status, headers and the body as untyped JSON;
    /// - anything else: JSON as `decoder` decodes it (through ``TapeDecoder``, which gives the same result
    ///   faster or leaves it to `decoder`).
    ///
    /// A failure is `.decoding` with the `DecodingError` and the response metadata. An error of
    /// another kind, which only a model's own `init(from:)` throws, is a `HookFailure` at the
    /// `.decoding` stage naming `T`, riding in `.decoding` (see `NetworkingError.hookFailure`).
    package static func decode<T: Decodable>(
        _ type: T.Type, from exchange: HTTPExchange, decoder: JSONDecoder
    ) throws(NetworkingError) -> T {
        do {
            if T.self == Data.self, let data = exchange.body as? T { return data }
            if T.self == String.self {
                guard let text = String(data: exchange.body, encoding: .utf8) as? T else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: [], debugDescription: "The body is not valid UTF-8"))
                }
                return text
            }
            if T.self == JSONResponse.self {
                let response = try JSONResponse(
                    statusCode: exchange.statusCode, headers: exchange.responseHeaders,
                    data: exchange.body, decoder: decoder)
                if let response = response as? T { return response }
            }
            return try TapeDecoder.decode(T.self, from: exchange.body, using: decoder)
        } catch let error as DecodingError {
            throw .decoding(error, exchange.metadata)
        } catch {
            throw NetworkingError(error, thrownBy: T.self, at: .decoding, response: exchange.metadata)
        }
    }
}
