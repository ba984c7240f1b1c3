import Foundation
import CoreGraphics

/// Orders the planes of a 3D context (the sublayers of a CATransformLayer) back to front with a BSP
/// tree, splitting planes that intersect so that each piece is drawn in its right place. Works in
/// the context's projected space (after perspective division), where a plane stays a plane and the
/// viewer looks down −z from infinity; a plane with a corner at or behind the eye falls back to
/// ordering by depth. A piece is its layer plus half-planes (in the layer's own coordinates) that
/// clip it.
struct PlaneSorter {
    /// One plane to draw: a node, its map into the context, the half-planes a·x + b·y + c >= 0 that
    /// clip it, and its opacity.
    struct Piece {
        var index: Int
        var toContext: Matrix4x4
        var clips: [SIMD3<Double>]
        var opacity: Double
        var order: Int
    }

    /// The pieces of `items` in drawing order (back to front).
    static func order(_ items: [Piece], bounds: (Int) -> CGRect) -> [Piece] {
        // Projected corners; fall back to depth order if any plane reaches the eye.
        func corners(_ p: Piece) -> [SIMD3<Double>]? {
            let b = bounds(p.index)
            var out: [SIMD3<Double>] = []
            for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
                let q = p.toContext.apply(x: Double(x), y: Double(y))
                guard q.w > 1e-9, q.x.isFinite, q.y.isFinite, q.z.isFinite else { return nil }
                out.append(SIMD3(q.x / q.w, q.y / q.w, q.z / q.w))
            }
            return out
        }
        guard items.count > 1, items.allSatisfy({ corners($0) != nil }), items.count <= 256 else {
            return depthOrder(items, bounds: bounds)
        }
        var out: [Piece] = []
        out.reserveCapacity(items.count * 2)
        build(items, bounds: bounds, corners: corners, depth: 0, into: &out)
        return out
    }

    /// Sorting by the depth of each plane's centre (the fallback).
    static func depthOrder(_ items: [Piece], bounds: (Int) -> CGRect) -> [Piece] {
        func depth(_ p: Piece) -> Double {
            let b = bounds(p.index)
            let q = p.toContext.apply(x: Double(b.midX), y: Double(b.midY))
            let d = q.w > 0 ? q.z / q.w : -Double.infinity
            return d.isNaN ? -Double.infinity : d
        }
        return items.map { ($0, depth($0)) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.order < $1.0.order }.map(\.0)
    }

    /// The linear function of a piece's local (x, y) whose sign tells the side of the plane n·q + d = 0
    /// (in projected space) the point lands on: n·(X, Y, Z) + d·W, with (X, Y, Z, W) = (x, y, 0, 1)·M.
    static func sideFunction(_ p: Piece, normal n: SIMD3<Double>, d: Double) -> SIMD3<Double> {
        let m = p.toContext.m
        // Row r of M gives (X, Y, Z, W) coefficients for x (row 0), y (row 1), constant (row 3).
        func row(_ r: Int) -> Double { n.x * m[r * 4] + n.y * m[r * 4 + 1] + n.z * m[r * 4 + 2] + d * m[r * 4 + 3] }
        return SIMD3(row(0), row(1), row(3))
    }

    private static func build(_ items: [Piece], bounds: (Int) -> CGRect, corners: (Piece) -> [SIMD3<Double>]?,
                              depth: Int, into out: inout [Piece]) {
        guard let first = items.first else { return }
        if items.count == 1 || depth > 64 { out.append(contentsOf: depth > 64 ? depthOrder(items, bounds: bounds) : items); return }
        // The splitter's plane, its normal turned toward the viewer (+z).
        guard let c = corners(first) else { out.append(contentsOf: depthOrder(items, bounds: bounds)); return }
        var n = simd_cross(c[1] - c[0], c[3] - c[0])
        let len = (n * n).sum().squareRoot()
        guard len > 1e-12 else { out.append(contentsOf: depthOrder(items, bounds: bounds)); return }
        n /= len
        if n.z < 0 { n = -n }
        let d = -(n * c[0]).sum()
        var front: [Piece] = [], back: [Piece] = [], coplanar: [Piece] = [first]
        for p in items.dropFirst() {
            guard let pc = corners(p) else { front.append(p); continue }
            let sides = pc.map { (n * $0).sum() + d }
            let scale = max(1, sides.map(abs).max() ?? 1)
            let eps = 1e-7 * scale + 1e-9
            let hasFront = sides.contains { $0 > eps }, hasBack = sides.contains { $0 < -eps }
            if hasFront && hasBack {
                let f = sideFunction(p, normal: n, d: d)
                var pf = p, pb = p
                pf.clips.append(f)
                pb.clips.append(-f)
                front.append(pf)
                back.append(pb)
            } else if hasFront {
                front.append(p)
            } else if hasBack {
                back.append(p)
            } else {
                coplanar.append(p)
            }
        }
        build(back, bounds: bounds, corners: corners, depth: depth + 1, into: &out)
        out.append(contentsOf: coplanar.sorted { $0.order < $1.order })
        build(front, bounds: bounds, corners: corners, depth: depth + 1, into: &out)
    }

    @inline(__always)
    static func simd_cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
