import Foundation

/// How `ReplayingTransport` compares request bodies: equal bytes, or equal after normalising what
/// legitimately changes between runs.
enum BodyMatching {
    /// A canonical form of `body` sent under `contentType`:
    /// - an empty body and no body are the same;
    /// - a multipart body has its boundary (random per request) replaced by a fixed token;
    /// - a JSON body is re-serialised with sorted keys, so key order does not matter;
    /// - anything else is compared byte for byte.
    static func canonical(_ body: Data, contentType: String?) -> Data {
        guard !body.isEmpty else { return Data() }
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/"), let boundary = boundary(in: contentType ?? "") {
            return replacing(Data(boundary.utf8), with: Data("BOUNDARY".utf8), in: body)
        }
        let first = body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        if type.contains("json") || first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        {
            return sorted
        }
        return body
    }

    /// The `boundary` parameter of a multipart content type.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";") {
            let pair = parameter.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix("boundary=") else { continue }
            let value = pair.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func replacing(_ target: Data, with replacement: Data, in data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let range = data.range(of: target, in: index..<data.endIndex) {
            result.append(data[index..<range.lowerBound])
            result.append(replacement)
            index = range.upperBound
        }
        result.append(data[index..<data.endIndex])
        return result
    }
}
