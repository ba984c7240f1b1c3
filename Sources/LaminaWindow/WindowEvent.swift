import Foundation
import QuartzCore

/// Input to a `LayerWindow`, in window points (origin at the top left, y down: the coordinates
/// of the root layer when its frame starts at the origin). Delivered on the window's app thread.
public enum WindowEvent: Equatable, Sendable {
    /// A horizontal swipe's direction (the way the pointer moved).
    public enum SwipeDirection: Equatable, Sendable {
        /// Right to left.
        case left
        /// Left to right.
        case right
    }

    /// A mouse button went down (1 is the left button, 2 the middle, 3 the right).
    case mouseDown(CGPoint, button: Int)
    /// A mouse button went up.
    case mouseUp(CGPoint, button: Int)
    /// The pointer moved; `dragging` while a button is held.
    case mouseMoved(CGPoint, dragging: Bool)
    /// The wheel or a trackpad scrolled, in wheel steps (positive `dy`: away from the user).
    case scroll(dx: CGFloat, dy: CGFloat)
    /// A press–drag–release that travelled mostly sideways, 50 points or more.
    case swipe(SwipeDirection)
    /// A key went down, by its name ("Escape", "Space", "Return", "A", "F1" ...).
    case key(String)
    /// The window's content size in points changed (the user resized it).
    case resize(CGSize)
    /// The user asked to close the window. With `LayerWindow.closesOnRequest` (the default), `run()`
    /// returns after this event has been delivered.
    case close

    /// The pointer's location for mouse events, nil for the others.
    public var location: CGPoint? {
        switch self {
        case .mouseDown(let p, _), .mouseUp(let p, _), .mouseMoved(let p, _): return p
        default: return nil
        }
    }
}
