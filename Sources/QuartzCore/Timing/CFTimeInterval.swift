import Foundation

/// A time interval in seconds, as Core Foundation's (not defined by Foundation on Linux).
public typealias CFTimeInterval = Double
