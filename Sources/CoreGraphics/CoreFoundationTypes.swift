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
