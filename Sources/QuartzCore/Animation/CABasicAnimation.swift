import Foundation

/// A single-keyframe animation of a layer property (Apple's `CABasicAnimation`), interpolating as
/// Apple documents for each combination of fromValue, toValue and byValue:
/// from+to: from→to; from+by: from→from+by; by+to: to−by→to; from only: from→current value;
/// to only: current→to; by only: current→current+by; none: no change. "Current" is the property's
/// value underneath this animation (the model value with earlier animations applied).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value to interpolate from.
    open var fromValue: Any?
    /// The value to interpolate to.
    open var toValue: Any?
    /// The value to add (see the class description).
    open var byValue: Any?

    var from: LayerValue?
    var to: LayerValue?
    var by: LayerValue?

    override func makeEmptyCopy() -> CAAnimation { CABasicAnimation() }

    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }

    override func prepare(for layer: CALayer, key: String) {
        super.prepare(for: layer, key: key)
        guard property != nil else { return }
        // A nil fromValue/toValue/byValue is absent (not "no colour"), as Apple's table of combinations reads.
        from = fromValue == nil ? nil : convert(fromValue, role: "fromValue", layer: layer)
        to = toValue == nil ? nil : convert(toValue, role: "toValue", layer: layer)
        by = byValue == nil ? nil : convert(byValue, role: "byValue", layer: layer)
        // None of the three: from the value the layer shows when the animation is added (for an
        // action, the value before the change) to the current value (Apple's table, last row).
        if from == nil, to == nil, by == nil, !isAdditive, valueFunction == nil, let p = property {
            from = p.get(layer.isCommitted ? layer.presentationState(at: CACurrentMediaTime()) : layer.state)
        }
        if case .number(let a)? = from, case .number(let b)? = to, valueFunction == nil { fixedNumbers = (a, b) } else { fixedNumbers = nil }
        if case .point(let a)? = from, case .point(let b)? = to { fixedPoints = (a, b) } else { fixedPoints = nil }
    }

    /// Both ends as plain numbers or points, when given so (compiled into fast channels; see AnimationChannel).
    var fixedNumbers: (Double, Double)?
    var fixedPoints: (CGPoint, CGPoint)?

    /// The start and end values of the interpolation given the underlying value `base`.
    func endpoints(base: @autoclosure () -> LayerValue?) -> (LayerValue, LayerValue)? {
        if let f = from, let t = to { return (f, t) }
        // With a value function or an additive animation the underlying value is not an endpoint.
        let current: LayerValue? = (isAdditive || valueFunction != nil) ? zero(like: from ?? to ?? by) : base()
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, LayerValue.add(f, b))
        case let (nil, t?, b?): return (LayerValue.subtract(t, b), t)
        case let (f?, nil, nil): return current.map { (f, $0) }
        case let (nil, t?, nil): return current.map { ($0, t) }
        case let (nil, nil, b?): return current.map { ($0, LayerValue.add($0, b)) }
        case (nil, nil, nil): return nil
        }
    }

    private func zero(like v: LayerValue?) -> LayerValue? {
        guard let v else { return nil }
        return LayerValue.scale(v, by: 0)
    }

    /// The eased fraction of the iteration for progress `p` (springs override it).
    func fraction(progress p: Double) -> Double {
        timingFunction.map { $0.evaluate(p) } ?? p
    }

    override func apply(to state: inout LayerState, parentTime: Double, beginTime: Double, transitionFrom: LayerStateBox?) {
        guard property != nil, let r = evaluateTiming(timingParameters(beginTime: beginTime), parentTime: parentTime) else { return }
        guard let (a, b) = endpoints(base: baseValue(state)) else { return }
        var v = LayerValue.interpolate(a, b, fraction(progress: r.progress))
        if isCumulative && r.iteration > 0 {
            v = LayerValue.add(v, LayerValue.scale(LayerValue.subtract(b, a), by: Double(r.iteration)))
        }
        store(v, into: &state, base: nil)
    }
}
