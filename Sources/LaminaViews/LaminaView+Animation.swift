import Foundation
import QuartzCore

extension LaminaView {
    /// Options of block animations (the timing curves; the others are accepted and have no effect).
    public struct AnimationOptions: OptionSet, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Creates options from bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Ease in and out (the default).
        public static let curveEaseInOut = AnimationOptions([])
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// Start from the value on screen (always so in Lamina).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Accepted for source compatibility.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)

        var timing: CAMediaTimingFunction {
            switch rawValue & (3 << 16) {
            case 1 << 16: return CAMediaTimingFunction(name: .easeIn)
            case 2 << 16: return CAMediaTimingFunction(name: .easeOut)
            case 3 << 16: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Changes made to views' layers inside `animations` animate over `duration` seconds after
    /// `delay`, from what is on screen to the new values; `completion` runs when they have finished
    /// (with true). Changes outside a block snap. Explicit animations added inside the block keep
    /// their own timing (listing 3-5). Blocks belong to the thread that runs them (as UIView's do):
    /// a block on one thread does not animate changes another thread makes meanwhile.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(kind: .block, duration: max(0, duration), delay: max(0, delay), timing: options.timing)
        CATransaction.begin()
        CATransaction.setAnimationDuration(max(0, duration))
        if let completion { CATransaction.setCompletionBlock { completion(true) } }
        ViewAnimationContext.with(context, animations)
        CATransaction.commit()
    }

    /// Article 000 section 5.2's custom block animation: every property changed in `animations`
    /// pops — a fast ease-in to the new value in the first fifth, then a slow ease-out back to where
    /// it was. The action lookup saves each old value (it runs before the value is stored), keyframe
    /// animations old → new → old are added afterwards, and the model is put back to the old value
    /// so that model and presentation agree when the animation ends.
    public static func popAnimation(withDuration duration: TimeInterval, animations: () -> Void) {
        let context = ViewAnimationContext(kind: .pop, duration: duration, delay: 0, timing: CAMediaTimingFunction(name: .default))
        ViewAnimationContext.with(context, animations)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for s in context.saved {
            let newValue = s.layer.value(forKeyPath: s.keyPath)
            let anim = CAKeyframeAnimation(keyPath: s.keyPath)
            anim.duration = duration
            anim.keyTimes = [0, 0.2, 1]
            anim.values = [s.oldValue as Any, newValue as Any, s.oldValue as Any]
            anim.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            s.layer.add(anim, forKey: s.keyPath)
            s.layer.setValue(s.oldValue, forKeyPath: s.keyPath)
        }
        CATransaction.commit()
    }
}
