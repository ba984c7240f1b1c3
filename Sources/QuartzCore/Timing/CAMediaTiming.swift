import Foundation

/// The timing model shared by layers and animations (Apple's `CAMediaTiming`). Local time is
/// hierarchical: t_local = (t_parent − beginTime) × speed + timeOffset.
///
/// Class-bound, as Apple's Objective-C protocol is: its adopters (CALayer, CAAnimation,
/// CAEmitterCell and their subclasses) are objects, so a `let` existential is enough to set a
/// property through it (`let t: CAMediaTiming = cell; t.beginTime = 1.5`).
public protocol CAMediaTiming: AnyObject {
    /// The begin time in the parent's time space.
    var beginTime: CFTimeInterval { get set }
    /// The duration of one iteration.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's.
    var speed: Float { get set }
    /// An offset added to local time.
    var timeOffset: CFTimeInterval { get set }
    /// The number of iterations (fractional allowed; .infinity repeats forever).
    var repeatCount: Float { get set }
    /// How long to repeat for.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays backwards after forwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}
