import Foundation
import QuartzCore
import Scenes

/// The JSON of `lamina eval`: the presentation values of a scene's named layers at a time.
///
/// It is valid JSON for every scene, and its numbers read back as the values they print:
/// - A number that is an integer below 2^53 in magnitude is printed as one (`3`, `-120`); any other
///   finite Double in the shortest form that reads back as the same Double (`0.1`, `1e+308`,
///   `5e-324`; Swift's `description`), and -0 as `-0.0`. The Float properties (`opacity`,
///   `shadowOpacity`, `speed`) in the shortest form that reads back as the same Float (`0.8`).
/// - A value that is not finite (NaN or an infinity: a finite input can overflow, 1e308 doubled)
///   cannot be a JSON number. It is printed as `null`, and its key path (`ball.transform[14]`,
///   `time`) is listed in `Document.nonFinite`; `lamina eval` reports those on stderr.
/// - Strings are escaped as JSON requires (quotes, backslashes and every control character).
final class SceneJSON {
    /// A JSON text and the key paths of the values that were not finite (printed as null).
    struct Document {
        /// The JSON.
        let text: String
        /// Key paths of values printed as null because they were not finite, with their values.
        let nonFinite: [(path: String, value: Double)]
    }

    private var nonFinite: [(path: String, value: Double)] = []
    private var layer = ""

    private init() {}

    /// The presentation of every named layer of `scene` at media time `t`, with the non-finite values.
    static func document(of scene: Scene, at t: CFTimeInterval) -> Document {
        let w = SceneJSON()
        let text = w.presentation(of: scene, at: t)
        return Document(text: text, nonFinite: w.nonFinite)
    }

    /// The JSON text alone (see `document(of:at:)`).
    static func presentation(of scene: Scene, at t: CFTimeInterval) -> String { document(of: scene, at: t).text }

    // MARK: - values

    /// A Double as JSON (see the type's notes), or null, recording `key`'s path.
    func n(_ v: Double, _ key: String) -> String {
        guard v.isFinite else {
            nonFinite.append((layer.isEmpty ? key : layer + "." + key, v))
            return "null"
        }
        return SceneJSON.number(v)
    }

    /// A CGFloat as JSON.
    func n(_ v: CGFloat, _ key: String) -> String { n(Double(v), key) }

    /// A Float as JSON: the shortest form that reads back as the same Float.
    func n(_ v: Float, _ key: String) -> String {
        guard v.isFinite else { return n(Double(v), key) }
        if v == v.rounded(.towardZero), abs(v) < 9.007_199_254_740_992e15, !(v == 0 && v.sign == .minus) { return String(Int64(v)) }
        return v.description
    }

    /// A finite Double in the shortest form that reads back as it (integers below 2^53 as integers).
    static func number(_ v: Double) -> String {
        if v == 0 && v.sign == .minus { return "-0.0" }
        if v == v.rounded(.towardZero), abs(v) < 9_007_199_254_740_992 { return String(Int64(v)) }
        return v.description
    }

    /// A list of numbers, each with its index in the key path.
    func list(_ vs: [Double], _ key: String) -> String {
        "[" + vs.enumerated().map { n($0.element, "\(key)[\($0.offset)]") }.joined(separator: ", ") + "]"
    }

    func color(_ c: CGColor?, _ key: String) -> String {
        guard let c else { return "null" }
        let s = c.srgbComponents
        return list([s.red, s.green, s.blue, s.alpha].map { Double($0) }, key)
    }

    /// A JSON string literal (the scene writer's: quotes, backslashes and control characters escaped).
    static func string(_ s: String) -> String { SceneJSONWriter.string(s) }

    func point(_ p: CGPoint, _ key: String) -> String { list([p.x, p.y].map { Double($0) }, key) }
    func size(_ s: CGSize, _ key: String) -> String { list([s.width, s.height].map { Double($0) }, key) }
    func rect(_ r: CGRect, _ key: String) -> String { list([r.minX, r.minY, r.width, r.height].map { Double($0) }, key) }
    func matrix(_ t: CATransform3D, _ key: String) -> String {
        list([t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }, key)
    }
    func numbers(_ ns: [NSNumber]?, _ key: String) -> String { ns.map { list($0.map(\.doubleValue), key) } ?? "null" }

    // MARK: - layers

    /// The rest of CALayer's properties after the issue's list, then the subclass's own.
    func more(_ p: CALayer) -> [String] {
        var f = [
            "\"anchorPointZ\": \(n(p.anchorPointZ, "anchorPointZ"))",
            "\"sublayerTransform\": \(matrix(p.sublayerTransform, "sublayerTransform"))",
            "\"masksToBounds\": \(p.masksToBounds)",
            "\"isDoubleSided\": \(p.isDoubleSided)",
            "\"shadowColor\": \(color(p.shadowColor, "shadowColor"))",
            "\"shadowOpacity\": \(n(p.shadowOpacity, "shadowOpacity"))",
            "\"shadowOffset\": \(size(p.shadowOffset, "shadowOffset"))",
            "\"shadowRadius\": \(n(p.shadowRadius, "shadowRadius"))",
            "\"contentsRect\": \(rect(p.contentsRect, "contentsRect"))",
            "\"speed\": \(n(p.speed, "speed"))",
            "\"timeOffset\": \(n(p.timeOffset, "timeOffset"))",
            "\"beginTime\": \(n(p.beginTime, "beginTime"))",
        ]
        if let s = p as? CAShapeLayer {
            f += ["\"fillColor\": \(color(s.fillColor, "fillColor"))", "\"strokeColor\": \(color(s.strokeColor, "strokeColor"))",
                  "\"lineWidth\": \(n(s.lineWidth, "lineWidth"))", "\"strokeStart\": \(n(s.strokeStart, "strokeStart"))",
                  "\"strokeEnd\": \(n(s.strokeEnd, "strokeEnd"))", "\"lineDashPhase\": \(n(s.lineDashPhase, "lineDashPhase"))"]
        }
        if let t = p as? CATextLayer {
            f += ["\"string\": \((t.string as? String).map(SceneJSON.string) ?? "null")", "\"fontSize\": \(n(t.fontSize, "fontSize"))",
                  "\"foregroundColor\": \(color(t.foregroundColor, "foregroundColor"))"]
        }
        if let g = p as? CAGradientLayer {
            let colors = (g.colors as? [CGColor]).map { cs in
                "[" + cs.enumerated().map { color($0.element, "colors[\($0.offset)]") }.joined(separator: ", ") + "]"
            } ?? "null"
            f += ["\"colors\": \(colors)", "\"locations\": \(numbers(g.locations, "locations"))",
                  "\"startPoint\": \(point(g.startPoint, "startPoint"))", "\"endPoint\": \(point(g.endPoint, "endPoint"))"]
        }
        if let r = p as? CAReplicatorLayer {
            f += ["\"instanceCount\": \(r.instanceCount)", "\"instanceDelay\": \(n(r.instanceDelay, "instanceDelay"))",
                  "\"instanceTransform\": \(matrix(r.instanceTransform, "instanceTransform"))",
                  "\"instanceColor\": \(color(r.instanceColor, "instanceColor"))"]
        }
        if let e = p as? CAEmitterLayer { f += emitterFields(e) }
        return f
    }

    /// An emitter layer's own values, then each named cell's animatable rates by key path
    /// (`emitterCells.spark.birthRate`, nested cells too), as the presentation holds them.
    private func emitterFields(_ e: CAEmitterLayer) -> [String] {
        var f = ["\"birthRate\": \(n(e.birthRate, "birthRate"))", "\"lifetime\": \(n(e.lifetime, "lifetime"))",
                 "\"velocity\": \(n(e.velocity, "velocity"))", "\"scale\": \(n(e.scale, "scale"))", "\"spin\": \(n(e.spin, "spin"))",
                 "\"emitterPosition\": \(point(e.emitterPosition, "emitterPosition"))",
                 "\"emitterSize\": \(size(e.emitterSize, "emitterSize"))", "\"seed\": \(e.seed)"]
        func cells(_ list: [CAEmitterCell]?, prefix: String, depth: Int) {
            guard depth < 8 else { return }
            for c in list ?? [] {
                guard let name = c.name, !name.isEmpty else { continue }
                let path = prefix + "emitterCells." + name
                for key in ["birthRate", "lifetime", "velocity", "scale"] {
                    let v = (e.value(forKeyPath: path + "." + key) as? CGFloat) ?? 0
                    // birthRate and lifetime are Floats (CAEmitterCell's types), the others CGFloats.
                    let text = key == "birthRate" || key == "lifetime" ? n(Float(v), path + "." + key) : n(v, path + "." + key)
                    f.append("\(SceneJSON.string(path + "." + key)): \(text)")
                }
                cells(c.emitterCells, prefix: path + ".", depth: depth + 1)
            }
        }
        cells(e.emitterCells, prefix: "", depth: 0)
        return f
    }

    private func presentation(of scene: Scene, at t: CFTimeInterval) -> String {
        var items: [String] = []
        let time = n(t, "time")
        for name in scene.order {
            guard let model = scene.layers[name] else { continue }
            let p = model.presentation() ?? model
            layer = name
            let fields = [
                "\"name\": \(SceneJSON.string(name))",
                "\"class\": \(SceneJSON.string(scene.classes[name] ?? "CALayer"))",
                "\"position\": \(point(p.position, "position"))",
                "\"bounds\": \(rect(p.bounds, "bounds"))",
                "\"anchorPoint\": \(point(p.anchorPoint, "anchorPoint"))",
                "\"zPosition\": \(n(p.zPosition, "zPosition"))",
                "\"opacity\": \(n(p.opacity, "opacity"))",
                "\"isHidden\": \(p.isHidden)",
                "\"transform\": \(matrix(p.transform, "transform"))",
                "\"backgroundColor\": \(color(p.backgroundColor, "backgroundColor"))",
                "\"cornerRadius\": \(n(p.cornerRadius, "cornerRadius"))",
                "\"borderWidth\": \(n(p.borderWidth, "borderWidth"))",
                "\"borderColor\": \(color(p.borderColor, "borderColor"))",
            ] + more(p) + lottieFields(model)
            items.append("{" + fields.joined(separator: ", ") + "}")
        }
        layer = ""
        return "{\"time\": \(time), \"layers\": [" + items.joined(separator: ", ") + "]}"
    }
}
