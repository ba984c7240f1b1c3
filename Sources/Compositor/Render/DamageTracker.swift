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

    /// One frame's records, in the order made, found by key; and every node's sublayers' keys in
    /// drawing order. Records live in an array (a record is large: looking one up copies nothing,
    /// and a frame's storage is kept for the frame after next).
    private struct Frame {
        var index: [UInt64: Int] = [:]
        var keys: [UInt64] = []
        var records: [Record] = []
        /// Whether each record's rectangle is its node's own drawing alone (through its device
        /// map, no shadow, mask or blend involved): then it depends on nothing but the record's
        /// node and matrix, and the next frame may take it over.
        var ownRect: [Bool] = []
        var children: [UInt64: [UInt64]] = [:]

        /// Empties the frame, keeping its storage.
        mutating func clear() {
            index.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            records.removeAll(keepingCapacity: true)
            ownRect.removeAll(keepingCapacity: true)
            children.removeAll(keepingCapacity: true)
        }

        /// Adds (or replaces) the record of key `k`.
        mutating func set(_ k: UInt64, _ r: Record) {
            if let at = index[k] { records[at] = r; ownRect[at] = false; return }
            index[k] = records.count
            keys.append(k)
            records.append(r)
            ownRect.append(false)
        }

        /// The parent key of the record of key `k` (nil for the root or an unknown key).
        func parent(of k: UInt64) -> UInt64? { index[k].flatMap { records[$0].parent } }
    }

    private var previous = Frame()
    /// The frame before `previous`, kept for its storage.
    private var spare = Frame()
    private var hasPrevious = false
    /// A previous frame remembered by `remember` whose records are not made yet (made when a later
    /// frame's damage needs them).
    private var unrecorded: (tree: RenderTree, toDevice: Matrix4x4)?

    /// A tracker with no previous frame (the first frame is all damage).
    public init() {}

    /// Forgets the previous frame.
    public mutating func reset() { previous = Frame(); hasPrevious = false; unrecorded = nil }

    /// Remembers `tree` as the previous frame without comparing it with the one before: for a frame
    /// redrawn whole anyway (its damage could only be all of it). Its records are made only if the
    /// next frame asks for `damage`, from the same tree and map, so that damage is what it would
    /// have been; frame after frame redrawn whole costs nothing here.
    public mutating func remember(_ tree: RenderTree, toDevice: Matrix4x4) {
        unrecorded = (tree, toDevice)
        hasPrevious = true
    }

    /// The records of `tree` drawn through `toDevice`, made into `frame` (emptied first); a
    /// node's own rectangle is taken over from `earlier` where it cannot have changed.
    private func records(of tree: RenderTree, toDevice: Matrix4x4, into frame: inout Frame, earlier: Frame? = nil) {
        frame.clear()
        frame.index.reserveCapacity(tree.nodes.count)
        frame.keys.reserveCapacity(tree.nodes.count)
        frame.records.reserveCapacity(tree.nodes.count)
        if !tree.nodes.isEmpty {
            let r = TreeRasterizer(tree: tree)
            collectTree(r, toDevice: toDevice, into: &frame, earlier: earlier)
        }
    }

    /// The device rectangle (within `frame`) that must be redrawn to turn the previous frame into
    /// `tree`'s, and remembers `tree` as the previous frame.
    public mutating func damage(for tree: RenderTree, toDevice: Matrix4x4, frame: IntRect) -> IntRect {
        if let u = unrecorded {
            records(of: u.tree, toDevice: u.toDevice, into: &previous)
            unrecorded = nil
        }
        var current = Frame()
        swap(&current, &spare)
        records(of: tree, toDevice: toDevice, into: &current, earlier: hasPrevious ? previous : nil)
        defer {
            swap(&previous, &current)
            swap(&spare, &current)
            hasPrevious = true
        }
        guard hasPrevious else { return frame }
        var damage = IntRect.empty
        let old = previous
        current.records.withUnsafeBufferPointer { now in
            old.records.withUnsafeBufferPointer { was in
                for n in 0..<now.count {
                    if let j = old.index[current.keys[n]] {
                        if !DamageTracker.same(was[j], now[n]) { damage = damage.union(was[j].rect).union(now[n].rect) }
                    } else {
                        damage = damage.union(now[n].rect)
                    }
                }
                for j in 0..<was.count where current.index[old.keys[j]] == nil { damage = damage.union(was[j].rect) }
            }
        }
        // Restacked siblings: their subtrees, where they were and where they are.
        var moved = Set<UInt64>()
        for (parent, kids) in current.children {
            if let old = previous.children[parent], old != kids { moved.formUnion(DamageTracker.reordered(old, kids)) }
        }
        if !moved.isEmpty {
            for f in [previous, current] {
                for (n, rec) in f.records.enumerated() where DamageTracker.isInSubtree(f.keys[n], of: moved, f) { damage = damage.union(rec.rect) }
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
    private static func isInSubtree(_ id: UInt64, of roots: Set<UInt64>, _ frame: Frame) -> Bool {
        var k: UInt64? = id
        while let c = k {
            if roots.contains(c) { return true }
            k = frame.parent(of: c)
        }
        return false
    }

    private func key(_ id: UInt64, _ into: [UInt64: Int]) -> UInt64 {
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

    /// A node waiting to be recorded: where it sits and what it inherits.
    private struct Pending {
        var i: Int, P: Matrix4x4, opacity: Double, clip: Int, maskRect: IntRect?, parent: UInt64?, placement: Int
    }

    /// Records the whole tree, walking it with an explicit stack (no recursion: depth costs memory,
    /// not stack). A node is recorded (and gets its key) when its parent is, so each parent lists
    /// its sublayers' keys in order; its own subtree is walked later.
    private func collectTree(_ r: TreeRasterizer, toDevice: Matrix4x4, into out: inout Frame, earlier: Frame?) {
        var stack: [(Pending, UInt64)] = []
        _ = record(r, Pending(i: 0, P: toDevice, opacity: 1, clip: 0, maskRect: nil, parent: nil, placement: 0), into: &out, stack: &stack)
        while let (p, k) = stack.popLast() { expand(r, p, key: k, into: &out, stack: &stack, earlier: earlier) }
    }

    /// Records node `p.i` (a 3D context records its transform layers and planes at once) and pushes
    /// the work of its subtree; returns its key.
    private func record(_ r: TreeRasterizer, _ p: Pending, into out: inout Frame, stack: inout [(Pending, UInt64)]) -> UInt64 {
        let n = r.tree.nodes[p.i]
        guard n.preserves3D else {
            let k = key(n.id, out.index)
            // Recorded as `expand` completes it: without its place in the tree's array.
            var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
            out.set(k, Record(node: stripped, matrix: n.toParent.then(p.P), opacity: p.opacity, clip: p.clip, parent: p.parent,
                              placement: p.placement, group: false, rect: .empty))
            stack.append((p, k))
            return k
        }
        // Mirror the drawing of a 3D context: planes composed in the parent's 3D space.
        var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
        let k0 = key(n.id, out.index)
        out.set(k0, Record(node: stripped, matrix: n.toParent.then(p.P), opacity: p.opacity, clip: p.clip, parent: p.parent,
                           placement: p.placement, group: false, rect: .empty))
        var contexts: [(Int, Matrix4x4, Double, UInt64, Int)] = [(p.i, n.toParent, p.opacity * n.opacity, k0, p.placement)]
        while let (k, acc, op, kKey, kPlacement) = contexts.popLast() {
            var kids: [UInt64] = []
            let cPlacement = DamageTracker.childPlacement(kPlacement, parent: kKey, group: false)
            for c in r.tree.children(of: k) {
                let cn = r.tree.nodes[c]
                let m = cn.toParent.then(acc)
                if cn.preserves3D {
                    var st = cn; st.subtreeEnd = 0; st.mask = -1
                    let ck = key(cn.id, out.index)
                    out.set(ck, Record(node: st, matrix: m.then(p.P), opacity: op, clip: p.clip, parent: kKey,
                                       placement: cPlacement, group: false, rect: .empty))
                    kids.append(ck)
                    contexts.append((c, m, op * cn.opacity, ck, cPlacement))
                } else {
                    // A plane, mapped through the context: recorded with its device map as its own.
                    let plane = Pending(i: c, P: p.P, opacity: op, clip: p.clip, maskRect: p.maskRect, parent: kKey, placement: cPlacement)
                    kids.append(recordPlane(r, plane, M: m.then(p.P), into: &out, stack: &stack))
                }
            }
            out.children[kKey] = kids
        }
        return k0
    }

    /// Whether two records are equal, found without making deferred contours (see `same(_:_:)` for nodes).
    private static func same(_ a: Record, _ b: Record) -> Bool {
        same(a.node, b.node) && a == b
    }

    /// Whether two nodes are equal, a node with a deferred fill whose key differs from the other
    /// node's (a morphing shape's new contours) taken as changed without its contours made here,
    /// on the render thread before the bands that make them: `==` would compare the contours.
    private static func same(_ a: RenderNode, _ b: RenderNode) -> Bool {
        guard a.contents.count == b.contents.count else { return false }
        for (x, y) in zip(a.contents, b.contents) {
            if case .fill(let f) = x, case .fill(let g) = y, f.surelyDiffersWithoutMaking(from: g) { return false }
        }
        return a == b
    }

    /// Records a flat node whose device map is `M` and pushes the work of its subtree.
    private func recordPlane(_ r: TreeRasterizer, _ p: Pending, M: Matrix4x4, into out: inout Frame, stack: inout [(Pending, UInt64)]) -> UInt64 {
        let n = r.tree.nodes[p.i]
        let k = key(n.id, out.index)
        var stripped = n; stripped.subtreeEnd = 0; stripped.mask = -1
        out.set(k, Record(node: stripped, matrix: M, opacity: p.opacity, clip: p.clip, parent: p.parent, placement: p.placement,
                          group: false, rect: .empty))
        stack.append((p, k))
        return k
    }

    /// Completes node `p.i`'s record (its own damage rectangle and group flag, now that the node is
    /// known to draw flat) and records its mask and sublayers.
    private func expand(_ r: TreeRasterizer, _ p: Pending, key k: UInt64, into out: inout Frame, stack: inout [(Pending, UInt64)],
                        earlier: Frame?) {
        let n = r.tree.nodes[p.i]
        // The device map recorded with the node (through its 3D context for a plane).
        let at = out.index[k]!
        let M = out.records[at].matrix
        let alphaShadow = n.shadow.map { $0.path == nil && $0.color >> 24 != 0 } ?? false
        // The whole subtree's pixels, its own shadow included (needed for alpha shadows and masks).
        // A blend mode (compositingFilter) mixes the whole subtree's group with what is below.
        let blended = n.blendMode != .normal
        let whole = (alphaShadow || n.mask >= 0 || blended) && M.isFinite ? (r.subtreeBounds(p.i, M: M, P: p.P) ?? .empty) : IntRect.empty
        // A shadow that follows the alpha of the subtree changes with it everywhere: the node's own
        // changes (the shadow's colour, offset, blur) reach as far as the subtree's shadow does.
        // The node's own drawing alone depends on its node and device map only (a shadow's reach
        // also on its parent's map): the same as last frame, the same rectangle.
        let alone = p.maskRect == nil && !alphaShadow && !blended && n.shadow == nil && M.isFinite
        let own: IntRect
        if alone, let e = earlier, let j = e.index[k], e.ownRect[j], e.records[j].matrix == M,
           DamageTracker.same(e.records[j].node, out.records[at].node) {
            own = e.records[j].rect
        } else {
            own = p.maskRect ?? (alphaShadow || blended ? whole : M.isFinite ? (r.subtreeBounds(p.i, M: M, P: p.P, includeChildren: false) ?? .empty) : .empty)
        }
        let children = r.tree.children(of: p.i)
        let group = TreeRasterizer.drawsAsGroup(n, hasChildren: !children.isEmpty)
        // The rest of the record was made with it (`record`, `recordPlane`) from the same `p`.
        out.records[at].group = group
        out.records[at].rect = own
        out.ownRect[at] = alone
        var childClip = p.clip
        if n.masksToBounds {
            var h = Hasher()
            h.combine(p.clip); h.combine(n.bounds.minX); h.combine(n.bounds.minY); h.combine(n.bounds.width); h.combine(n.bounds.height)
            h.combine(n.cornerRadius); h.combine(n.maskedCorners)
            for k in 0..<16 { h.combine(M.m[k]) }
            childClip = h.finalize()
        }
        // A shadow follows the alpha of the whole subtree: any change in it moves the shadow.
        let childMask: IntRect? = p.maskRect ?? (alphaShadow ? whole : nil)
        if n.mask >= 0 {
            // Anything in the mask changes the whole masked subtree, and with it whatever follows
            // that subtree's alpha (an ancestor's shadow: `maskRect`).
            _ = record(r, Pending(i: n.mask, P: M.flatteningInput, opacity: 1, clip: 0, maskRect: p.maskRect.map { whole.union($0) } ?? whole,
                                  parent: k, placement: DamageTracker.childPlacement(p.placement, parent: k, group: group, mask: true)),
                       into: &out, stack: &stack)
        }
        let cPlacement = DamageTracker.childPlacement(p.placement, parent: k, group: group)
        var kids: [UInt64] = []
        kids.reserveCapacity(children.count)
        for c in children {
            kids.append(record(r, Pending(i: c, P: M.flatteningInput, opacity: p.opacity * n.opacity, clip: childClip, maskRect: childMask,
                                          parent: k, placement: cPlacement), into: &out, stack: &stack))
        }
        out.children[k] = kids
    }
}
