import Foundation

/// One committed animation compiled for fast per-frame evaluation: its timing with the begin time
/// resolved, its values as plain numbers where possible, and a direct writer for common properties.
/// A layer keeps its channels in one contiguous array (rebuilt when its animations change), so a frame
/// touches little memory per animation. Anything not covered (groups, transitions, colours, paths,
/// cubic keyframes, value functions, additive animations ...) is a `.generic` channel that calls the
/// animation object, so results are identical either way.
///
/// Channels hold their objects unretained (`Unmanaged`) so that reading one costs no reference
/// counting: the committed layer that holds the channels also holds those objects (its
/// `animations`), and both are immutable.
struct AnimationChannel {
    /// Where the value comes from.
    enum Source {
        case numbers(Double, Double)
        case points(CGPoint, CGPoint)
        /// Linear keyframes of plain numbers (keyTimes resolved; per-segment timing functions allowed).
        case keyframeNumbers(Unmanaged<CAKeyframeAnimation>)
        /// Up to four linear keyframes without per-segment timing, stored inline (no pointer chasing).
        case smallKeyframes(count: Int, times: (Double, Double, Double, Double), values: (Double, Double, Double, Double))
    }

    /// Which field receives the value.
    enum Target {
        case opacity, position, positionX, positionY, zPosition, cornerRadius, borderWidth, shadowOpacity, shadowRadius
        /// transform.scale / .rotation.z: a shortcut for identity transforms, else the property's accessor.
        case transformScale(Unmanaged<CAPropertyAnimation>)
        case transformRotationZ(Unmanaged<CAPropertyAnimation>)
        /// Any other property through the animation's accessor.
        case property(Unmanaged<CAPropertyAnimation>)
    }

    enum Kind {
        case compiled(Source, Target)
        case generic(Unmanaged<CommittedAnimation>)
    }

    var kind: Kind
    var timing: TimingParameters
    var easing: Unmanaged<CAMediaTimingFunction>?
    var spring: SpringSolver?
    var cumulative: Bool
    /// For a generic channel of a basic or keyframe animation: the top-level property its key path
    /// lies in (all it writes, whole or in part), and whether it also turns the transform (a
    /// keyframe animation's rotationMode). Nil when what it writes is not known this way.
    var genericWrites: (property: LayerProperty, transform: Bool)? = nil

    /// Compiles one committed animation.
    static func compile(_ e: CommittedAnimation) -> AnimationChannel {
        let anim = e.animation
        let timing = e.timing
        func generic() -> AnimationChannel {
            var c = AnimationChannel(kind: .generic(.passUnretained(e)), timing: timing, easing: nil, spring: nil, cumulative: false)
            c.genericWrites = writes(of: anim)
            return c
        }
        guard let pa = anim as? CAPropertyAnimation, let property = pa.property, !pa.isAdditive, pa.valueFunction == nil,
              let target = target(for: property, pa) else { return generic() }
        if let basic = pa as? CABasicAnimation {
            let source: Source
            if let (a, b) = basic.fixedNumbers { source = .numbers(a, b) }
            else if let (a, b) = basic.fixedPoints { source = .points(a, b) }
            else { return generic() }
            let spring = (basic as? CASpringAnimation).map { $0.cachedSolver ?? $0.solver }
            return AnimationChannel(kind: .compiled(source, target), timing: timing,
                                    easing: spring == nil ? basic.timingFunction.map { .passUnretained($0) } : nil,
                                    spring: spring, cumulative: basic.isCumulative)
        }
        if let kf = pa as? CAKeyframeAnimation, let n = kf.numbers, kf.segments.isEmpty, kf.tangents == nil,
           kf.calculationMode != .discrete, !kf.isCumulative, n.count >= 2, kf.times.count >= n.count {
            let functions = kf.isPaced ? nil : kf.timingFunctions
            if n.count <= 4 && (functions?.isEmpty ?? true) {
                func at(_ a: [Double], _ i: Int) -> Double { a[min(i, a.count - 1)] }
                let times = (at(kf.times, 0), at(kf.times, 1), at(kf.times, 2), at(kf.times, 3))
                let values = (at(n, 0), at(n, 1), at(n, 2), at(n, 3))
                return AnimationChannel(kind: .compiled(.smallKeyframes(count: n.count, times: times, values: values), target),
                                        timing: timing, easing: kf.timingFunction.map { .passUnretained($0) }, spring: nil, cumulative: false)
            }
            return AnimationChannel(kind: .compiled(.keyframeNumbers(.passUnretained(kf)), target),
                                    timing: timing, easing: kf.timingFunction.map { .passUnretained($0) }, spring: nil, cumulative: false)
        }
        return generic()
    }

    /// What a basic or keyframe animation writes when applied (their `apply` stores into their
    /// property alone, and a keyframe animation with a rotationMode turns the transform): the
    /// top-level property of the table its key path starts with. Nil for any other animation
    /// (groups, transitions), a custom key or one without a resolved property.
    private static func writes(of anim: CAAnimation) -> (property: LayerProperty, transform: Bool)? {
        guard anim is CABasicAnimation || anim is CAKeyframeAnimation, let pa = anim as? CAPropertyAnimation, let p = pa.property else { return nil }
        let base = p.key.split(separator: ".", maxSplits: 1).first.map(String.init) ?? p.key
        guard let top = LayerProperties.table[base] else { return nil }
        return (top, (anim as? CAKeyframeAnimation)?.rotationMode != nil)
    }

    private static func target(for p: LayerProperty, _ a: CAPropertyAnimation) -> Target? {
        switch p.key {
        case "opacity": return .opacity
        case "position": return .position
        case "position.x": return .positionX
        case "position.y": return .positionY
        case "zPosition": return .zPosition
        case "cornerRadius": return .cornerRadius
        case "borderWidth": return .borderWidth
        case "shadowOpacity": return .shadowOpacity
        case "shadowRadius": return .shadowRadius
        default:
            if p.key == "transform.scale" { return .transformScale(.passUnretained(a)) }
            if p.key == "transform.rotation.z" || p.key == "transform.rotation" { return .transformRotationZ(.passUnretained(a)) }
            return p.kind == .number || p.kind == .point ? .property(.passUnretained(a)) : nil
        }
    }

    /// Whether the channel is compiled (knows exactly which field it writes).
    var isCompiled: Bool { if case .compiled = kind { return true }; return false }

    /// Whether `resetTarget` puts back everything the channel writes (compiled, or a generic one
    /// whose writes are known).
    var isResettable: Bool { isCompiled || genericWrites != nil }

    /// Puts the field this channel writes back to its committed value (so a snapshot node can be
    /// reused across frames without copying the whole state). Only for resettable channels.
    @inline(__always)
    func resetTarget(_ s: inout LayerState, from c: LayerState) {
        guard case .compiled(_, let target) = kind else {
            if let w = genericWrites {
                w.property.set(&s, w.property.get(c))
                if w.transform { s.transform = c.transform }
            }
            return
        }
        switch target {
        case .opacity: s.opacity = c.opacity
        case .position: s.position = c.position
        case .positionX: s.position.x = c.position.x
        case .positionY: s.position.y = c.position.y
        case .zPosition: s.zPosition = c.zPosition
        case .cornerRadius: s.cornerRadius = c.cornerRadius
        case .borderWidth: s.borderWidth = c.borderWidth
        case .shadowOpacity: s.shadowOpacity = c.shadowOpacity
        case .shadowRadius: s.shadowRadius = c.shadowRadius
        case .transformScale, .transformRotationZ: s.transform = c.transform
        case .property(let a): if let p = a.takeUnretainedValue().property { p.set(&s, p.get(c)) }
        }
    }

    /// Applies the channel at the layer's local time.
    @inline(__always)
    func apply(to s: inout LayerState, localTime: Double) {
        switch kind {
        case .generic(let u):
            let e = u.takeUnretainedValue()
            e.animation.apply(to: &s, parentTime: localTime, beginTime: timing.beginTime, transitionFrom: e.transitionFrom)
        case .compiled(let source, let target):
            guard let r = evaluateTiming(timing, parentTime: localTime) else { return }
            let f: Double
            if let spring { f = spring.fraction(at: r.progress * timing.duration) }
            else if let easing { f = easing.takeUnretainedValue().evaluate(r.progress) }
            else { f = r.progress }
            let k = cumulative ? Double(r.iteration) : 0
            switch source {
            case .numbers(let a, let b):
                write(number: a + (b - a) * (f + k), target, &s)
            case .points(let a, let b):
                let t = CGFloat(f + k)
                write(point: CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), target, &s)
            case .smallKeyframes(let count, let t, let v):
                write(number: AnimationChannel.smallKeyframe(f, count, t, v), target, &s)
            case .keyframeNumbers(let u):
                let kf = u.takeUnretainedValue()
                write(number: AnimationChannel.keyframe(f, kf.times, kf.numbers!, kf.isPaced ? nil : kf.timingFunctions), target, &s)
            }
        }
    }

    /// Linear keyframe interpolation of `n` plain numbers, as CAKeyframeAnimation.value(at:).
    @inline(__always)
    static func keyframe(_ t: Double, _ n: Int, _ times: UnsafeBufferPointer<Double>, _ values: UnsafeBufferPointer<Double>,
                         _ functions: [CAMediaTimingFunction]?) -> Double {
        if t <= times[0] { return values[0] }
        if t >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i < n - 2 && times[i + 1] <= t { i += 1 }
        let span = times[i + 1] - times[i]
        var u = span > 0 ? (t - times[i]) / span : 1
        if let functions, i < functions.count { u = functions[i].evaluate(u) }
        return values[i] + (values[i + 1] - values[i]) * u
    }

    /// `keyframe` over arrays.
    static func keyframe(_ t: Double, _ times: [Double], _ values: [Double], _ functions: [CAMediaTimingFunction]?) -> Double {
        times.withUnsafeBufferPointer { tb in values.withUnsafeBufferPointer { vb in
            keyframe(t, min(tb.count, vb.count), tb, vb, functions)
        } }
    }

    /// `keyframe` over up to four inline keyframes.
    @inline(__always)
    static func smallKeyframe(_ t: Double, _ n: Int, _ times: (Double, Double, Double, Double), _ values: (Double, Double, Double, Double)) -> Double {
        withUnsafeBytes(of: times) { traw in withUnsafeBytes(of: values) { vraw in
            keyframe(t, n, traw.bindMemory(to: Double.self), vraw.bindMemory(to: Double.self), nil)
        } }
    }

    @inline(__always)
    private func write(number v: Double, _ target: Target, _ s: inout LayerState) {
        guard v.isFinite else { return }
        switch target {
        case .opacity: s.opacity = Float(v)
        case .positionX: s.position.x = CGFloat(v)
        case .positionY: s.position.y = CGFloat(v)
        case .zPosition: s.zPosition = CGFloat(v)
        case .cornerRadius: s.cornerRadius = CGFloat(v)
        case .borderWidth: s.borderWidth = CGFloat(v)
        case .shadowOpacity: s.shadowOpacity = Float(v)
        case .shadowRadius: s.shadowRadius = CGFloat(v)
        case .transformScale(let a):
            if CATransform3DIsIdentity(s.transform) { s.transform = CATransform3DMakeScale(CGFloat(v), CGFloat(v), CGFloat(v)) }
            else { a.takeUnretainedValue().property?.set(&s, .number(v)) }
        case .transformRotationZ(let a):
            if CATransform3DIsIdentity(s.transform) { s.transform = CATransform3DMakeRotation(CGFloat(v), 0, 0, 1) }
            else { a.takeUnretainedValue().property?.set(&s, .number(v)) }
        case .property(let a): a.takeUnretainedValue().property?.set(&s, .number(v))
        case .position: break
        }
    }

    @inline(__always)
    private func write(point p: CGPoint, _ target: Target, _ s: inout LayerState) {
        guard p.x.isFinite, p.y.isFinite else { return }
        switch target {
        case .position: s.position = p
        case .property(let a): a.takeUnretainedValue().property?.set(&s, .point(p))
        default: break
        }
    }
}
