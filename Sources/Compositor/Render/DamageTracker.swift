import Foundation

/// Finds what changed between successive frames: every node is compared with the same node (by id)
/// of the previous frame, including its resolved device map, inherited opacity and clips, its parent
/// and the offscreen groups it is drawn through; the damage is the union of the old and new device
/// rectangles of whatever differs. Siblings whose drawing order changed (restacked, not merely
/// joined or left by others) are damaged with their whole subtrees. An identical frame gives empty
/// damage.
public struct DamageTracker {
    private struct Record: Equatable {
        var node: RenderNode
        var matrix: Matrix4x4
        var opacity: Double
        var clip: Int
        /// The key of the parent's record (nil for the root).
        var parent: UInt64?
        /// How the node is composited: its parent's placement and key, whether the parent draws
        /// through an offscreen group and whether the node is the parent's mask, hashed. Moving a
        /// node (or any of its ancestors) to another parent, or an ancestor starting or ending a
        /// group (allowsGroupOpacity toggled, a mask or alpha shadow set), changes it for the node
        /// and its whole subtree, so those pixels are redrawn.
        var placement: Int
        /// Whether the node itself draws through an offscreen group (its own pixels round
        /// differently then: a layer with opacity below 1 groups once it has sublayers).
        var group: Bool
        var rect: IntRect
    }

    /// One frame's records by key, and every node's sublayers' keys in drawing order.
    private struct Frame {
        var records: [UInt64: Record] = [:]
        var children: [UInt64: [UInt64]] = [:]
    }

    private var previous = Frame()
    private var hasPrevious = false

    /// A tracker with no previous frame (the first frame is all damage).
    public init() {}

    /// Forgets the previous frame.
    public mutating func reset() { previous = Frame(); hasPrevious = false }

    /// The device rectangle (within `frame`) that must be redrawn to turn the previous frame into
    /// `tree`'s, and remembers `tree` as the previous frame.
    public mutating func damage(for tree: RenderTree, toDevice: Matrix4x4, frame: IntRect) -> IntRect {
        var current = Frame()
        current.records.reserveCapacity(tree.nodes.count)
        if !tree.nodes.isEmpty {
            let r = TreeRasterizer(tree: tree)
            collect(r, 0, parentToDevice: toDevice, opacity: 1, clip: 0, maskRect: nil, parent: nil, placement: 0, into: &current)
        }
        defer { previous = current; hasPrevious = true }
        guard hasPrevious else { return frame }
        var damage = IntRect.empty
        for (id, rec) in current.records {
            if let old = previous.records[id] {
                if old != rec { damage = damage.union(old.rect).union(rec.rect) }
            } else {
                damage = damage.union(rec.rect)
            }
        }
        for (id, old) in previous.records where current.records[id] == nil { damage = damage.union(old.rect) }
        // Restacked siblings: their subtrees, where they were and where they are.
        var moved = Set<UInt64>()
        for (parent, kids) in current.children {
            if let old = previous.children[parent], old != kids { moved.formUnion(DamageTracker.reordered(old, kids)) }
        }
        if !moved.isEmpty {
            for f in [previous, current] {
                for (id, rec) in f.records where DamageTracker.isInSubtree(id, of: moved, f.records) { damage = damage.union(rec.rect) }
            }
        }
        return damage.intersection(frame)
    }

    /// The siblings (present in both lists) whose order relative to the others changed: all but a
    /// longest run of them kept in their old order. Any two whose order swapped cannot both be in
    /// that run, so one of them is returned; siblings merely added or removed move nobody.
    static func reordered(_ old: [UInt64], _ new: [UInt64]) -> [UInt64] {
        var oldRank: [UInt64: Int] = [:]
        for (k, id) in old.enumerated() { oldRank[id] = k }
        let common = new.filter { oldRank[$0] != nil }
        let ranks = common.map { oldRank[$0]! }
        // Longest increasing subsequence of the old ranks in the new order (patience sorting).
        var tails: [Int] = []          // index into ranks of the smallest tail of each length
        var back = [Int](repeating: -1, count: ranks.count)
        for (i, r) in ranks.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if ranks[tails[mid]] < r { lo = mid + 1 } else { hi = mid } }
            back[i] = lo > 0 ? tails[lo - 1] : -1
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var kept = Set<Int>()
        var i = tails.last ?? -1
        while i >= 0 { kept.insert(i); i = back[i] }
        return common.indices.filter { !kept.contains($0) }.map { common[$0] }
    }

    /// Whether record `id` is one of `roots` or below one of them.
    private static func isInSubtree(_ id: UInt64, of roots: Set<UInt64>, _ records: [UInt64: Record]) -> Bool {
        var k: UInt64? = id
        while let c = k {
            if roots.contains(c) { return true }
            k = records[c]?.parent
        }
        return false
    }

    private func key(_ id: UInt64, _ into: [UInt64: Record]) -> UInt64 {
        var k = id
        while into[k] != nil { k = k &* 6364136223846793005 &+ 1442695040888963407 }
        return k
    }

    /// The placement of a node under the parent with key `parent` and placement `placement`, which
    /// draws through an offscreen group or not; `mask` when the node is that parent's mask.
    private static func childPlacement(_ placement: Int, parent: UInt64, group: Bool, mask: Bool = false) -> Int {
        var h = Hasher()
        h.combine(placement); h.combine(parent); h.combine(group); h.combine(mask)
        return h.finalize()
    }

    /// Records node `i` and its subtree; returns the node's key.
    @discardableResult
    private func collect(_ r: TreeRasterizer, _ i: Int, parentToDevice P: Matrix4x4, opacity: Double, clip: Int,
                         maskRect: IntRect?, parent: UInt64?, placement: Int, into out: inout Frame) -> UInt64 {
        let n = r.tree.nodes[i]
        if n.preserves3D {
            // Mirror drawContext: planes composed in the parent's 3D space.
            var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
            let k0 = key(n.id, out.records)
            out.records[k0] = Record(node: stripped, matrix: n.toParent.then(P), opacity: opacity, clip: clip, parent: parent,
                                     placement: placement, group: false, rect: .empty)
            var stack: [(Int, Matrix4x4, Double, UInt64, Int)] = [(i, n.toParent, opacity * n.opacity, k0, placement)]
            while let (k, acc, op, kKey, kPlacement) = stack.popLast() {
                var kids: [UInt64] = []
                let cPlacement = DamageTracker.childPlacement(kPlacement, parent: kKey, group: false)
                for c in r.tree.children(of: k) {
                    let cn = r.tree.nodes[c]
                    let m = cn.toParent.then(acc)
                    if cn.preserves3D {
                        var s = cn; s.subtreeEnd = 0; s.mask = -1
                        let ck = key(cn.id, out.records)
                        out.records[ck] = Record(node: s, matrix: m.then(P), opacity: op, clip: clip, parent: kKey,
                                                 placement: cPlacement, group: false, rect: .empty)
                        kids.append(ck)
                        stack.append((c, m, op * cn.opacity, ck, cPlacement))
                    } else {
                        kids.append(collectPlane(r, c, M: m.then(P), P: P, opacity: op, clip: clip, maskRect: maskRect,
                                                 parent: kKey, placement: cPlacement, into: &out))
                    }
                }
                out.children[kKey] = kids
            }
            return k0
        }
        return collectPlane(r, i, M: n.toParent.then(P), P: P, opacity: opacity, clip: clip, maskRect: maskRect, parent: parent, placement: placement, into: &out)
    }

    /// Records a flat node and its subtree; returns the node's key.
    @discardableResult
    private func collectPlane(_ r: TreeRasterizer, _ i: Int, M: Matrix4x4, P: Matrix4x4, opacity: Double, clip: Int,
                              maskRect: IntRect?, parent: UInt64?, placement: Int, into out: inout Frame) -> UInt64 {
        let n = r.tree.nodes[i]
        var stripped = n
        stripped.subtreeEnd = 0
        stripped.mask = -1
        let alphaShadow = n.shadow.map { $0.path == nil && $0.color >> 24 != 0 } ?? false
        // The whole subtree's pixels, its own shadow included (needed for alpha shadows and masks).
        let whole = (alphaShadow || n.mask >= 0) && M.isFinite ? (r.subtreeBounds(i, M: M, P: P) ?? .empty) : IntRect.empty
        // A shadow that follows the alpha of the subtree changes with it everywhere: the node's own
        // changes (the shadow's colour, offset, blur) reach as far as the subtree's shadow does.
        let own = maskRect ?? (alphaShadow ? whole : M.isFinite ? (r.subtreeBounds(i, M: M, P: P, includeChildren: false) ?? .empty) : .empty)
        let children = r.tree.children(of: i)
        let group = TreeRasterizer.drawsAsGroup(n, hasChildren: !children.isEmpty)
        let k = key(n.id, out.records)
        out.records[k] = Record(node: stripped, matrix: M, opacity: opacity, clip: clip, parent: parent, placement: placement,
                                group: group, rect: own)
        var childClip = clip
        if n.masksToBounds {
            var h = Hasher()
            h.combine(clip); h.combine(n.bounds.minX); h.combine(n.bounds.minY); h.combine(n.bounds.width); h.combine(n.bounds.height)
            h.combine(n.cornerRadius); h.combine(n.maskedCorners)
            for k in 0..<16 { h.combine(M.m[k]) }
            childClip = h.finalize()
        }
        // A shadow follows the alpha of the whole subtree: any change in it moves the shadow.
        let childMask: IntRect? = maskRect ?? (alphaShadow ? whole : nil)
        if n.mask >= 0 {
            // Anything in the mask changes the whole masked subtree, and with it whatever follows
            // that subtree's alpha (an ancestor's shadow: `maskRect`).
            collect(r, n.mask, parentToDevice: M.flatteningInput, opacity: 1, clip: 0, maskRect: maskRect.map { whole.union($0) } ?? whole,
                    parent: k, placement: DamageTracker.childPlacement(placement, parent: k, group: group, mask: true), into: &out)
        }
        let cPlacement = DamageTracker.childPlacement(placement, parent: k, group: group)
        var kids: [UInt64] = []
        kids.reserveCapacity(children.count)
        for c in children {
            kids.append(collect(r, c, parentToDevice: M.flatteningInput, opacity: opacity * n.opacity, clip: childClip, maskRect: childMask,
                                parent: k, placement: cPlacement, into: &out))
        }
        out.children[k] = kids
        return k
    }
}
