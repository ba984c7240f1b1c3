import Foundation
import QuartzCore

/// Input delivered to a demo, in the demo root's coordinates (points). The host turns window events
/// into these; tests make them directly, so demos are driven the same way in both.
public enum DemoEvent: Equatable {
    /// A button went down at a point.
    case mouseDown(CGPoint)
    /// A button went up at a point.
    case mouseUp(CGPoint)
    /// The pointer moved (with a button held: a drag).
    case mouseMoved(CGPoint, dragging: Bool)
    /// A horizontal swipe (a left or right drag) finished.
    case swipe(SwipeDirection)
    /// A key, by SDL-style name ("Space", "Left", "A" ...).
    case key(String)
}

/// The direction of a swipe: the way the finger (pointer) moved.
public enum SwipeDirection: Equatable, Sendable {
    /// Right to left.
    case left
    /// Left to right.
    case right
}

/// One demo of the seeds: a layer tree, a caption, and how it reacts to input.
public protocol Demo: AnyObject {
    /// The name used on the command line (`lamina demo NAME`), lower-case with dashes.
    static var name: String { get }
    /// One line in the gallery: what the demo shows.
    static var title: String { get }
    /// Builds the demo for a content area of `size` points.
    init(size: CGSize)
    /// The demo's root layer (the host adds it under its own root).
    var root: CALayer { get }
    /// The one-line caption shown at the bottom: what to do and what to notice.
    var caption: String { get }
    /// Reacts to input.
    func handle(_ event: DemoEvent)
    /// Called once per frame on the app thread with the frame's media time (for demos that poll).
    func tick(_ time: CFTimeInterval)
}

extension Demo {
    /// Default: nothing per frame.
    public func tick(_ time: CFTimeInterval) {}
}
