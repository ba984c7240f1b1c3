import Foundation

/// Core Foundation's generic object reference (not defined by Foundation on Linux): any class
/// instance, as on Apple. `"Helvetica" as CFTypeRef` boxes a String.
public typealias CFTypeRef = AnyObject
