import Foundation
import CoreGraphics

extension LayerValue {
    /// The value's numeric components, for linear interpolation, addition, distances and splines.
    /// Colours give sRGB RGBA; transforms, paths and contents have none (they interpolate specially).
    var components: [Double]? {
        switch self {
        case .number(let d): return [d]
        case .bool(let b): return [b ? 1 : 0]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case .color(let c):
            guard let c else { return nil }
            let s = c.srgbComponents
            return [Double(s.red), Double(s.green), Double(s.blue), Double(s.alpha)]
        case .numberArray(let a): return a
        case .transform(let t):
            return [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                    t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
        case .path, .contents, .colorArray: return nil
        }
    }

    /// Builds a value of `kind` from components (the inverse of `components`).
    static func fromComponents(_ c: [Double], kind: ValueKind) -> LayerValue? {
        switch kind {
        case .number: return c.count >= 1 ? .number(c[0]) : nil
        case .bool: return c.count >= 1 ? .bool(c[0] >= 0.5) : nil
        case .point: return c.count >= 2 ? .point(CGPoint(x: c[0], y: c[1])) : nil
        case .size: return c.count >= 2 ? .size(CGSize(width: c[0], height: c[1])) : nil
        case .rect: return c.count >= 4 ? .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3])) : nil
        case .color:
            guard c.count >= 4 else { return nil }
            let cl = { (v: Double) -> CGFloat in CGFloat(min(max(v, 0), 1)) }
            return .color(CGColor(srgbRed: cl(c[0]), green: cl(c[1]), blue: cl(c[2]), alpha: cl(c[3])))
        case .numberArray: return .numberArray(c)
        case .transform:
            guard c.count >= 16 else { return nil }
            let f = c.map { CGFloat($0) }
            return .transform(CATransform3D(m11: f[0], m12: f[1], m13: f[2], m14: f[3], m21: f[4], m22: f[5], m23: f[6], m24: f[7],
                                            m31: f[8], m32: f[9], m33: f[10], m34: f[11], m41: f[12], m42: f[13], m43: f[14], m44: f[15]))
        case .path, .contents, .colorArray: return nil
        }
    }

    /// Interpolates from `a` to `b` at fraction `t` (which may leave 0...1 for springs and overshooting
    /// timing functions). Transforms interpolate by decomposition; paths element by element when their
    /// elements match; colours in sRGB RGBA; values that cannot be blended switch at t = 0.5.
    static func interpolate(_ a: LayerValue, _ b: LayerValue, _ t: Double) -> LayerValue {
        if t == 0 { return a }
        if t == 1 { return b }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
        case (.point(let p), .point(let q)):
            return .point(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
        case (.size(let p), .size(let q)):
            return .size(CGSize(width: p.width + (q.width - p.width) * t, height: p.height + (q.height - p.height) * t))
        case (.transform(let m), .transform(let n)):
            return .transform(interpolateTransform(m, n, t))
        case (.path(let p?), .path(let q?)):
            if let r = interpolatePaths(p, q, t) { return .path(r) }
            return t < 0.5 ? a : b
        case (.colorArray(let x), .colorArray(let y)) where x.count == y.count:
            var out: [CGColor] = []
            out.reserveCapacity(x.count)
            for i in 0..<x.count {
                if case .color(let c?) = interpolate(.color(x[i]), .color(y[i]), t) { out.append(c) }
            }
            return .colorArray(out)
        case (.color(nil), .color(let c?)):
            return interpolate(.color(c.copy(alpha: 0)), b, t)
        case (.color(let c?), .color(nil)):
            return interpolate(a, .color(c.copy(alpha: 0)), t)
        default:
            if let ca = a.components, let cb = b.components, ca.count == cb.count,
               let r = fromComponents(zip(ca, cb).map { $0 + ($1 - $0) * t }, kind: a.kind) {
                return r
            }
            return t < 0.5 ? a : b
        }
    }

    /// Adds two values (for `byValue`, additive and cumulative animations). Transforms concatenate
    /// (`b` applied after `a`); colours add component-wise; kinds that cannot add return `b`.
    static func add(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        switch (a, b) {
        case (.transform(let m), .transform(let n)): return .transform(CATransform3DConcat(m, n))
        case (.number(let x), .number(let y)): return .number(x + y)
        default:
            if let ca = a.components, let cb = b.components, ca.count == cb.count,
               let r = fromComponents(zip(ca, cb).map { $0 + $1 }, kind: a.kind) {
                return r
            }
            return b
        }
    }

    /// Multiplies a value by a scalar (for cumulative animations); non-numeric values are returned unchanged.
    static func scale(_ a: LayerValue, by k: Double) -> LayerValue {
        if case .transform(let m) = a {
            // Repeating a transform k times: compose it with itself (k is a whole repeat count here).
            var r = CATransform3DIdentity
            let n = k.isNaN ? 0 : Int(min(max(k.rounded(), 0), 1000))
            for _ in 0..<min(n, 1000) { r = CATransform3DConcat(r, m) }
            return .transform(r)
        }
        guard let c = a.components, let r = fromComponents(c.map { $0 * k }, kind: a.kind) else { return a }
        return r
    }

    /// The distance between two values, used by paced keyframe animations: Euclidean over components,
    /// 1 for values with no components that differ, 0 for equal ones.
    static func distance(_ a: LayerValue, _ b: LayerValue) -> Double {
        if let ca = a.components, let cb = b.components, ca.count == cb.count {
            var s = 0.0
            for i in 0..<ca.count { let d = cb[i] - ca[i]; s += d * d }
            return s.squareRoot()
        }
        return 1
    }

    /// Interpolates two paths whose command lists have the same shape; nil when they differ.
    static func interpolatePaths(_ p: CGPath, _ q: CGPath, _ t: Double) -> CGPath? {
        let a = p.commands, b = q.commands
        guard a.count == b.count else { return nil }
        func lerp(_ u: CGPoint, _ v: CGPoint) -> CGPoint { CGPoint(x: u.x + (v.x - u.x) * t, y: u.y + (v.y - u.y) * t) }
        var out: [CGPathCommand] = []
        out.reserveCapacity(a.count)
        for i in 0..<a.count {
            switch (a[i], b[i]) {
            case (.move(let u), .move(let v)): out.append(.move(to: lerp(u, v)))
            case (.addLine(let u), .addLine(let v)): out.append(.addLine(to: lerp(u, v)))
            case (.addQuadCurve(let u, let cu), .addQuadCurve(let v, let cv)):
                out.append(.addQuadCurve(to: lerp(u, v), control: lerp(cu, cv)))
            case (.addCurve(let u, let c1, let c2), .addCurve(let v, let d1, let d2)):
                out.append(.addCurve(to: lerp(u, v), control1: lerp(c1, d1), control2: lerp(c2, d2)))
            case (.closeSubpath, .closeSubpath): out.append(.closeSubpath)
            default: return nil
            }
        }
        return CGMutablePath(commands: out)
    }
}

extension LayerValue {
    /// `a − b` component-wise (transforms: a followed by the inverse of b).
    static func subtract(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        if case .transform(let m) = a, case .transform(let n) = b {
            return .transform(CATransform3DConcat(m, CATransform3DInvert(n)))
        }
        if let ca = a.components, let cb = b.components, ca.count == cb.count,
           let r = fromComponents(zip(ca, cb).map { $0 - $1 }, kind: a.kind) {
            return r
        }
        return a
    }
}
