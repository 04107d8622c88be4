import Foundation

extension HARDocument {
    /// The HAR file at `url`; throws a `FixtureError` naming the file and saying what is wrong
    /// (it cannot be read, is not JSON, or which field is missing or of the wrong kind, by its
    /// path: `log.entries[2].response.status is missing`).
    static func read(from url: URL) throws(FixtureError) -> HARDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError("the HAR file \(url.path) cannot be read: \(error.localizedDescription)")
        }
        do {
            return try decode(data)
        } catch {
            throw FixtureError("the HAR file \(url.path) is not valid: \(error.reason)")
        }
    }

    /// The HAR document `data` holds, or what is wrong with it.
    static func decode(_ data: Data) throws(Problem) -> HARDocument {
        do {
            return try JSONDecoder().decode(HARDocument.self, from: data)
        } catch let error as DecodingError {
            throw Problem(error)
        } catch {
            throw Problem(reason: "\(error.localizedDescription)")
        }
    }

    /// What is wrong with a HAR document, as a phrase naming the field.
    struct Problem: Error {
        /// The phrase: "log.entries[2].response.status is missing".
        let reason: String

        init(reason: String) { self.reason = reason }

        /// The phrase for a decoding error, naming the field by its path.
        init(_ error: DecodingError) {
            switch error {
            case .keyNotFound(let key, let context):
                reason = "\(Self.path(context.codingPath + [key])) is missing"
            case .valueNotFound(_, let context):
                reason = "\(Self.path(context.codingPath)) is null"
            case .typeMismatch(let type, let context):
                reason = "\(Self.path(context.codingPath)) is not \(Self.kind(type))"
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                reason = "it is not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
            case .dataCorrupted(let context):
                reason = "\(Self.path(context.codingPath)) is not valid: \(context.debugDescription)"
            @unknown default:
                reason = "\(error)"
            }
        }

        /// `log.entries[2].response`, or `the document` for the top level.
        static func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the document" : text
        }

        /// What a value of `type` is called in JSON.
        private static func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Int.Type: "a whole number"
            case is Double.Type: "a number"
            case is Bool.Type: "true or false"
            default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
            }
        }
    }
}
