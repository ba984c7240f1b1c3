import Foundation

/// A group of animations run together (Apple's `CAAnimationGroup`). Each child's timing is local to
/// the group: its beginTime is relative to the group's start, and it has effect only while the group
/// does, clipped to the group's duration; a child with duration 0 lasts as long as the group. The group's timing function eases the group's time.
open class CAAnimationGroup: CAAnimation {
    /// The grouped animations.
    open var animations: [CAAnimation]?

    override func makeEmptyCopy() -> CAAnimation { CAAnimationGroup() }

    /// As on Apple (`animations` is a copied array of the same animation objects), a copy of a
    /// group shares its child animations with the original.
    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations
    }

    /// The copy stored on a layer owns copies of the children too, so that preparing it never
    /// changes the animations the caller still holds.
    override func layerCopy() -> CAAnimation {
        let c = super.layerCopy() as! CAAnimationGroup
        c.animations = c.animations?.map { $0.layerCopy() }
        return c
    }

    /// Children with duration 0 take the group's duration (as article 001's listing 3-4 relies on).
    override func prepare(for layer: CALayer, key: String) {
        for a in animations ?? [] {
            if !(a.duration > 0) { a.duration = effectiveDuration }
            a.prepare(for: layer, key: key)
        }
    }

    override func apply(to state: inout LayerState, parentTime: Double, beginTime: Double, transitionFrom: LayerStateBox?) {
        guard let r = evaluateTiming(timingParameters(beginTime: beginTime), parentTime: parentTime) else { return }
        let eased = timingFunction.map { $0.evaluate(r.progress) } ?? r.progress
        let groupTime = eased * effectiveDuration
        for a in animations ?? [] {
            a.apply(to: &state, parentTime: groupTime, beginTime: a.beginTime, transitionFrom: nil)
        }
    }
}
