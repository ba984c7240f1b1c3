import Foundation
import QuartzCore

/// Input from the window, in window points (y down), delivered on the app thread.
public enum HostEvent: Equatable, Sendable {
    /// A horizontal swipe direction (the way the pointer moved).
    public enum Swipe: Equatable, Sendable { case left, right }

    /// A mouse button went down.
    case mouseDown(CGPoint, button: Int)
    /// A mouse button went up.
    case mouseUp(CGPoint, button: Int)
    /// The pointer moved; `dragging` while a button is held.
    case mouseMoved(CGPoint, dragging: Bool)
    /// The wheel turned (positive y: away from the user).
    case wheel(dx: CGFloat, dy: CGFloat)
    /// A press–drag–release that travelled mostly horizontally.
    case swipe(Swipe)
    /// A key went down, by SDL's key name ("Escape", "Space", "A", "F1" ...).
    case key(String)
    /// The window's size in points changed.
    case resize(CGSize)
    /// The user asked to close the window.
    case quit
}
