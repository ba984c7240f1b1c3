import Foundation
import QuartzCore
import Yams

/// Reading emitter layers: CAEmitterLayer's own keys and its `emitterCells`, each a mapping of
/// CAEmitterCell's properties (its image in `contents`, found like a layer's), nested through
/// their own `emitterCells`. Errors name the file, line and column of the value at fault.
extension SceneParser {
    /// How deep cells nest (a layer's cells are level 1), as CAEmitterCell allows.
    static let maximumCellDepth = 4
    /// The most cells one emitter layer may declare, nested ones included.
    static let maximumCells = 1_000

    /// The cells of an `emitterCells` list at nesting `depth` (1 for a layer's).
    func emitterCells(_ node: Node, depth: Int, count: inout Int, scene: Scene) throws -> [CAEmitterCell] {
        guard case .sequence(let seq) = node else { throw error(node, "expected a list of emitter cells") }
        guard depth <= Self.maximumCellDepth else {
            throw error(node, "emitter cells nest at most \(Self.maximumCellDepth) deep (a layer's cells are the first level)")
        }
        var names = Set<String>()
        return try seq.map { n in
            count += 1
            guard count <= Self.maximumCells else { throw error(n, "more than \(Self.maximumCells) emitter cells") }
            let c = try emitterCell(n, depth: depth, count: &count, scene: scene)
            if let name = c.name, !names.insert(name).inserted {
                throw error(n, "two cells here are named \"\(name)\"; key paths such as emitterCells.\(name).birthRate need one")
            }
            return c
        }
    }

    /// One cell.
    func emitterCell(_ node: Node, depth: Int, count: inout Int, scene: Scene) throws -> CAEmitterCell {
        let map = try mapping(node, "an emitter cell")
        let c = CAEmitterCell()
        for (k, v) in map {
            guard let key = k.string else { throw error(k, "expected a key") }
            if key == "emitterCells" {
                c.emitterCells = try emitterCells(v, depth: depth + 1, count: &count, scene: scene)
                continue
            }
            guard let kind = SceneEmitter.cellKeys[key] else {
                throw unknownKey(k, known: ["emitterCells"] + SceneEmitter.cellKeys.keys.sorted(), in: "an emitter cell")
            }
            let value = try reader.value(v, kind: kind)
            if let n = value as? CGFloat {
                try checkCellNumber(key, Double(n), v)
                if let kp = SceneEmitter.floatKeys[key] { c[keyPath: kp] = Float(n) }
                else if let kp = SceneEmitter.cgFloatKeys[key] { c[keyPath: kp] = n }
                else if let kp = SceneEmitter.timeKeys[key] { c[keyPath: kp] = Double(n) }
                continue
            }
            switch (key, value) {
            case ("name", let s as String):
                guard !s.isEmpty, !s.contains(".") else { throw error(v, "expected a cell name without dots (it is part of key paths)") }
                c.name = s
            case ("contents", let path as String):
                let (image, url) = try image(path, node: v)
                c.contents = image
                if !scene.assets.contains(url) { scene.assets.append(url) }
            case ("isEnabled", let b as Bool): c.isEnabled = b
            case ("autoreverses", let b as Bool): c.autoreverses = b
            case ("color", let col as CGColor): c.color = col
            case ("contentsRect", let r as CGRect): c.contentsRect = r
            case ("fillMode", let s as String):
                c.fillMode = CAMediaTimingFillMode(rawValue: try oneOf(s, SceneEmitter.fillModes, v))
            case ("minificationFilter", let s as String): c.minificationFilter = try oneOf(s, SceneEmitter.filters, v)
            case ("magnificationFilter", let s as String): c.magnificationFilter = try oneOf(s, SceneEmitter.filters, v)
            default: throw error(v, "unexpected value for \(key)")
            }
        }
        return c
    }

    /// Refuses cell numbers that can only be mistakes: a negative birth rate, lifetime or
    /// duration, a repeat count below 0.
    private func checkCellNumber(_ key: String, _ n: Double, _ node: Node) throws {
        switch key {
        case "birthRate", "lifetime", "duration", "repeatCount", "repeatDuration", "contentsScale":
            guard n >= 0 else { throw error(node, "\(key) is 0 or more") }
        default: break
        }
    }

    /// `s` when it is one of `names`, else an error suggesting the nearest.
    func oneOf(_ s: String, _ names: [String], _ node: Node) throws -> String {
        guard names.contains(s) else {
            let hint = nearest(s, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(node, "unknown value \"\(s)\"\(hint); expected one of \(names.joined(separator: ", "))")
        }
        return s
    }

    /// Sets one of CAEmitterLayer's own keys; false for other keys.
    func setEmitter(_ l: CAEmitterLayer, key: String, value: Any, node: Node) throws -> Bool {
        switch (key, value) {
        case ("emitterShape", let s as String): l.emitterShape = CAEmitterLayerEmitterShape(rawValue: try oneOf(s, SceneEmitter.shapes, node))
        case ("emitterMode", let s as String): l.emitterMode = CAEmitterLayerEmitterMode(rawValue: try oneOf(s, SceneEmitter.modes, node))
        case ("renderMode", let s as String): l.renderMode = CAEmitterLayerRenderMode(rawValue: try oneOf(s, SceneEmitter.renderModes, node))
        case ("preservesDepth", let b as Bool): l.preservesDepth = b
        case ("emitterPosition", let p as CGPoint): l.emitterPosition = p
        case ("emitterSize", let s as CGSize): l.emitterSize = s
        case ("emitterZPosition", let n as CGFloat): l.emitterZPosition = n
        case ("emitterDepth", let n as CGFloat): l.emitterDepth = n
        case ("birthRate", let n as CGFloat): l.birthRate = Float(n)
        case ("lifetime", let n as CGFloat): l.lifetime = Float(n)
        case ("velocity", let n as CGFloat): l.velocity = Float(n)
        case ("scale", let n as CGFloat): l.scale = Float(n)
        case ("spin", let n as CGFloat): l.spin = Float(n)
        case ("seed", let n as CGFloat):
            guard n >= 0, n <= CGFloat(UInt32.max), n == n.rounded() else { throw error(node, "seed is a whole number 0...\(UInt32.max)") }
            l.seed = UInt32(n)
        default: return false
        }
        return true
    }
}
