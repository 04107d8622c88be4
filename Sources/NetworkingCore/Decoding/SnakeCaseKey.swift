/// A document's key as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` turns it into the name a type
/// asks for (`"user_name"` into `"userName"`), read in place from the key's bytes.
///
/// Foundation keeps leading and trailing underscores and a key with no underscore between its words as
/// they are; otherwise it splits the words at underscores, lowercases the first and capitalizes the others
/// (a letter after a letter is lowercased, any other letter uppercased, a digit starts over). This mirrors
/// that for keys of ASCII letters and digits. A word after the first with any other byte, whose
/// capitalization depends on Unicode's case-ignorable characters, is not mirrored: ``converted(_:)`` then
/// gives `nil` and the decoder leaves the document to `JSONDecoder`.
enum SnakeCaseKey {
    /// The converted key as text, or `nil` for a key not mirrored here.
    static func converted(_ key: UnsafeBufferPointer<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.count)
        let mirrored = convert(key) { byte in
            bytes.append(byte)
            return true
        }
        return mirrored ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Whether the converted `key` is `name`; `nil` for a key not mirrored here.
    static func converted(_ key: UnsafeBufferPointer<UInt8>, equals name: UnsafeBufferPointer<UInt8>) -> Bool? {
        var offset = 0
        var equal = true
        let mirrored = convert(key) { byte in
            guard offset < name.count, name[offset] == byte else {
                equal = false
                return false
            }
            offset += 1
            return true
        }
        if !equal { return false }
        return mirrored ? offset == name.count : nil
    }

    /// Hands the converted key's bytes to `emit` until it returns `false`. Returns `false` for a key not
    /// mirrored here (having perhaps emitted part of it), `true` otherwise.
    @inline(__always)
    private static func convert(_ key: UnsafeBufferPointer<UInt8>, _ emit: (UInt8) -> Bool) -> Bool {
        let underscore = UInt8(ascii: "_")
        guard let first = key.firstIndex(where: { $0 != underscore }),
            let last = key.lastIndex(where: { $0 != underscore }),
            key[first...last].contains(underscore)
        else {
            // All underscores, or a single word: as it is.
            for byte in key where !emit(byte) { return true }
            return true
        }
        for _ in 0..<first where !emit(underscore) { return true }
        var isFirstWord = true
        var position = first
        while position <= last {
            if key[position] == underscore {
                position += 1
                continue
            }
            var isLastCased = false
            while position <= last, key[position] != underscore {
                let byte = key[position]
                let out: UInt8
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    out = isFirstWord || isLastCased ? byte + 0x20 : byte
                    isLastCased = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    out = isFirstWord || isLastCased ? byte : byte - 0x20
                    isLastCased = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    out = byte
                    isLastCased = false
                default:
                    // The first word is only lowercased, which leaves other ASCII bytes as they are.
                    guard isFirstWord else { return false }
                    out = byte
                }
                if !emit(out) { return true }
                position += 1
            }
            isFirstWord = false
        }
        for _ in (last + 1)..<key.count where !emit(underscore) { return true }
        return true
    }
}
