// swift-format-ignore-file
// (The declarations keep the SDK's names, which are not lowerCamelCase.)
// Stand-in for Apple's Security framework, for the Apple stand-in type-check
// (Tests/AppleStandIns/check.sh): the declarations the library uses, transcribed from Apple's
// documentation (signature, availability, Sendable) with the page each came from. Bodies are
// never run.
@_exported import Foundation
@_exported import FoundationNetworking

// The CoreFoundation types Security and Foundation use, stood in by their toll-free-bridged
// Foundation classes, so that `as CFDictionary` and `as? [CFString: Any]` type-check as on Apple
// platforms.
/// https://developer.apple.com/documentation/corefoundation/cfstring (toll-free bridged with NSString)
public typealias CFString = NSString
/// https://developer.apple.com/documentation/corefoundation/cfdata (toll-free bridged with NSData)
public typealias CFData = NSData
/// https://developer.apple.com/documentation/corefoundation/cfarray (toll-free bridged with NSArray)
public typealias CFArray = NSArray
/// https://developer.apple.com/documentation/corefoundation/cfdictionary (toll-free bridged with NSDictionary)
public typealias CFDictionary = NSDictionary
/// https://developer.apple.com/documentation/corefoundation/cferror (toll-free bridged with NSError)
public typealias CFError = NSError
/// https://developer.apple.com/documentation/corefoundation/cfallocator
public final class CFAllocator {}
/// https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject

/// https://developer.apple.com/documentation/security/ostatus
public typealias OSStatus = Int32

/// https://developer.apple.com/documentation/security/sectrust (a CF type: not Sendable)
public final class SecTrust {}
/// https://developer.apple.com/documentation/security/seccertificate (a CF type: not Sendable)
public final class SecCertificate {}

// MARK: Trust

/// https://developer.apple.com/documentation/security/sectrustevaluatewitherror(_:_:) (macOS 10.14+, iOS 12+)
@discardableResult public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?)
    -> Bool
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/sectrustsetanchorcertificates(_:_:)
@discardableResult public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray)
    -> OSStatus
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/sectrustsetanchorcertificatesonly(_:_:)
@discardableResult public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool)
    -> OSStatus
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/sectrustcopycertificatechain(_:) (macOS 12+, iOS 15+)
@discardableResult public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { fatalError() }

// MARK: Certificates and keys

/// https://developer.apple.com/documentation/security/seccertificatecreatewithdata(_:_:)
@discardableResult public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate?
{ fatalError() }
/// https://developer.apple.com/documentation/security/seccertificatecopydata(_:)
@discardableResult public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { fatalError() }

// MARK: Keychain items

/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
@discardableResult public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?)
    -> OSStatus
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/secitemadd(_:_:)
@discardableResult public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?)
    -> OSStatus
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
@discardableResult public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    fatalError()
}
/// https://developer.apple.com/documentation/security/secitemdelete(_:)
@discardableResult public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError() }
/// https://developer.apple.com/documentation/security/seccopyerrormessagestring(_:_:)
@discardableResult public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?)
    -> CFString?
{
    fatalError()
}
/// https://developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { 0 }
/// https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { -25300 }
/// https://developer.apple.com/documentation/security/errsecduplicateitem
public var errSecDuplicateItem: OSStatus { -25299 }
/// https://developer.apple.com/documentation/security/errsecmissingentitlement
public var errSecMissingEntitlement: OSStatus { -34018 }
/// https://developer.apple.com/documentation/security/ksecclass
public var kSecClass: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecclassgenericpassword
public var kSecClassGenericPassword: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecattrservice
public var kSecAttrService: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecattraccount
public var kSecAttrAccount: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecvaluedata
public var kSecValueData: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecreturndata
public var kSecReturnData: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecmatchlimit
public var kSecMatchLimit: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecmatchlimitone
public var kSecMatchLimitOne: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecattraccessible
public var kSecAttrAccessible: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecattraccessgroup
public var kSecAttrAccessGroup: CFString { fatalError() }
/// https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain (macOS 10.15+, iOS 13+)
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public var kSecUseDataProtectionKeychain: CFString { fatalError() }
