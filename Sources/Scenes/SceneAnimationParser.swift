import Foundation
import QuartzCore
import Yams

/// An animation read from a scene: the layer it targets, the animation, its key, and its start
/// delay in seconds (applied when it is added, so "1" means one second after the scene loads or the
/// interaction runs, whatever the media time is then).
struct SceneAnimationSpec {
    let layer: CALayer
    let animation: CAAnimation
    let key: String
    let delay: Double

    /// Adds the animation to its layer, its beginTime set from the delay at the current media time.
    func add() {
        let a = animation.copy() as! CAAnimation
        if delay != 0 { a.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay }
        layer.add(a, forKey: key)
    }
}

/// Reading animations: basic, keyframe, spring, group and transition specs turned into CAAnimation
/// objects on a named layer.
extension SceneParser {
    static let timingKeys = ["duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                             "fillMode", "timingFunction", "removedOnCompletion"]
    static let propertyKeys = ["keyPath", "additive", "cumulative"]
    static let kindKeys: [String: [String]] = [
        "basic": ["from", "to", "by"],
        "spring": ["from", "to", "by", "damping", "stiffness", "mass", "initialVelocity"],
        "keyframe": ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "tensionValues", "continuityValues", "biasValues"],
        "group": ["animations"],
        "transition": ["transitionType", "subtype", "startProgress", "endProgress"],
    ]

    /// A spring's parameters and the values a scene may give them: CASpringAnimation's documented
    /// ranges (mass and stiffness greater than 0, damping greater than or equal to 0; initialVelocity
    /// has none) within Lamina's bound of 1e6 on each.
    static let springParameters: [(key: String, range: String, accepts: @Sendable (Double) -> Bool, property: ReferenceWritableKeyPath<CASpringAnimation, CGFloat> & Sendable)] = [
        ("mass", "greater than 0 (and at most 1e6)", { $0 > 0 && $0 <= 1e6 }, \.mass),
        ("stiffness", "greater than 0 (and at most 1e6)", { $0 > 0 && $0 <= 1e6 }, \.stiffness),
        ("damping", "0 or more (and at most 1e6)", { $0 >= 0 && $0 <= 1e6 }, \.damping),
        ("initialVelocity", "between -1e6 and 1e6", { abs($0) <= 1e6 }, \.initialVelocity),
    ]

    /// An animation started at load.
    func animation(_ node: Node, scene: Scene) throws {
        let spec = try makeAnimation(node, scene: scene)
        scene.declareAnimation(layer: spec.layer.name ?? "", key: spec.key, node: node)
        spec.add()
    }

    /// An animation spec turned into the layer it targets, the animation, its key and its delay.
    /// Inside a group, `inherited` is the group's layer and "layer" may be left out.
    func makeAnimation(_ node: Node, scene: Scene, inherited: (name: String, layer: CALayer)? = nil) throws -> SceneAnimationSpec {
        let map = try mapping(node, "an animation")
        let explicitType = map.value("type")?.string
        if let t = map.value("type"), explicitType == nil || Self.kindKeys[explicitType!] == nil {
            let hint = nearest(t.string ?? "", in: Self.kindKeys.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(t, "unknown animation type \"\(t.string ?? "?")\"\(hint); expected basic, keyframe, spring, group or transition")
        }
        let type = explicitType ?? (map.value("values") != nil || map.value("path") != nil ? "keyframe" : map.value("animations") != nil ? "group" : "basic")
        var known = ["layer", "type", "key"] + Self.timingKeys + Self.kindKeys[type]!
        if type != "group" && type != "transition" { known += Self.propertyKeys }
        for (k, _) in map where !known.contains(k.string ?? "") {
            let all = Set(Self.kindKeys.values.joined()).union(Self.timingKeys + Self.propertyKeys)
            if let s = k.string, all.contains(s) { throw error(k, "\"\(s)\" does not belong in a \(type) animation") }
            throw unknownKey(k, known: known, in: "a \(type) animation")
        }
        let name: String, layer: CALayer
        if let ln = map.value("layer") {
            guard let n = ln.string else { throw error(ln, "expected the name of a layer") }
            guard let l = scene.layers[n] else {
                let hint = nearest(n, in: scene.order).map { "; did you mean \"\($0)\"?" } ?? ""
                throw error(ln, "no layer named \"\(n)\"\(hint)")
            }
            if let inh = inherited, inh.name != n { throw error(ln, "an animation in a group animates the group's layer \"\(inh.name)\"") }
            name = n; layer = l
        } else if let inh = inherited {
            (name, layer) = inh
        } else {
            throw error(node, "an animation needs \"layer\": the name of a layer")
        }
        let anim: CAAnimation
        var key = map.value("key")?.string
        switch type {
        case "group":
            guard let an = map.value("animations"), case .sequence(let seq) = an else { throw error(node, "a group needs \"animations\": a list") }
            let g = CAAnimationGroup()
            g.animations = try seq.map { n -> CAAnimation in
                let child = try makeAnimation(n, scene: scene, inherited: (name, layer))
                if child.delay != 0 { child.animation.beginTime = child.delay }
                return child.animation
            }
            anim = g
            key = key ?? "group"
        case "transition":
            let t = CATransition()
            if let n = map.value("transitionType") {
                guard let s = n.string, ["fade", "moveIn", "push", "reveal"].contains(s) else { throw error(n, "expected fade, moveIn, push or reveal") }
                t.type = CATransitionType(rawValue: s)
            }
            if let n = map.value("subtype") {
                guard let s = n.string, ["fromLeft", "fromRight", "fromTop", "fromBottom"].contains(s) else { throw error(n, "expected fromLeft, fromRight, fromTop or fromBottom") }
                t.subtype = CATransitionSubtype(rawValue: s)
            }
            if let n = map.value("startProgress") { t.startProgress = Float(try unit(n)) }
            if let n = map.value("endProgress") { t.endProgress = Float(try unit(n)) }
            anim = t
            key = "transition"
        default:
            anim = try propertyAnimation(map, node: node, type: type, layerName: name, scene: scene)
            key = key ?? (anim as! CAPropertyAnimation).keyPath
        }
        let delay = try applyTiming(map, to: anim)
        return SceneAnimationSpec(layer: layer, animation: anim, key: key!, delay: delay)
    }

    func unit(_ n: Node) throws -> Double {
        let v = try reader.number(n)
        guard (0...1).contains(v) else { throw error(n, "expected a number in 0...1") }
        return v
    }

    /// Basic, spring and keyframe animations.
    func propertyAnimation(_ map: Node.Mapping, node: Node, type: String, layerName: String, scene: Scene) throws -> CAPropertyAnimation {
        guard let kn = map.value("keyPath"), let keyPath = kn.string else { throw error(node, "a \(type) animation needs \"keyPath\"") }
        let className = scene.classes[layerName] ?? "CALayer"
        let table = SceneProperties.animatable(forClass: className)
        guard let kind = table[keyPath] ?? (className == "CAEmitterLayer" ? SceneEmitter.animatableCellKind(keyPath) : nil) else {
            let hint = nearest(keyPath, in: table.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(kn, "\"\(keyPath)\" cannot be animated on a \(className)\(hint)")
        }
        func v(_ key: String) throws -> Any? { try map[key].map { try animationValue($0, kind: kind, keyPath: keyPath) } }
        let anim: CAPropertyAnimation
        switch type {
        case "basic", "spring":
            let b: CABasicAnimation
            if type == "spring" {
                let s = CASpringAnimation(keyPath: keyPath)
                for p in Self.springParameters {
                    guard let n = map.value(p.key) else { continue }
                    guard let x = n.float, p.accepts(x) else {
                        let got = n.float != nil ? n.string ?? "?" : reader.describe(n)
                        throw error(n, "\(p.key) must be \(p.range), got \(got)")
                    }
                    s[keyPath: p.property] = CGFloat(x)
                }
                s.duration = s.settlingDuration
                b = s
            } else {
                b = CABasicAnimation(keyPath: keyPath)
            }
            b.fromValue = try v("from"); b.toValue = try v("to"); b.byValue = try v("by")
            anim = b
        default:
            let k = CAKeyframeAnimation(keyPath: keyPath)
            if let pn = map.value("path") {
                guard kind == .point else { throw error(pn, "a path animates a point property (position), not \(keyPath)") }
                k.path = try reader.path(pn)
                if let rm = map.value("rotationMode") {
                    guard let s = rm.string, ["auto", "autoReverse"].contains(s) else { throw error(rm, "expected auto or autoReverse") }
                    k.rotationMode = s == "auto" ? .rotateAuto : .rotateAutoReverse
                }
            } else {
                guard let vn = map.value("values"), case .sequence(let seq) = vn else { throw error(node, "a keyframe animation needs \"values\" (a list) or \"path\"") }
                k.values = try seq.map { try animationValue($0, kind: kind, keyPath: keyPath) }
                if let kt = map.value("keyTimes") {
                    let times = try reader.numbers(kt, count: seq.count, what: "\(seq.count) keyTimes, one per value")
                    guard times.allSatisfy({ (0...1).contains($0) }), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                        throw error(kt, "keyTimes must rise from 0 to 1")
                    }
                    k.keyTimes = times.map { NSNumber(value: $0) }
                }
                for (key, label) in [("tensionValues", "tension"), ("continuityValues", "continuity"), ("biasValues", "bias")] {
                    if let n = map[key] {
                        let xs = try reader.numbers(n, count: seq.count, what: "\(seq.count) \(label) values, one per value")
                        let ns = xs.map { NSNumber(value: $0) }
                        switch key { case "tensionValues": k.tensionValues = ns; case "continuityValues": k.continuityValues = ns; default: k.biasValues = ns }
                    }
                }
            }
            if let tf = map.value("timingFunctions") {
                guard case .sequence(let seq) = tf else { throw error(tf, "expected a list of timing functions, one per keyframe interval") }
                k.timingFunctions = try seq.map { try timingFunction($0) }
            }
            if let cm = map.value("calculationMode") {
                guard let s = cm.string, ["linear", "discrete", "paced", "cubic", "cubicPaced"].contains(s) else {
                    throw error(cm, "expected linear, discrete, paced, cubic or cubicPaced")
                }
                k.calculationMode = CAAnimationCalculationMode(rawValue: s)
            }
            anim = k
        }
        if let n = map.value("additive") { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.isAdditive = b }
        if let n = map.value("cumulative") { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.isCumulative = b }
        return anim
    }

    /// A timing function: a name (linear, easeIn, easeOut, easeInEaseOut, default) or four control
    /// point numbers `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ n: Node) throws -> CAMediaTimingFunction {
        if case .sequence = n {
            let c = try reader.numbers(n, count: 4, what: "four control point numbers [c1x, c1y, c2x, c2y]")
            guard (0...1).contains(c[0]), (0...1).contains(c[2]) else { throw error(n, "control point x values must be in 0...1") }
            return CAMediaTimingFunction(controlPoints: Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
        }
        guard let s = n.string, ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"].contains(s) else {
            throw error(n, "expected linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]")
        }
        return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: s))
    }

    /// CAMediaTiming properties and the animation's own; returns the start delay (beginTime).
    func applyTiming(_ map: Node.Mapping, to anim: CAAnimation) throws -> Double {
        func nonNegative(_ k: String) throws -> Double? {
            guard let n = map[k] else { return nil }
            if n.string == "infinity" && (k == "repeatCount" || k == "repeatDuration") { return .infinity }
            let x = try reader.number(n)
            guard x >= 0 else { throw error(n, "\(k) must not be negative") }
            return x
        }
        if let x = try nonNegative("duration") { anim.duration = x }
        if let x = try nonNegative("repeatCount") { anim.repeatCount = Float(x) }
        if let x = try nonNegative("repeatDuration") { anim.repeatDuration = x }
        if let n = map.value("speed") { anim.speed = Float(try reader.number(n)) }
        if let n = map.value("timeOffset") { anim.timeOffset = try reader.number(n) }
        if let n = map.value("autoreverses") { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.autoreverses = b }
        if let n = map.value("removedOnCompletion") { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.isRemovedOnCompletion = b }
        if let n = map.value("fillMode") {
            guard let s = n.string, ["removed", "forwards", "backwards", "both"].contains(s) else { throw error(n, "expected removed, forwards, backwards or both") }
            anim.fillMode = CAMediaTimingFillMode(rawValue: s)
        }
        if let n = map.value("timingFunction") { anim.timingFunction = try timingFunction(n) }
        return try map.value("beginTime").map { try reader.number($0) } ?? 0
    }

    /// Animation values: numbers for scalar properties (Float for opacity), the property's kind otherwise.
    func animationValue(_ node: Node, kind: SceneValueKind, keyPath: String) throws -> Any {
        let value = try reader.value(node, kind: kind)
        if let n = value as? CGFloat { return Double(n) }
        if let p = value as? CGPoint { return NSValue(point: p) }
        if let s = value as? CGSize { return NSValue(size: s) }
        if let r = value as? CGRect { return NSValue(rect: r) }
        if let t = value as? CATransform3D { return NSValue(caTransform3D: t) }
        return value
    }
}
