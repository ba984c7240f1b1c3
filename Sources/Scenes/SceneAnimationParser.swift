import Foundation
import QuartzCore
import Yams

/// Reading animations: basic, keyframe, spring, group and transition specs turned into CAAnimation
/// objects on a named layer.
extension SceneParser {
    func animation(_ node: Node, scene: Scene) throws {
        let (layer, anim, key) = try makeAnimation(node, scene: scene)
        layer.add(anim, forKey: key)
    }

    /// An animation spec turned into the layer it targets, the animation and its key.
    func makeAnimation(_ node: Node, scene: Scene) throws -> (CALayer, CAAnimation, String) {
        let map = try mapping(node, "an animation")
        let known = ["layer", "keyPath", "type", "from", "to", "by", "values", "keyTimes", "duration", "beginTime",
                     "repeatCount", "autoreverses", "fillMode", "timingFunction", "calculationMode", "removedOnCompletion",
                     "damping", "stiffness", "mass", "initialVelocity", "key", "path", "rotationMode"]
        for (k, _) in map where !known.contains(k.string ?? "") { throw unknownKey(k, known: known, in: "an animation") }
        guard let ln = map["layer"], let name = ln.string else { throw error(node, "an animation needs \"layer\": the name of a layer") }
        guard let layer = scene.layers[name] else {
            let hint = nearest(name, in: scene.order).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(ln, "no layer named \"\(name)\"\(hint)")
        }
        guard let kn = map["keyPath"], let keyPath = kn.string else { throw error(node, "an animation needs \"keyPath\"") }
        let table = SceneProperties.table(forClass: scene.classes[name] ?? "CALayer").merging(SceneProperties.animatableSubPaths) { a, _ in a }
        guard let kind = table[keyPath] else {
            let hint = nearest(keyPath, in: table.keys.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(kn, "\"\(keyPath)\" cannot be animated on a \(scene.classes[name] ?? "CALayer")\(hint)")
        }
        func v(_ key: String) throws -> Any? { try map[key].map { try animationValue($0, kind: kind, keyPath: keyPath) } }
        let type = map["type"]?.string ?? (map["values"] != nil || map["path"] != nil ? "keyframe" : "basic")
        let anim: CAPropertyAnimation
        switch type {
        case "basic", "spring":
            let b: CABasicAnimation
            if type == "spring" {
                let s = CASpringAnimation(keyPath: keyPath)
                if let n = map["damping"] { s.damping = CGFloat(try reader.number(n)) }
                if let n = map["stiffness"] { s.stiffness = CGFloat(try reader.number(n)) }
                if let n = map["mass"] { s.mass = CGFloat(try reader.number(n)) }
                if let n = map["initialVelocity"] { s.initialVelocity = CGFloat(try reader.number(n)) }
                s.duration = s.settlingDuration
                b = s
            } else {
                b = CABasicAnimation(keyPath: keyPath)
            }
            b.fromValue = try v("from"); b.toValue = try v("to"); b.byValue = try v("by")
            anim = b
        case "keyframe":
            let k = CAKeyframeAnimation(keyPath: keyPath)
            if let pn = map["path"] {
                guard kind == .point else { throw error(pn, "a path animates a point property (position), not \(keyPath)") }
                k.path = try reader.path(pn)
                if let rm = map["rotationMode"] {
                    guard let s = rm.string, ["auto", "autoReverse"].contains(s) else { throw error(rm, "expected auto or autoReverse") }
                    k.rotationMode = s == "auto" ? .rotateAuto : .rotateAutoReverse
                }
            } else {
                guard let vn = map["values"], case .sequence(let seq) = vn else { throw error(node, "a keyframe animation needs \"values\" (a list) or \"path\"") }
                k.values = try seq.map { try animationValue($0, kind: kind, keyPath: keyPath) }
                if let kt = map["keyTimes"] { k.keyTimes = try reader.numbers(kt, count: seq.count, what: "\(seq.count) keyTimes").map { NSNumber(value: $0) } }
            }
            if let cm = map["calculationMode"] {
                guard let s = cm.string, ["linear", "discrete", "paced", "cubic", "cubicPaced"].contains(s) else {
                    throw error(cm, "expected linear, discrete, paced, cubic or cubicPaced")
                }
                k.calculationMode = CAAnimationCalculationMode(rawValue: s)
            }
            anim = k
        default:
            throw error(map["type"], "unknown animation type \"\(type)\"; expected basic, keyframe or spring")
        }
        if let n = map["duration"] { anim.duration = try reader.number(n) }
        if let n = map["beginTime"] { anim.beginTime = try reader.number(n) }
        if let n = map["repeatCount"] {
            anim.repeatCount = n.string == "infinity" ? .infinity : Float(try reader.number(n))
        }
        if let n = map["autoreverses"] { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.autoreverses = b }
        if let n = map["removedOnCompletion"] { guard let b = n.bool else { throw error(n, "expected true or false") }; anim.isRemovedOnCompletion = b }
        if let n = map["fillMode"] {
            guard let s = n.string, ["removed", "forwards", "backwards", "both"].contains(s) else { throw error(n, "expected removed, forwards, backwards or both") }
            anim.fillMode = CAMediaTimingFillMode(rawValue: s)
        }
        if let n = map["timingFunction"] {
            guard let s = n.string, ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"].contains(s) else {
                throw error(n, "expected linear, easeIn, easeOut, easeInEaseOut or default")
            }
            anim.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: s))
        }
        return (layer, anim, map["key"]?.string ?? keyPath)
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
