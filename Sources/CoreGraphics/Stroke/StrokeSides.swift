import Foundation

/// The two sides of a stroke outline as `PathStroker` builds them: `s0` along +n (the left of the
/// path's direction in a y-up system), `s1` along -n; side 0 or 1 chosen by index (internal to
/// Lamina).
struct StrokeSides {
    /// The points along +n.
    var s0: [CGPoint] = []
    /// The points along -n.
    var s1: [CGPoint] = []

    init(capacity: Int) {
        s0.reserveCapacity(capacity)
        s1.reserveCapacity(capacity)
    }

    /// Appends `p` to side `side`.
    @inline(__always)
    mutating func append(_ side: Int, _ p: CGPoint) {
        if side == 0 { s0.append(p) } else { s1.append(p) }
    }

    /// Removes and returns the last point of side `side` (which has one).
    @inline(__always) @discardableResult
    mutating func removeLast(_ side: Int) -> CGPoint {
        side == 0 ? s0.removeLast() : s1.removeLast()
    }

    /// Replaces the first point of side `side` (which has one).
    @inline(__always)
    mutating func setFirst(_ side: Int, _ p: CGPoint) {
        if side == 0 { s0[0] = p } else { s1[0] = p }
    }
}
