import Foundation

// Core Foundation's types as Apple's CoreGraphics and ImageIO APIs spell them. On Apple they are
// toll-free bridged with Foundation's classes; here they are those classes, so client code that
// writes `data as CFData`, `url as CFURL` or `"public.png" as CFString` compiles and means the same.

/// Core Foundation's immutable data (Foundation's `NSData` here).
public typealias CFData = NSData
/// Core Foundation's mutable data (Foundation's `NSMutableData` here).
public typealias CFMutableData = NSMutableData
/// Core Foundation's string (Foundation's `NSString` here).
public typealias CFString = NSString
/// Core Foundation's URL (Foundation's `NSURL` here).
public typealias CFURL = NSURL
/// Core Foundation's dictionary (Foundation's `NSDictionary` here).
public typealias CFDictionary = NSDictionary
/// Core Foundation's array (Foundation's `NSArray` here).
public typealias CFArray = NSArray
/// Core Foundation's number (Foundation's `NSNumber` here).
public typealias CFNumber = NSNumber

/// Core Foundation's signed index and count type.
public typealias CFIndex = Int

/// A range of indices in Core Foundation's spelling (start and length).
public struct CFRange: Equatable, Sendable {
    /// The first index.
    public var location: CFIndex
    /// How many indices.
    public var length: CFIndex
    /// A range of `length` indices from `location`.
    public init(location: CFIndex, length: CFIndex) { self.location = location; self.length = length }
    /// The empty range at 0.
    public init() { location = 0; length = 0 }
}

/// A range of `len` indices from `loc`.
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange { CFRange(location: loc, length: len) }

/// A pointer to the bytes of `theData` (valid while `theData` lives): how client code reads an
/// image's pixels, `CFDataGetBytePtr(image.dataProvider!.data)`.
public func CFDataGetBytePtr(_ theData: CFData) -> UnsafePointer<UInt8>! {
    theData.length == 0 ? UnsafePointer(bitPattern: 1) : theData.bytes.assumingMemoryBound(to: UInt8.self)
}

/// The number of bytes in `theData`.
public func CFDataGetLength(_ theData: CFData) -> CFIndex { theData.length }

/// Copies the bytes of `theData` in `range` to `buffer`.
public func CFDataGetBytes(_ theData: CFData, _ range: CFRange, _ buffer: UnsafeMutablePointer<UInt8>) {
    precondition(range.location >= 0 && range.length >= 0 && range.location + range.length <= theData.length,
                 "CFDataGetBytes: range \(range.location)..<\(range.location + range.length) outside \(theData.length) bytes")
    theData.getBytes(buffer, range: NSRange(location: range.location, length: range.length))
}

/// New immutable data holding a copy of `length` bytes at `bytes` (`allocator` is ignored).
public func CFDataCreate(_ allocator: AnyObject?, _ bytes: UnsafePointer<UInt8>?, _ length: CFIndex) -> CFData! {
    guard let bytes, length > 0 else { return NSData() }
    return NSData(bytes: bytes, length: length)
}
