import Foundation

/// Finds what changed between successive frames: every node is compared with the same node (by id)
/// of the previous frame, including its resolved device map, inherited opacity and clips, its place
/// in the drawing order and the offscreen groups it is drawn through; the damage is the union of the
/// old and new device rectangles of whatever differs. An identical frame gives empty damage.
public struct DamageTracker {
    private struct Record: Equatable {
        var node: RenderNode
        var matrix: Matrix4x4
        var opacity: Double
        var clip: Int
        /// How the node is composited: its parent's placement, its parent's id, its rank among its
        /// siblings and whether its parent draws through an offscreen group, hashed. Restacking a
        /// node (or any of its ancestors), moving it to another parent, or an ancestor starting or
        /// ending a group (allowsGroupOpacity toggled, a mask or shadow set) changes it for the node
        /// and its whole subtree, so those pixels are redrawn.
        var placement: Int
        /// Whether the node itself draws through an offscreen group (its own pixels round
        /// differently then: a layer with opacity below 1 groups once it has sublayers).
        var group: Bool
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
            collect(r, 0, parentToDevice: toDevice, opacity: 1, clip: 0, maskRect: nil, placement: 0, into: &current)
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

    /// The placement of the sublayer of rank `rank` of the node `parent`, whose own placement is
    /// `placement` and which draws through an offscreen group or not.
    private static func childPlacement(_ placement: Int, parent: UInt64, rank: Int, group: Bool = false) -> Int {
        var h = Hasher()
        h.combine(placement); h.combine(parent); h.combine(rank); h.combine(group)
        return h.finalize()
    }

    private func collect(_ r: TreeRasterizer, _ i: Int, parentToDevice P: Matrix4x4, opacity: Double, clip: Int,
                         maskRect: IntRect?, placement: Int, into out: inout [UInt64: Record]) {
        let n = r.tree.nodes[i]
        if n.preserves3D {
            // Mirror drawContext: planes composed in the parent's 3D space.
            var stack: [(Int, Matrix4x4, Double, Int)] = [(i, n.toParent, opacity * n.opacity, placement)]
            var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
            out[key(n.id, out)] = Record(node: stripped, matrix: n.toParent.then(P), opacity: opacity, clip: clip, placement: placement,
                                         group: false, rect: .empty)
            while let (k, acc, op, kPlacement) = stack.popLast() {
                for (rank, c) in r.tree.children(of: k).enumerated() {
                    let cn = r.tree.nodes[c]
                    let m = cn.toParent.then(acc)
                    let cPlacement = DamageTracker.childPlacement(kPlacement, parent: r.tree.nodes[k].id, rank: rank)
                    if cn.preserves3D {
                        var s = cn; s.subtreeEnd = 0; s.mask = -1
                        out[key(cn.id, out)] = Record(node: s, matrix: m.then(P), opacity: op, clip: clip, placement: cPlacement,
                                                      group: false, rect: .empty)
                        stack.append((c, m, op * cn.opacity, cPlacement))
                    } else {
                        collectPlane(r, c, M: m.then(P), opacity: op, clip: clip, maskRect: maskRect, placement: cPlacement, into: &out)
                    }
                }
            }
            return
        }
        collectPlane(r, i, M: n.toParent.then(P), opacity: opacity, clip: clip, maskRect: maskRect, placement: placement, into: &out)
    }

    private func collectPlane(_ r: TreeRasterizer, _ i: Int, M: Matrix4x4, opacity: Double, clip: Int,
                              maskRect: IntRect?, placement: Int, into out: inout [UInt64: Record]) {
        let n = r.tree.nodes[i]
        var stripped = n
        stripped.subtreeEnd = 0
        stripped.mask = -1
        let own = maskRect ?? (M.isFinite ? (r.subtreeBounds(i, M: M, includeChildren: false) ?? .empty) : .empty)
        let children = r.tree.children(of: i)
        let group = TreeRasterizer.drawsAsGroup(n, hasChildren: !children.isEmpty)
        out[key(n.id, out)] = Record(node: stripped, matrix: M, opacity: opacity, clip: clip, placement: placement,
                                     group: group, rect: own)
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
            // Anything in the mask changes the whole masked subtree, and with it whatever follows
            // that subtree's alpha (an ancestor's shadow: `maskRect`).
            var whole = M.isFinite ? (r.subtreeBounds(i, M: M) ?? .empty) : .empty
            if let m = maskRect { whole = whole.union(m) }
            collect(r, n.mask, parentToDevice: M.flatteningInput, opacity: 1, clip: 0, maskRect: whole,
                    placement: DamageTracker.childPlacement(placement, parent: n.id, rank: -1, group: group), into: &out)
        }
        for (rank, c) in children.enumerated() {
            collect(r, c, parentToDevice: M.flatteningInput, opacity: opacity * n.opacity, clip: childClip, maskRect: childMask,
                    placement: DamageTracker.childPlacement(placement, parent: n.id, rank: rank, group: group), into: &out)
        }
    }
}
