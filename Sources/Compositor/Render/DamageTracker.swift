import Foundation

/// Finds what changed between successive frames: every node is compared with the same node (by id)
/// of the previous frame, including its resolved device map, inherited opacity and clips; the
/// damage is the union of the old and new device rectangles of whatever differs. An identical frame
/// gives empty damage.
public struct DamageTracker {
    private struct Record: Equatable {
        var node: RenderNode
        var matrix: Matrix4x4
        var opacity: Double
        var clip: Int
        var rect: IntRect
    }

    private var previous: [UInt64: Record] = [:]
    private var hasPrevious = false

    /// A tracker with no previous frame (the first frame is all damage).
    public init() {}

    /// Forgets the previous frame.
    public mutating func reset() { previous = [:]; hasPrevious = false }

    /// The device rectangle (within `frame`) that must be redrawn to turn the previous frame into
    /// `tree`'s, and remembers `tree` as the previous frame.
    public mutating func damage(for tree: RenderTree, toDevice: Matrix4x4, frame: IntRect) -> IntRect {
        var current: [UInt64: Record] = [:]
        current.reserveCapacity(tree.nodes.count)
        if !tree.nodes.isEmpty {
            let r = TreeRasterizer(tree: tree)
            collect(r, 0, parentToDevice: toDevice, opacity: 1, clip: 0, maskRect: nil, into: &current)
        }
        defer { previous = current; hasPrevious = true }
        guard hasPrevious else { return frame }
        var damage = IntRect.empty
        for (id, rec) in current {
            if let old = previous[id] {
                if old != rec { damage = damage.union(old.rect).union(rec.rect) }
            } else {
                damage = damage.union(rec.rect)
            }
        }
        for (id, old) in previous where current[id] == nil { damage = damage.union(old.rect) }
        return damage.intersection(frame)
    }

    private func key(_ id: UInt64, _ into: [UInt64: Record]) -> UInt64 {
        var k = id
        while into[k] != nil { k = k &* 6364136223846793005 &+ 1442695040888963407 }
        return k
    }

    private func collect(_ r: TreeRasterizer, _ i: Int, parentToDevice P: Matrix4x4, opacity: Double, clip: Int,
                         maskRect: IntRect?, into out: inout [UInt64: Record]) {
        let n = r.tree.nodes[i]
        if n.preserves3D {
            // Mirror drawContext: planes composed in the parent's 3D space.
            var stack: [(Int, Matrix4x4, Double)] = [(i, n.toParent, opacity * n.opacity)]
            var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
            out[key(n.id, out)] = Record(node: stripped, matrix: n.toParent.then(P), opacity: opacity, clip: clip, rect: .empty)
            while let (k, acc, op) = stack.popLast() {
                for c in r.tree.children(of: k) {
                    let cn = r.tree.nodes[c]
                    let m = cn.toParent.then(acc)
                    if cn.preserves3D {
                        var s = cn; s.subtreeEnd = 0; s.mask = -1
                        out[key(cn.id, out)] = Record(node: s, matrix: m.then(P), opacity: op, clip: clip, rect: .empty)
                        stack.append((c, m, op * cn.opacity))
                    } else {
                        collectPlane(r, c, M: m.then(P), opacity: op, clip: clip, maskRect: maskRect, into: &out)
                    }
                }
            }
            return
        }
        collectPlane(r, i, M: n.toParent.then(P), opacity: opacity, clip: clip, maskRect: maskRect, into: &out)
    }

    private func collectPlane(_ r: TreeRasterizer, _ i: Int, M: Matrix4x4, opacity: Double, clip: Int,
                              maskRect: IntRect?, into out: inout [UInt64: Record]) {
        let n = r.tree.nodes[i]
        var stripped = n
        stripped.subtreeEnd = 0
        stripped.mask = -1
        let own = maskRect ?? (M.isFinite ? (r.subtreeBounds(i, M: M, includeChildren: false) ?? .empty) : .empty)
        out[key(n.id, out)] = Record(node: stripped, matrix: M, opacity: opacity, clip: clip, rect: own)
        var childClip = clip
        if n.masksToBounds {
            var h = Hasher()
            h.combine(clip); h.combine(n.bounds.minX); h.combine(n.bounds.minY); h.combine(n.bounds.width); h.combine(n.bounds.height)
            h.combine(n.cornerRadius); h.combine(n.maskedCorners)
            for k in 0..<16 { h.combine(M.m[k]) }
            childClip = h.finalize()
        }
        var childMask: IntRect? = maskRect
        if childMask == nil, let sh = n.shadow, sh.path == nil, sh.color >> 24 != 0 {
            // A shadow follows the alpha of the whole subtree: any change in it moves the shadow.
            childMask = M.isFinite ? (r.subtreeBounds(i, M: M) ?? .empty) : .empty
        }
        if n.mask >= 0 {
            // Anything in the mask changes the whole masked subtree.
            let whole = M.isFinite ? (r.subtreeBounds(i, M: M) ?? .empty) : .empty
            collect(r, n.mask, parentToDevice: M.flatteningInput, opacity: 1, clip: 0, maskRect: whole, into: &out)
        }
        for c in r.tree.children(of: i) {
            collect(r, c, parentToDevice: M.flatteningInput, opacity: opacity * n.opacity, clip: childClip, maskRect: childMask, into: &out)
        }
    }
}
