import Foundation

/// How an animation repeats (lottie-ios's `LottieLoopMode`).
public enum LottieLoopMode: Hashable, Sendable {
    /// Plays once, then stops on the last frame.
    case playOnce
    /// Plays from the start to the end again and again until stopped.
    case loop
    /// Plays forwards, then backwards, again and again until stopped.
    case autoReverse
    /// Plays from the start to the end this many times.
    case `repeat`(Float)
    /// Plays forwards then backwards, this many times.
    case repeatBackwards(Float)

    /// The layer timing that gives this mode: how many iterations, and whether each plays back too.
    var timing: (repeatCount: Float, autoreverses: Bool) {
        switch self {
        case .playOnce: return (1, false)
        case .loop: return (.infinity, false)
        case .autoReverse: return (.infinity, true)
        case .repeat(let n): return (n.isNaN ? 1 : max(n, 0), false)
        case .repeatBackwards(let n): return (n.isNaN ? 1 : max(n, 0), true)
        }
    }
}

/// A closure called when playback ends: `true` when it played to its end, `false` when it was
/// stopped, paused or replaced first (lottie-ios's `LottieCompletionBlock`).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void
