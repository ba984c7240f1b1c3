import Foundation
import QuartzCore
import Scenes

/// The JSON of `lamina eval`.
enum SceneJSON {
    static func n(_ v: CGFloat) -> String { n(Double(v)) }
    static func n(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let r = (v * 1e6).rounded() / 1e6
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
    }
    static func color(_ c: CGColor?) -> String {
        guard let c else { return "null" }
        let s = c.srgbComponents
        return "[\(n(s.red)), \(n(s.green)), \(n(s.blue)), \(n(s.alpha))]"
    }
    static func string(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out += ch.value < 0x20 ? String(format: "\\u%04x", ch.value) : String(ch)
            }
        }
        return out + "\""
    }

    static func point(_ p: CGPoint) -> String { "[\(n(p.x)), \(n(p.y))]" }
    static func rect(_ r: CGRect) -> String { "[\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height))]" }
    static func matrix(_ t: CATransform3D) -> String {
        "[" + [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { n($0) }.joined(separator: ", ") + "]"
    }
    static func numbers(_ ns: [NSNumber]?) -> String { ns.map { "[" + $0.map { n($0.doubleValue) }.joined(separator: ", ") + "]" } ?? "null" }

    /// The rest of CALayer's properties after the issue's list, then the subclass's own.
    static func more(_ p: CALayer) -> [String] {
        var f = [
            "\"anchorPointZ\": \(n(p.anchorPointZ))",
            "\"sublayerTransform\": \(matrix(p.sublayerTransform))",
            "\"masksToBounds\": \(p.masksToBounds)",
            "\"isDoubleSided\": \(p.isDoubleSided)",
            "\"shadowColor\": \(color(p.shadowColor))",
            "\"shadowOpacity\": \(n(Double(p.shadowOpacity)))",
            "\"shadowOffset\": [\(n(p.shadowOffset.width)), \(n(p.shadowOffset.height))]",
            "\"shadowRadius\": \(n(p.shadowRadius))",
            "\"contentsRect\": \(rect(p.contentsRect))",
            "\"speed\": \(n(Double(p.speed)))",
            "\"timeOffset\": \(n(p.timeOffset))",
            "\"beginTime\": \(n(p.beginTime))",
        ]
        if let s = p as? CAShapeLayer {
            f += ["\"fillColor\": \(color(s.fillColor))", "\"strokeColor\": \(color(s.strokeColor))", "\"lineWidth\": \(n(s.lineWidth))",
                  "\"strokeStart\": \(n(s.strokeStart))", "\"strokeEnd\": \(n(s.strokeEnd))", "\"lineDashPhase\": \(n(s.lineDashPhase))"]
        }
        if let t = p as? CATextLayer {
            f += ["\"string\": \((t.string as? String).map(string) ?? "null")", "\"fontSize\": \(n(t.fontSize))",
                  "\"foregroundColor\": \(color(t.foregroundColor))"]
        }
        if let g = p as? CAGradientLayer {
            let colors = (g.colors as? [CGColor]).map { "[" + $0.map(color).joined(separator: ", ") + "]" } ?? "null"
            f += ["\"colors\": \(colors)", "\"locations\": \(numbers(g.locations))", "\"startPoint\": \(point(g.startPoint))", "\"endPoint\": \(point(g.endPoint))"]
        }
        if let r = p as? CAReplicatorLayer {
            f += ["\"instanceCount\": \(r.instanceCount)", "\"instanceDelay\": \(n(r.instanceDelay))",
                  "\"instanceTransform\": \(matrix(r.instanceTransform))", "\"instanceColor\": \(color(r.instanceColor))"]
        }
        return f
    }

    static func presentation(of scene: Scene, at t: CFTimeInterval) -> String {
        var items: [String] = []
        for name in scene.order {
            guard let model = scene.layers[name] else { continue }
            let p = model.presentation() ?? model
            let tr = p.transform
            let m = [tr.m11, tr.m12, tr.m13, tr.m14, tr.m21, tr.m22, tr.m23, tr.m24, tr.m31, tr.m32, tr.m33, tr.m34, tr.m41, tr.m42, tr.m43, tr.m44]
            let fields = [
                "\"name\": \(string(name))",
                "\"class\": \(string(scene.classes[name] ?? "CALayer"))",
                "\"position\": [\(n(p.position.x)), \(n(p.position.y))]",
                "\"bounds\": [\(n(p.bounds.minX)), \(n(p.bounds.minY)), \(n(p.bounds.width)), \(n(p.bounds.height))]",
                "\"anchorPoint\": [\(n(p.anchorPoint.x)), \(n(p.anchorPoint.y))]",
                "\"zPosition\": \(n(p.zPosition))",
                "\"opacity\": \(n(Double(p.opacity)))",
                "\"isHidden\": \(p.isHidden)",
                "\"transform\": [\(m.map { n($0) }.joined(separator: ", "))]",
                "\"backgroundColor\": \(color(p.backgroundColor))",
                "\"cornerRadius\": \(n(p.cornerRadius))",
                "\"borderWidth\": \(n(p.borderWidth))",
                "\"borderColor\": \(color(p.borderColor))",
            ] + more(p)
            items.append("{" + fields.joined(separator: ", ") + "}")
        }
        return "{\"time\": \(n(t)), \"layers\": [" + items.joined(separator: ", ") + "]}"
    }
}
