import Foundation

/// One animation as committed: the frozen copy the layer stores (never changed once added, as on
/// Apple), its begin time resolved at the commit that started it, and what a transition needs.
/// Immutable: made on the app thread at commit, read by the render side.
final class CommittedAnimation: @unchecked Sendable {  // unchecked: CAAnimation is an open, non-Sendable class; this copy is frozen (its setters no longer change it)
    /// The key it was added under.
    let key: String
    /// The stored copy (frozen: its setters no longer change it, its caches were filled when added).
    let animation: CAAnimation
    /// The begin time in the layer's time.
    let beginTime: Double
    /// Its timing with the begin time resolved.
    let timing: TimingParameters
    /// For transitions: the layer's look when the transition was added.
    let transitionFrom: LayerStateBox?

    init(key: String, animation: CAAnimation, beginTime: Double, transitionFrom: LayerStateBox?) {
        self.key = key
        self.animation = animation
        self.beginTime = beginTime
        self.timing = animation.timingParameters(beginTime: beginTime)
        self.transitionFrom = transitionFrom
    }
}
