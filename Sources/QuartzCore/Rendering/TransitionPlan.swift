import Foundation
import CoreGraphics

/// How a running CATransition draws its layer: the old look (what the layer showed when the
/// transition was added) and the new one, offset and faded by the transition's progress, inside the
/// layer's bounds. Push, moveIn and reveal slide along the subtype's direction ("fromLeft": the
/// motion starts at the left edge and goes right; "fromTop" starts at the top of the screen); fade,
/// and types Lamina does not draw, cross-fade.
struct TransitionPlan {
    var oldOffset: CGVector = .init(dx: 0, dy: 0)
    var newOffset: CGVector = .init(dx: 0, dy: 0)
    var oldOpacity: Double = 1
    var newOpacity: Double = 1
    /// Whether the old look is drawn above the new one (reveal).
    var oldOnTop = false
    /// Whether the two looks are clipped to the layer's bounds (the sliding kinds).
    var clips = false

    init(_ t: TransitionState, bounds: CGRect) {
        let p = t.progress.isFinite ? min(max(t.progress, 0), 1) : 1
        let w = Double(bounds.width), h = Double(bounds.height)
        // Unit vector of the motion.
        var dir = (x: 1.0, y: 0.0)
        switch t.subtype {
        case .some(.fromRight): dir = (-1, 0)
        case .some(.fromTop): dir = (0, 1)
        case .some(.fromBottom): dir = (0, -1)
        default: dir = (1, 0)
        }
        let span = dir.x != 0 ? w : h
        func v(_ k: Double) -> CGVector { CGVector(dx: dir.x * span * k, dy: dir.y * span * k) }
        switch t.type {
        case .push:
            newOffset = v(-(1 - p)); oldOffset = v(p); clips = true
        case .moveIn:
            newOffset = v(-(1 - p)); clips = true
        case .reveal:
            oldOffset = v(p); oldOnTop = true; clips = true
        default:
            oldOpacity = 1 - p; newOpacity = p
        }
    }
}
