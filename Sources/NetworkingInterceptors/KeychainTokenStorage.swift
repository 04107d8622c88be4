#if canImport(Security)
    import Foundation
    import Security

    /// Keeps the token in the keychain as a generic password (JSON-encoded), readable after the
    /// device's first unlock and never migrated to another device.
    ///
    /// The item lives in the data protection keychain on every Apple platform, macOS included
    /// (`kSecUseDataProtectionKeychain`, developer.apple.com/documentation/security/ksecusedataprotectionkeychain):
    /// without it macOS would use the legacy file-based keychain, where the accessibility above is
    /// ignored and other apps can be granted the item. That keychain needs the app to be signed with
    /// an application identifier (any app from Xcode is); an unsigned command-line tool gets
    /// `errSecMissingEntitlement` (-34018), thrown as `TokenStorageError.keychain`.
    ///
    /// Errors, including a locked keychain, throw `TokenStorageError.keychain` with the `OSStatus`;
    /// only a missing item reads as "no token".
    public struct KeychainTokenStorage: TokenStorage {
        /// The keychain service the item is stored under (typically your bundle identifier).
        package let service: String
        /// The account the item is stored under, to keep several tokens apart.
        package let account: String

        /// Creates a storage for the item `service`/`account`.
        public init(service: String, account: String = "token") {
            self.service = service
            self.account = account
        }

        private func baseQuery() -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
                // SecItem queries (developer.apple.com/documentation/security/keychain-services):
                // the data protection keychain on macOS too; iOS, tvOS and watchOS have no other.
                kSecUseDataProtectionKeychain as String: true,
            ]
        }

        /// Reads the token from the keychain item; a missing item means no token.
        public func loadToken() throws -> Token? {
            var query = baseQuery()
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess else { throw TokenStorageError.keychain(operation: "read", status: status) }
            guard let data = item as? Data else {
                throw TokenStorageError.corrupted(location: "keychain \(service)/\(account)", reason: "not data")
            }
            return try TokenCoding.decode(data, location: "keychain \(service)/\(account)")
        }

        /// Writes the token to the keychain item, replacing any token stored there.
        public func saveToken(_ token: Token) throws {
            let data = try TokenCoding.encode(token)
            let attributes: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let status = SecItemUpdate(baseQuery() as CFDictionary, attributes as CFDictionary)
            if status == errSecSuccess { return }
            guard status == errSecItemNotFound else {
                throw TokenStorageError.keychain(operation: "update", status: status)
            }
            let item = baseQuery().merging(attributes) { _, new in new }
            let added = SecItemAdd(item as CFDictionary, nil)
            guard added == errSecSuccess else { throw TokenStorageError.keychain(operation: "add", status: added) }
        }

        /// Deletes the keychain item; succeeds when there is none.
        public func removeToken() throws {
            let status = SecItemDelete(baseQuery() as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw TokenStorageError.keychain(operation: "delete", status: status)
            }
        }
    }
#endif
