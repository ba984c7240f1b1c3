import Foundation
import QuartzCore

/// The delegate of the animation that marks a playback's span: tells the `play` call's completion
/// how the playback ended, once. Owned by the thread that plays the layer (as the layer is).
final class PlaybackCompletion: NSObject, CAAnimationDelegate {
    /// The closure to call; nil once called, or when handed to a replacing playback.
    var completion: LottieCompletionBlock?

    init(_ completion: LottieCompletionBlock?) { self.completion = completion }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        let c = completion
        completion = nil
        c?(flag)
    }
}
