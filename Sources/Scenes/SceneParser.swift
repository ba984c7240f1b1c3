import Foundation
import QuartzCore
import Lottie
import Yams

/// Reads a scene document: `window`, `layers` (a tree of named layers with their properties) and
/// `animations` (started at load). Every error names the file, line and column; unknown keys get
/// the nearest known one suggested.
struct SceneParser {
    let file: String
    let directory: URL?
    var reader: ValueReader { ValueReader(file: file) }

    func error(_ node: Node?, _ message: String) -> SceneError { reader.error(node, message) }

    /// A mapping, with YAML merge keys applied: `<<: *base` (or a list of them) adds the keys of
    /// the merged mappings that the mapping does not set itself, the first list item winning.
    func mapping(_ node: Node, _ what: String) throws -> Node.Mapping {
        guard case .mapping(let m) = node else { throw error(node, "expected \(what) (a mapping of keys to values)") }
        guard m.contains(where: { $0.key.string == "<<" }) else { return m }
        return try merged(m, what, depth: 0)
    }

    private func merged(_ m: Node.Mapping, _ what: String, depth: Int) throws -> Node.Mapping {
        guard depth < 32 else { throw error(Node.mapping(m), "merge keys (<<) nested more than 32 deep") }
        var pairs = m.filter { $0.key.string != "<<" }.map { ($0.key, $0.value) }
        var seen = Set(pairs.compactMap { $0.0.string })
        for source in m.filter({ $0.key.string == "<<" }).map(\.value) {
            let items: [Node]
            switch source {
            case .mapping: items = [source]
            case .sequence(let seq): items = Array(seq)
            default: throw error(source, "a merge key (<<) takes a mapping or a list of mappings, such as *base")
            }
            for item in items {
                guard case .mapping(let inner) = item else { throw error(item, "a merge key (<<) takes a mapping or a list of mappings, such as *base") }
                let flat = inner.contains(where: { $0.key.string == "<<" }) ? try merged(inner, what, depth: depth + 1) : inner
                for (k, v) in flat where !seen.contains(k.string ?? "") {
                    pairs.append((k, v))
                    if let s = k.string { seen.insert(s) }
                }
            }
        }
        return Node.Mapping(pairs, m.tag, m.style, m.mark)
    }

    func unknownKey(_ k: Node, known: [String], in what: String) -> SceneError {
        let word = k.string ?? "?"
        let hint = nearest(word, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
        return error(k, "unknown key \"\(word)\" in \(what)\(hint)")
    }

    func scene(_ node: Node) throws -> Scene {
        let top = try mapping(node, "a scene")
        var size = CGSize(width: 640, height: 480)
        var background: CGColor? = CGColor(gray: 0.1, alpha: 1)
        var layerNodes: Node? = nil, animationNodes: Node? = nil, interactionNodes: Node? = nil
        for (k, v) in top {
            switch k.string {
            case "window":
                for (wk, wv) in try mapping(v, "the window") {
                    switch wk.string {
                    case "size":
                        let s = try reader.numbers(wv, count: 2, what: "a window size [width, height]")
                        guard s.allSatisfy({ (16...8192).contains($0) }) else { throw error(wv, "window sizes are 16...8192 points") }
                        size = CGSize(width: s[0], height: s[1])
                    case "background": background = try reader.color(wv)
                    default: throw unknownKey(wk, known: ["size", "background"], in: "window")
                    }
                }
            case "layers": layerNodes = v
            case "animations": animationNodes = v
            case "interactions": interactionNodes = v
            default: throw unknownKey(k, known: ["window", "layers", "animations", "interactions"], in: "the scene")
            }
        }
        let scene = Scene.make(size: size, background: background)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        var animationCount = 0
        if let l = layerNodes {
            guard case .sequence(let seq) = l else { throw error(l, "expected a list of layers") }
            var count = 0
            for n in seq { scene.root.addSublayer(try layer(n, into: scene, count: &count)) }
            try SceneExpansion.check(scene.root, scene: scene, file: file)
        }
        if let a = animationNodes {
            guard case .sequence(let seq) = a else { throw error(a, "expected a list of animations") }
            guard seq.count <= Scene.Limits.animations else { throw error(a, "more than \(Scene.Limits.animations) animations") }
            try checkAnimations(seq, count: &animationCount)
            for n in seq { try animation(n, scene: scene) }
        }
        if let i = interactionNodes {
            guard case .sequence(let seq) = i else { throw error(i, "expected a list of interactions") }
            for n in seq { try checkSteps(n, count: &animationCount) }
            for n in seq { scene.interactions.append(try interaction(n, scene: scene)) }
        }
        return scene
    }

    /// Counts animations, those nested in groups included, against `Scene.Limits.animations`, and
    /// checks the length of keyframe `values`, before any animation is built: groups of aliased
    /// groups multiply (8^6 animations from a few lines), and a list of 200,000 keyframes is read
    /// three times over.
    func checkAnimations(_ seq: Node.Sequence, count: inout Int) throws {
        for n in seq {
            count += 1
            guard count <= Scene.Limits.animations else {
                throw error(n, "more than \(Scene.Limits.animations) animations (counting those in groups and interactions)")
            }
            guard case .mapping(let m) = n else { continue }
            for (k, v) in m {
                guard case .sequence(let list) = v else { continue }
                switch k.string {
                case "animations": try checkAnimations(list, count: &count)
                case "values": try reader.checkLength(list, v)
                default: break
                }
            }
        }
    }

    /// `checkAnimations` for the animations an interaction adds (in its steps and its `then`).
    func checkSteps(_ node: Node, count: inout Int) throws {
        guard case .mapping(let m) = node else { return }
        for (k, v) in m {
            switch (k.string, v) {
            case ("add", .sequence(let list)): try checkAnimations(list, count: &count)
            case ("then", .mapping): try checkSteps(v, count: &count)
            default: break
            }
        }
    }

    func layer(_ node: Node, into scene: Scene, count: inout Int) throws -> CALayer {
        count += 1
        guard count <= Scene.Limits.layers else { throw error(node, "more than \(Scene.Limits.layers) layers") }
        let map = try mapping(node, "a layer")
        var className = "CALayer"
        let lottieNode = map.value("lottie")
        if let c = map.value("class"), lottieNode != nil {
            throw error(c, "a layer with lottie: is a \(SceneLottie.className); leave out class")
        }
        if lottieNode != nil { className = SceneLottie.className }
        if lottieNode == nil, let c = map.value("class") {
            guard let s = c.string, SceneProperties.classes.contains(s) else {
                let hint = c.string.flatMap { nearest($0, in: SceneProperties.classes) }.map { "; did you mean \"\($0)\"?" } ?? ""
                throw error(c, "unknown layer class \"\(c.string ?? "?")\"\(hint); expected one of \(SceneProperties.classes.joined(separator: ", "))")
            }
            className = s
        }
        let l = try lottieNode.map { try lottieLayer($0, scene: scene) } ?? SceneProperties.makeLayer(className)
        var autoPlay = true
        let table = SceneProperties.table(forClass: className)
        // frame depends on bounds and anchorPoint: set it last; actions once the name is known.
        var frameNode: Node? = nil, actionsNode: Node? = nil
        for (k, v) in map {
            guard let key = k.string else { throw error(k, "expected a key") }
            switch key {
            case "name":
                guard let n = v.string, !n.isEmpty else { throw error(v, "expected a name") }
                guard scene.layers[n] == nil else { throw error(v, "a layer named \"\(n)\" already exists") }
                l.name = n
                scene.register(n, l, className: className)
            case "class", "lottie": break
            case "autoPlay" where lottieNode != nil: autoPlay = try reader.value(v, kind: .bool) as! Bool
            case _ where lottieNode != nil && SceneLottie.keys[key] != nil:
                try setLottie(l as! LottieAnimationLayer, key: key, node: v)
            case "sublayers":
                guard case .sequence(let seq) = v else { throw error(v, "expected a list of sublayers") }
                for n in seq { l.addSublayer(try layer(n, into: scene, count: &count)) }
            case "frame": frameNode = v
            case "actions": actionsNode = v
            case "mask": l.mask = try layer(v, into: scene, count: &count)
            case "emitterCells" where className == "CAEmitterLayer":
                var cells = 0
                (l as? CAEmitterLayer)?.emitterCells = try emitterCells(v, depth: 1, count: &cells, scene: scene)
            case "contents":
                guard let path = v.string else { throw error(v, "expected an image path") }
                let (image, url) = try image(path, node: v)
                l.contents = image
                if !scene.assets.contains(url) { scene.assets.append(url) }
            case "font" where className == "CATextLayer" && v.string.map(SceneParser.isFontFile) == true:
                let url = try fontFile(v.string!, node: v)
                (l as? CATextLayer)?.font = url.path as CFTypeRef
                if !scene.assets.contains(url) { scene.assets.append(url) }
            default:
                guard let kind = table[key] else {
                    let own = className == "CAEmitterLayer" ? ["emitterCells"] : []
                    throw unknownKey(k, known: ["name", "class", "sublayers", "mask", "actions"] + own + table.keys.sorted(), in: "a \(className)")
                }
                try set(l, key: key, kind: kind, node: v)
            }
        }
        if let f = frameNode { l.frame = try reader.value(f, kind: .rect) as! CGRect }
        if let a = actionsNode { l.actions = try actions(a, of: l, scene: scene) }
        if autoPlay, let lottie = l as? LottieAnimationLayer { lottie.play() }
        if let n = l.name { for (k, v) in map where k.string != "sublayers" { scene.declarations[n, default: [:]][k.string ?? ""] = v } }
        return l
    }

    /// Sets a property, with named enumerations turned into their types.
    /// A layer's `actions` dictionary: event names (usually key paths) to an animation, whose
    /// keyPath defaults to the event, or to null (NSNull: no implicit animation for that key).
    func actions(_ node: Node, of l: CALayer, scene: Scene) throws -> [String: CAAction] {
        var out: [String: CAAction] = [:]
        for (k, v) in try mapping(node, "actions (event names to animations, or null for none)") {
            guard let key = k.string, !key.isEmpty else { throw error(k, "expected an event name, such as backgroundColor") }
            if case .scalar(let sc) = v, sc.style == .plain, ["null", "Null", "NULL", "~", ""].contains(sc.string) {
                out[key] = NSNull()
                continue
            }
            var m = try mapping(v, "an action: an animation, or null for none")
            let type = m.value("type")?.string
            if m.value("keyPath") == nil && type != "group" && type != "transition" {
                m = Node.Mapping(Array(m.map { ($0.key, $0.value) }) + [(Node("keyPath"), Node(key))], m.tag, m.style, m.mark)
            }
            out[key] = try makeAnimation(.mapping(m), scene: scene, inherited: (l.name ?? "", l)).animation
        }
        return out
    }

    func set(_ l: CALayer, key: String, kind: SceneValueKind, node: Node) throws {
        let value = try reader.value(node, kind: kind)
        if let e = l as? CAEmitterLayer, try setEmitter(e, key: key, value: value, node: node) { return }
        // Lists first, by kind: casting a long list to each case's type in the switch below would
        // bridge it once per case (200,000 gradient stops took seconds).
        switch kind {
        case .numbers:
            let ns = value as! [NSNumber]
            switch key {
            case "lineDashPattern": (l as? CAShapeLayer)?.lineDashPattern = ns
            case "locations": (l as? CAGradientLayer)?.locations = ns
            default: l.setValue(ns, forKeyPath: key)
            }
            return
        case .colors:
            let cs = value as! [CGColor]
            if key == "colors" { (l as? CAGradientLayer)?.colors = cs } else { l.setValue(cs, forKeyPath: key) }
            return
        default: break
        }
        switch (key, value) {
        case ("lineCap", let s as String):
            guard ["butt", "round", "square"].contains(s) else { throw error(node, "expected butt, round or square") }
            (l as? CAShapeLayer)?.lineCap = CAShapeLayerLineCap(rawValue: s)
        case ("lineJoin", let s as String):
            guard ["miter", "round", "bevel"].contains(s) else { throw error(node, "expected miter, round or bevel") }
            (l as? CAShapeLayer)?.lineJoin = CAShapeLayerLineJoin(rawValue: s)
        case ("fillRule", let s as String):
            guard ["nonZero", "evenOdd"].contains(s) else { throw error(node, "expected nonZero or evenOdd") }
            (l as? CAShapeLayer)?.fillRule = s == "evenOdd" ? .evenOdd : .nonZero
        case ("alignmentMode", let s as String):
            guard ["natural", "left", "right", "center", "justified"].contains(s) else { throw error(node, "expected natural, left, right, center or justified") }
            (l as? CATextLayer)?.alignmentMode = CATextLayerAlignmentMode(rawValue: s)
        case ("truncationMode", let s as String):
            guard ["none", "start", "middle", "end"].contains(s) else { throw error(node, "expected none, start, middle or end") }
            (l as? CATextLayer)?.truncationMode = CATextLayerTruncationMode(rawValue: s)
        case ("type", let s as String):
            guard ["axial", "radial", "conic"].contains(s) else { throw error(node, "expected axial, radial or conic") }
            (l as? CAGradientLayer)?.type = CAGradientLayerType(rawValue: s)
        case ("cornerCurve", let s as String):
            guard ["circular", "continuous"].contains(s) else { throw error(node, "expected circular or continuous") }
            l.cornerCurve = CALayerCornerCurve(rawValue: s)
        case ("minificationFilter", let s as String), ("magnificationFilter", let s as String):
            guard ["nearest", "linear", "trilinear"].contains(s) else { throw error(node, "expected nearest, linear or trilinear") }
            if key == "minificationFilter" { l.minificationFilter = CALayerContentsFilter(rawValue: s) } else { l.magnificationFilter = CALayerContentsFilter(rawValue: s) }
        case ("maskedCorners", let s as String):
            let names = ["minXMinY": CACornerMask.layerMinXMinYCorner, "maxXMinY": .layerMaxXMinYCorner,
                         "minXMaxY": .layerMinXMaxYCorner, "maxXMaxY": .layerMaxXMaxYCorner]
            var mask: CACornerMask = []
            for word in s.split(whereSeparator: { $0 == "," || $0 == " " }) {
                guard let c = names[String(word)] else {
                    throw error(node, "unknown corner \"\(word)\"; expected some of minXMinY, maxXMinY, minXMaxY, maxXMaxY")
                }
                mask.insert(c)
            }
            l.maskedCorners = mask
        case ("contentsGravity", let s as String):
            l.contentsGravity = CALayerContentsGravity(rawValue: s)
        case ("font", let s as String): (l as? CATextLayer)?.font = s as CFTypeRef
        case ("string", let s as String):
            guard s.utf8.count <= Scene.Limits.textBytes else {
                throw error(node, "the text is \(s.utf8.count) bytes; a text layer's string is limited to \(Scene.Limits.textBytes)")
            }
            (l as? CATextLayer)?.string = s
        case ("fontSize", let n as CGFloat): (l as? CATextLayer)?.fontSize = n
        case ("foregroundColor", let c as CGColor): (l as? CATextLayer)?.foregroundColor = c
        case ("isWrapped", let b as Bool): (l as? CATextLayer)?.isWrapped = b
        case ("path", let p as CGPath): (l as? CAShapeLayer)?.path = p
        case ("shadowPath", let p as CGPath): l.shadowPath = p
        case ("fillColor", let c as CGColor): (l as? CAShapeLayer)?.fillColor = c
        case ("strokeColor", let c as CGColor): (l as? CAShapeLayer)?.strokeColor = c
        case ("startPoint", let p as CGPoint): (l as? CAGradientLayer)?.startPoint = p
        case ("endPoint", let p as CGPoint): (l as? CAGradientLayer)?.endPoint = p
        case ("instanceTransform", let t as CATransform3D): (l as? CAReplicatorLayer)?.instanceTransform = t
        case ("instanceColor", let c as CGColor): (l as? CAReplicatorLayer)?.instanceColor = c
        case ("instanceCount", let n as CGFloat):
            guard n >= 0, n <= 10_000 else { throw error(node, "instanceCount is 0...10000") }
            (l as? CAReplicatorLayer)?.instanceCount = Int(n)
        case ("opacity", let n as CGFloat), ("shadowOpacity", let n as CGFloat), ("speed", let n as CGFloat), ("minificationFilterBias", let n as CGFloat):
            l.setValue(Float(n), forKey: key)
        case ("beginTime", let n as CGFloat), ("timeOffset", let n as CGFloat), ("instanceDelay", let n as CGFloat):
            l.setValue(Double(n), forKey: key)
        default:
            l.setValue(value, forKeyPath: key)
        }
    }
}

extension Node.Mapping {
    /// The value of the first key whose text is `key`. Yams' own subscript compares resolved tags,
    /// which runs regular expressions over every key on every lookup (most of a 20,000-layer
    /// document's parse); by text it is a string comparison, and a quoted key matches too.
    func value(_ key: String) -> Node? {
        for (k, v) in self where k.string == key { return v }
        return nil
    }
}
