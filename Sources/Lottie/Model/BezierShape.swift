import Foundation
import CoreGraphics

/// A shape's bezier path as Lottie writes it: vertices `v`, in- and out-tangents `i`/`o` relative to
/// their vertex, and whether it is closed (`c`).
struct BezierShape: KeyframeValue {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    /// The most vertices one shape may have.
    static let maxVertices = 100_000

    static func decodeStatic(_ decoder: any Decoder) throws -> BezierShape? {
        guard (try? decoder.container(keyedBy: AnyKey.self)) != nil else { return nil }
        return try decodeObject(decoder)
    }

    static func decodeKeyframeValue(_ decoder: any Decoder) throws -> BezierShape {
        // Keyframes hold the shape in an array of one.
        if var u = try? decoder.unkeyedContainer() {
            guard !u.isAtEnd else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a shape, found an empty array")) }
            return try decodeObject(u.superDecoder())
        }
        return try decodeObject(decoder)
    }

    private static func decodeObject(_ decoder: any Decoder) throws -> BezierShape {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a shape, an object with \"v\", \"i\", \"o\" and \"c\""))
        }
        func points(_ key: String) throws -> [CGPoint] {
            guard c.has(key) else { throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: decoder.codingPath, debugDescription: "expected \"\(key)\", a list of [x, y] points")) }
            var u = try c.nestedUnkeyedContainer(forKey: AnyKey(key))
            var out: [CGPoint] = []
            while !u.isAtEnd {
                let p = try [Double].decodeKeyframeValue(u.superDecoder())
                guard p.count >= 2 else { throw DecodingError.dataCorrupted(.init(codingPath: u.codingPath + [AnyKey(intValue: u.currentIndex - 1)!], debugDescription: "expected a point [x, y]")) }
                out.append(CGPoint(x: p[0], y: p[1]))
                guard out.count <= maxVertices else { throw c.mismatch(key, expected: "at most \(maxVertices) points") }
            }
            return out
        }
        let v = try points("v"), i = try points("i"), o = try points("o")
        guard i.count == v.count, o.count == v.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected as many in-tangents \"i\" (\(i.count)) and out-tangents \"o\" (\(o.count)) as vertices \"v\" (\(v.count))"))
        }
        return BezierShape(closed: try c.flag("c"), vertices: v, inTangents: i, outTangents: o)
    }

    static func interpolate(_ a: BezierShape, _ b: BezierShape, _ t: Double) -> BezierShape {
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ p: [CGPoint], _ q: [CGPoint]) -> [CGPoint] {
            zip(p, q).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return BezierShape(closed: a.closed, vertices: mix(a.vertices, b.vertices),
                           inTangents: mix(a.inTangents, b.inTangents), outTangents: mix(a.outTangents, b.outTangents))
    }

    /// Adds the shape to `path` (every segment a curve, so that shapes with the same vertex count
    /// interpolate), reversed when `reversed`, through `transform`.
    func add(to path: CGMutablePath, reversed: Bool, transform: CGAffineTransform) {
        guard let first = vertices.first else { return }
        let n = vertices.count
        let order = reversed ? Array((0..<n).reversed()) : Array(0..<n)
        func out(_ k: Int) -> CGPoint { reversed ? vertices[k] + inTangents[k] : vertices[k] + outTangents[k] }
        func inn(_ k: Int) -> CGPoint { reversed ? vertices[k] + outTangents[k] : vertices[k] + inTangents[k] }
        path.move(to: reversed ? vertices[n - 1] : first, transform: transform)
        for j in 1..<max(n, 1) where n > 1 {
            let a = order[j - 1], b = order[j]
            path.addCurve(to: vertices[b], control1: out(a), control2: inn(b), transform: transform)
        }
        if closed {
            let a = order[n - 1], b = order[0]
            path.addCurve(to: vertices[b], control1: out(a), control2: inn(b), transform: transform)
            path.closeSubpath()
        }
    }
}

extension BezierShape {
    /// The same path run the other way.
    func reversed() -> BezierShape {
        BezierShape(closed: closed, vertices: vertices.reversed(), inTangents: outTangents.reversed(), outTangents: inTangents.reversed())
    }

    /// The handle length, per unit of the rounded distance, of a corner rounded by `rd` (lottie-web's).
    static let roundCornerHandle = 0.5519

    /// This path with each sharp corner (a vertex without tangents, not the end of an open path)
    /// cut back by `radius` along both edges (at most half of each edge) and joined by a curve whose
    /// handles reach 0.5519 of the way back to the corner, as lottie-web rounds corners.
    func roundingCorners(radius: Double) -> BezierShape {
        guard radius > 0, vertices.count > 1 else { return self }
        let n = vertices.count
        var v: [CGPoint] = [], i: [CGPoint] = [], o: [CGPoint] = []
        func towards(_ from: CGPoint, _ to: CGPoint) -> CGPoint {
            let d = hypot(to.x - from.x, to.y - from.y)
            let f = d > 0 ? min(d / 2, radius) / d : 0
            return CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
        }
        for k in 0..<n {
            let p = vertices[k]
            let sharp = inTangents[k] == .zero && outTangents[k] == .zero
            guard sharp, closed || (k != 0 && k != n - 1) else {
                v.append(p); i.append(inTangents[k]); o.append(outTangents[k])
                continue
            }
            let a = towards(p, vertices[(k + n - 1) % n]), b = towards(p, vertices[(k + 1) % n])
            let h = Self.roundCornerHandle
            v.append(a); i.append(.zero); o.append(CGPoint(x: (p.x - a.x) * h, y: (p.y - a.y) * h))
            v.append(b); i.append(CGPoint(x: (p.x - b.x) * h, y: (p.y - b.y) * h)); o.append(.zero)
        }
        return BezierShape(closed: closed, vertices: v, inTangents: i, outTangents: o)
    }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
}
