import Foundation

/// What an animation shows outside its active interval (Apple's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a fill mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No effect outside the active interval (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the final value after the active interval.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the initial value before the active interval.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both forwards and backwards.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}
