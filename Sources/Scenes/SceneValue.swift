import Foundation
import QuartzCore
import Yams

/// The value kinds a scene property or animation can hold, and how each is written in YAML.
public enum SceneValueKind: String, Sendable {
    /// A number: `12.5`.
    case number
    /// A point: `[x, y]`.
    case point
    /// A size: `[w, h]`.
    case size
    /// A rectangle: `[x, y, w, h]`.
    case rect
    /// A colour: `"#rrggbb"`, `"#rrggbbaa"` or `[r, g, b]` / `[r, g, b, a]` in 0...1.
    case color
    /// true or false.
    case bool
    /// Text.
    case string
    /// A 3D transform: `{translate: [x, y, z], rotate: degrees, rotateX/rotateY: degrees, scale: s or [sx, sy], perspective: d}`,
    /// applied in that order.
    case transform
    /// A list of numbers: `[8, 4]`.
    case numbers
    /// A list of colours.
    case colors
    /// A path in SVG-like commands: `"M 10 10 L 90 10 Q 90 90 10 90 C ... Z"`, or `{ellipse: [x, y, w, h]}`, `{rect: [...]}`.
    case path
}

/// Reads typed values from YAML nodes, with errors that name the file, line and column.
struct ValueReader {
    let file: String

    func error(_ node: Node?, _ message: String) -> SceneError {
        SceneError(file: file, line: node?.mark?.line ?? 0, column: node?.mark?.column ?? 0, message: message)
    }

    func numbers(_ node: Node, count: Int?, what: String) throws -> [Double] {
        guard case .sequence(let seq) = node else { throw error(node, "expected \(what)") }
        try checkLength(seq, node)
        let values = try seq.map { n -> Double in
            guard let v = n.float, v.isFinite else { throw error(n, "expected a finite number in \(what)") }
            return v
        }
        if let c = count, values.count != c { throw error(node, "expected \(what), got \(values.count) numbers") }
        return values
    }

    func number(_ node: Node) throws -> Double {
        guard let v = node.float, v.isFinite else { throw error(node, "expected a number, got \(describe(node))") }
        return v
    }

    func color(_ node: Node) throws -> CGColor {
        if let s = node.string, s.hasPrefix("#") {
            let hex = String(s.dropFirst())
            guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else {
                throw error(node, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"\(s)\"")
            }
            let full = hex.count == 6 ? v << 8 | 0xFF : v
            func c(_ shift: UInt64) -> CGFloat { CGFloat((full >> shift) & 0xFF) / 255 }
            return CGColor(srgbRed: c(24), green: c(16), blue: c(8), alpha: c(0))
        }
        if case .sequence = node {
            let v = try numbers(node, count: nil, what: "a colour [r, g, b] or [r, g, b, a]")
            guard v.count == 3 || v.count == 4, v.allSatisfy({ (0...1).contains($0) }) else {
                throw error(node, "expected a colour [r, g, b] or [r, g, b, a] with components 0...1")
            }
            return CGColor(srgbRed: CGFloat(v[0]), green: CGFloat(v[1]), blue: CGFloat(v[2]), alpha: CGFloat(v.count == 4 ? v[3] : 1))
        }
        throw error(node, "expected a colour (\"#rrggbb\" or [r, g, b, a]), got \(describe(node))")
    }

    func transform(_ node: Node) throws -> CATransform3D {
        guard case .mapping(let map) = node else {
            throw error(node, "expected a transform {translate, rotate, rotateX, rotateY, scale, perspective}")
        }
        var t = CATransform3DIdentity
        let known = ["translate", "rotate", "rotateX", "rotateY", "scale", "perspective"]
        for (k, v) in map {
            guard let key = k.string, known.contains(key) else {
                let hint = k.string.flatMap { nearest($0, in: known) }.map { " (did you mean \"\($0)\"?)" } ?? ""
                throw error(k, "unknown transform part \"\(k.string ?? "?")\"\(hint); expected one of \(known.joined(separator: ", "))")
            }
            switch key {
            case "translate":
                let p = try numbers(v, count: nil, what: "translate [x, y] or [x, y, z]")
                guard p.count == 2 || p.count == 3 else { throw error(v, "expected translate [x, y] or [x, y, z]") }
                t = CATransform3DConcat(t, CATransform3DMakeTranslation(CGFloat(p[0]), CGFloat(p[1]), CGFloat(p.count == 3 ? p[2] : 0)))
            case "rotate": t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(try number(v) * .pi / 180), 0, 0, 1))
            case "rotateX": t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(try number(v) * .pi / 180), 1, 0, 0))
            case "rotateY": t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(try number(v) * .pi / 180), 0, 1, 0))
            case "scale":
                if case .sequence = v {
                    let s = try numbers(v, count: 2, what: "scale [sx, sy]")
                    t = CATransform3DConcat(t, CATransform3DMakeScale(CGFloat(s[0]), CGFloat(s[1]), 1))
                } else {
                    let s = CGFloat(try number(v))
                    t = CATransform3DConcat(t, CATransform3DMakeScale(s, s, 1))
                }
            default:
                let d = try number(v)
                guard d > 0 else { throw error(v, "expected a positive perspective distance") }
                var p = CATransform3DIdentity; p.m34 = CGFloat(-1 / d)
                t = CATransform3DConcat(t, p)
            }
        }
        return t
    }

    func path(_ node: Node) throws -> CGPath {
        if case .mapping(let map) = node, map.count == 1, let (k, v) = map.first.map({ ($0.key, $0.value) }), let key = k.string {
            let r = try numbers(v, count: 4, what: "\(key) [x, y, w, h]")
            let rect = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
            switch key {
            case "ellipse": return CGPath(ellipseIn: rect, transform: nil)
            case "rect": return CGPath(rect: rect, transform: nil)
            default: throw error(k, "unknown path shape \"\(key)\"; expected ellipse, rect, or a string of commands")
            }
        }
        guard let s = node.string else { throw error(node, "expected a path: \"M x y L x y ... Z\", {ellipse: [...]} or {rect: [...]}") }
        let p = CGMutablePath()
        var tokens = s.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)[...]
        func take(_ n: Int, _ cmd: String) throws -> [CGFloat] {
            var out: [CGFloat] = []
            for _ in 0..<n {
                guard let t = tokens.popFirst(), let v = Double(t), v.isFinite else { throw error(node, "path command \(cmd) wants \(n) numbers") }
                out.append(CGFloat(v))
            }
            return out
        }
        while let cmd = tokens.popFirst() {
            switch cmd {
            case "M": let v = try take(2, cmd); p.move(to: CGPoint(x: v[0], y: v[1]))
            case "L": let v = try take(2, cmd); p.addLine(to: CGPoint(x: v[0], y: v[1]))
            case "Q": let v = try take(4, cmd); p.addQuadCurve(to: CGPoint(x: v[2], y: v[3]), control: CGPoint(x: v[0], y: v[1]))
            case "C": let v = try take(6, cmd); p.addCurve(to: CGPoint(x: v[4], y: v[5]), control1: CGPoint(x: v[0], y: v[1]), control2: CGPoint(x: v[2], y: v[3]))
            case "Z": p.closeSubpath()
            default: throw error(node, "unknown path command \"\(cmd)\"; expected M, L, Q, C or Z")
            }
        }
        return p
    }

    /// A value of `kind` for CALayer's KVC.
    func value(_ node: Node, kind: SceneValueKind) throws -> Any {
        switch kind {
        case .number: return CGFloat(try number(node))
        case .point: let v = try numbers(node, count: 2, what: "a point [x, y]"); return CGPoint(x: v[0], y: v[1])
        case .size: let v = try numbers(node, count: 2, what: "a size [width, height]"); return CGSize(width: v[0], height: v[1])
        case .rect: let v = try numbers(node, count: 4, what: "a rectangle [x, y, width, height]"); return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .color: return try color(node)
        case .bool: guard let b = node.bool else { throw error(node, "expected true or false, got \(describe(node))") }; return b
        case .string: guard let s = node.string else { throw error(node, "expected text") }; return s
        case .transform: return try transform(node)
        case .numbers: return try numbers(node, count: nil, what: "a list of numbers").map { NSNumber(value: $0) }
        case .colors:
            guard case .sequence(let seq) = node else { throw error(node, "expected a list of colours") }
            try checkLength(seq, node)
            return try seq.map { try color($0) }
        case .path: return try path(node)
        }
    }

    /// Throws when a list of values is longer than `Scene.Limits.listItems`.
    func checkLength(_ seq: Node.Sequence, _ node: Node) throws {
        guard seq.count <= Scene.Limits.listItems else {
            throw error(node, "the list has \(seq.count) items; lists of values are limited to \(Scene.Limits.listItems)")
        }
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return "\"\(s.string)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}
