// swift-format-ignore-file
// (The declarations keep the SDK's names, which are not lowerCamelCase.)
// Stand-in for Darwin (the C library on Apple platforms), for the Apple stand-in type-check:
// glibc's declarations under Darwin's name. The POSIX calls the library makes have the same Swift
// signatures in both; where Darwin differs, the library branches on `canImport(Glibc)` first.
@_exported import Glibc

extension stat {
    /// Darwin's name for the modification time (`struct stat` in <sys/stat.h>, man 2 stat on macOS).
    public var st_mtimespec: timespec {
        get { st_mtim }
        set { st_mtim = newValue }
    }
}
