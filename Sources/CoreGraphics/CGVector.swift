import Foundation

/// A two-dimensional vector (Apple's `CGVector`).
public struct CGVector: Equatable, Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    /// A vector from CGFloat components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector from Double components.
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector from Int components.
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// The zero vector.
    public static let zero = CGVector()
}
