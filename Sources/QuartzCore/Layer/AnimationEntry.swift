import Foundation

/// One animation attached to a layer: the stored copy, its key, its begin time once committed, and
/// what has been reported to its delegate.
final class AnimationEntry {
    let key: String
    /// Whether the animation was added with a nil key (then it has no entry in animationKeys()).
    let isAnonymous: Bool
    let animation: CAAnimation
    /// The begin time in the layer's time, fixed when the transaction that added it commits.
    var beginTime: CFTimeInterval?
    var started = false
    /// The entry's timing with its begin time resolved (set at commit).
    var timing: TimingParameters?
    var finished = false
    /// The transaction completion groups waiting for this animation.
    var groups: [CompletionGroup] = []
    /// For transitions: the layer's look when the transition was added.
    var transitionFrom: LayerStateBox?
    /// The committed form, made by the first commit after the begin time is resolved.
    var committed: CommittedAnimation?

    init(key: String, isAnonymous: Bool, animation: CAAnimation) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.animation = animation
    }

    /// Marks the entry done for its completion groups (once).
    func leaveGroups() {
        for g in groups { g.pending -= 1 }
        groups = []
    }
}
