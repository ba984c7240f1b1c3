import Foundation

/// The abstract base of all animations (Apple's `CAAnimation`): media timing, a timing function, a
/// strong delegate, removal on completion. Adding an animation to a layer stores a copy; Lamina
/// copies keep the class of the Lamina animation type (subclasses you define are copied as their
/// nearest Lamina class unless they override `copy(with:)`).
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// The begin time in the layer's time space; 0 means "when the transaction commits".
    open var beginTime: CFTimeInterval = 0
    /// The duration of one iteration; 0 means the default, 0.25 seconds.
    open var duration: CFTimeInterval = 0
    /// The speed relative to the layer's time (negative plays backwards, 0 freezes at timeOffset).
    open var speed: Float = 1
    /// An offset into the animation's local time (shifts where in its loop it starts).
    open var timeOffset: CFTimeInterval = 0
    /// How many times the animation repeats (fractional allowed, .infinity forever, 0 means once).
    open var repeatCount: Float = 0
    /// How long the animation repeats for (0: use repeatCount).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each iteration plays forwards then backwards.
    open var autoreverses = false
    /// What the animation shows outside its active interval (default .removed).
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing of the animation; nil means linear.
    open var timingFunction: CAMediaTimingFunction?
    /// The delegate, held strongly as on Apple.
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from the layer when it finishes (default true).
    open var isRemovedOnCompletion = true
    /// Custom values set with setValue(_:forKey:), copied with the animation.
    var customValues: [String: Any] = [:]

    /// Creates an animation with default timing.
    public override init() { super.init() }

    /// The default value of a property key (nil unless a subclass overrides it).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether the value of `key` is archived (always true).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Returns a copy of the animation with every property copied.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = makeEmptyCopy()
        c.copyFields(from: self)
        return c
    }

    /// The copy that add(_:forKey:) stores on a layer (a group's copies its children too).
    func layerCopy() -> CAAnimation { copy() as! CAAnimation }

    /// A custom value stored under `key`, or a timing property by name.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "removedOnCompletion", "isRemovedOnCompletion": return isRemovedOnCompletion
        default: return customValues[key]
        }
    }

    /// Stores a custom value under `key` (copied with the animation); timing keys set the property.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "beginTime": if let d = LayerValue.number(value) { beginTime = d }
        case "duration": if let d = LayerValue.number(value) { duration = d }
        case "speed": if let d = LayerValue.number(value) { speed = Float(d) }
        case "timeOffset": if let d = LayerValue.number(value) { timeOffset = d }
        case "repeatCount": if let d = LayerValue.number(value) { repeatCount = Float(d) }
        case "repeatDuration": if let d = LayerValue.number(value) { repeatDuration = d }
        case "autoreverses": if let b = value as? Bool { autoreverses = b }
        default: customValues[key] = value
        }
    }

    /// As a layer action: adds the animation to the layer under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: Internal machinery (overridden by each subclass)

    /// A new, default instance of this animation's Lamina class.
    func makeEmptyCopy() -> CAAnimation { CAAnimation() }

    /// Copies every property from `other` (subclasses call super then copy their own).
    func copyFields(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount; repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses; fillMode = other.fillMode; timingFunction = other.timingFunction
        delegate = other.delegate; isRemovedOnCompletion = other.isRemovedOnCompletion
        customValues = other.customValues
    }

    /// Resolves key paths and converts values once, when the animation is added to `layer`
    /// (`key` is the key it was added under). Reports bad data through LaminaDiagnostics.
    func prepare(for layer: CALayer, key: String) {}

    /// Applies the animation's effect at `parentTime` (the layer's local time, or the enclosing
    /// group's) to `state`. `beginTime` is the resolved begin time.
    func apply(to state: inout LayerState, parentTime: Double, beginTime: Double, transitionFrom: LayerStateBox?) {}

    /// The timing parameters of this animation with `beginTime` resolved. A stored copy's are
    /// computed once, when it is frozen (Apple's copies are immutable once added), so that evaluating
    /// it on the render side only reads it.
    final func timingParameters(beginTime: Double) -> TimingParameters {
        if var p = cachedTiming { p.beginTime = beginTime; return p }
        return makeTimingParameters(beginTime: beginTime, removable: false)
    }

    private func makeTimingParameters(beginTime: Double, removable: Bool) -> TimingParameters {
        var p = TimingParameters(beginTime: beginTime, duration: effectiveDuration, speed: Double(speed),
                                 timeOffset: timeOffset, repeatCount: Double(repeatCount), repeatDuration: repeatDuration,
                                 autoreverses: autoreverses, fillMode: fillMode)
        p.removedAtEnd = removable && isRemovedOnCompletion
        return p
    }

    /// Marks this copy (and a group's children) as stored on a layer, and caches its timing. Only
    /// the animation added to the layer is removed on completion; a group's children are not.
    func freeze(inGroup: Bool = false) {
        isFrozen = true
        cachedTiming = makeTimingParameters(beginTime: 0, removable: !inGroup)
        if let g = self as? CAAnimationGroup { g.animations?.forEach { $0.freeze(inGroup: true) } }
    }

    /// Set on the copies stored on layers. Apple raises when one is changed; Lamina's must not be
    /// changed either (the render side reads them), so change the animation you add, not the copy
    /// `animation(forKey:)` returns.
    final var isFrozen = false
    /// The timing of a frozen copy (begin time 0), made once by `freeze()`.
    final var cachedTiming: TimingParameters?

    /// The duration used for timing: `duration`, or 0.25 when it is 0 (or not a valid number).
    var effectiveDuration: Double { duration > 0 && duration.isFinite ? duration : 0.25 }

    /// Describes the animation for diagnostics.
    var diagnosticName: String { String(describing: type(of: self)) }
}
