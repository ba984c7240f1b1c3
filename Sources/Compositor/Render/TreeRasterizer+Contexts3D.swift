import Foundation
import CoreGraphics
import CPixelKernels

/// CATransformLayer contexts: their pieces sorted back to front and clipped to the near plane.
extension TreeRasterizer {
    /// A CATransformLayer: its sublayers (and theirs, through nested transform layers) share the
    /// parent's 3D space and are drawn back to front by depth: pushes one step per piece.
    func pushContext(_ t: Int, parentToDevice P: Matrix4x4, inherited: Double, on s: Surface, into stack: inout [Step]) {
        var items: [PlaneSorter.Piece] = []
        // The transform layer's own map composes in 3D into the parent's space (not flattened);
        // nested transform layers add their planes where they stand among their siblings (a stack
        // of sibling lists, each with the next sibling to visit).
        var frames: [(children: [Int], next: Int, acc: Matrix4x4, opacity: Double)] = [(tree.children(of: t), 0, tree.nodes[t].toParent, 1)]
        while let f = frames.indices.last {
            guard frames[f].next < frames[f].children.count else { frames.removeLast(); continue }
            let c = frames[f].children[frames[f].next]
            frames[f].next += 1
            let n = tree.nodes[c]
            let m = n.toParent.then(frames[f].acc)
            if n.preserves3D { frames.append((tree.children(of: c), 0, m, frames[f].opacity * n.opacity)); continue }
            items.append(PlaneSorter.Piece(index: c, toContext: m, clips: [], opacity: frames[f].opacity, order: items.count))
        }
        // Back to front: pushed in reverse, so the first piece is drawn first.
        let p = keepMap(P)
        for piece in PlaneSorter.order(items, bounds: { self.tree.nodes[$0].bounds }).reversed() {
            let m = keepMap(piece.toContext.then(P))
            if piece.clips.isEmpty {
                stack.append(.plane(piece.index, toDevice: m, parentToDevice: p, inherited: inherited * piece.opacity, on: s))
                continue
            }
            // A split piece: clip the plane to its half-planes (a generous local rectangle cut by
            // them) when its turn comes, and put the clip back after it.
            stack.append(.restore(s, clip: s.clip, scissor: s.scissor))
            stack.append(.plane(piece.index, toDevice: m, parentToDevice: p, inherited: inherited * piece.opacity, on: s))
            stack.append(.clipPiece(piece, toDevice: m, on: s))
        }
    }

    /// A convex polygon cut to the half-plane h.x·x + h.y·y + h.z >= 0.
    static func clip(_ poly: [(x: Double, y: Double)], keeping h: SIMD3<Double>) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let sp = h.x * p.x + h.y * p.y + h.z, sq = h.x * q.x + h.y * q.y + h.z
            if sp >= 0 { out.append(p) }
            if (sp >= 0) != (sq >= 0) {
                let t = sp / (sp - sq)
                out.append((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
            }
        }
        return out
    }
}
