import Foundation
import QuartzCore

/// Turns a press–drag–release into a left or right swipe when the pointer travelled mostly
/// horizontally, at least `minimumDistance` points.
public struct SwipeRecognizer {
    /// The shortest horizontal travel that counts.
    public var minimumDistance: CGFloat = 50
    private var start: CGPoint?

    /// A recogniser.
    public init() {}

    /// A button went down.
    public mutating func down(_ p: CGPoint) { start = p }

    /// A button went up: the swipe it completes, if any.
    public mutating func up(_ p: CGPoint) -> HostEvent.Swipe? {
        defer { start = nil }
        guard let s = start else { return nil }
        let dx = p.x - s.x, dy = p.y - s.y
        guard abs(dx) >= minimumDistance, abs(dx) > 2 * abs(dy) else { return nil }
        return dx < 0 ? .left : .right
    }
}
