import Foundation

/// The presentation of a whole layer tree at one media time, as values only: what the renderer draws
/// from, evaluated from a published `CommittedTree` (never from `CALayer` objects). Nodes are in
/// depth-first order (a parent before its sublayers, sublayers back to front); masks are evaluated
/// as separate nodes referenced by index. A render loop keeps one snapshot and calls `update` each
/// frame, which reuses its storage and skips unchanged, unanimated layers. The tree is walked with
/// an explicit stack, so depth costs no recursion.
///
/// A value owned by one thread (the render side's).
@_spi(LaminaInternal)
public struct PresentationSnapshot {
    /// One layer's presented values.
    public struct Node {
        /// The presented state (committed values with animations applied).
        var state: LayerState
        /// The index of the parent node, or -1 for the root (and for masks).
        public var parent: Int
        /// The number of nodes after this one that belong to its subtree (sublayers and their masks).
        public var descendantCount: Int
        /// The index of this layer's mask node, or -1.
        public var mask: Int
        /// The layer's local time at the snapshot's time.
        public var localTime: Double
        /// The committed record this node presents.
        public var record: CommittedLayer
        /// Whether the layer is a CATransformLayer.
        public var isTransformLayer: Bool { record.kind == .transform }
    }

    /// The media time of the snapshot.
    public private(set) var time: CFTimeInterval
    /// The tree the snapshot was evaluated from.
    public private(set) var tree: CommittedTree
    /// The node storage; only the first `count` nodes are valid.
    public private(set) var nodes: [Node] = []
    /// The number of valid nodes.
    public private(set) var count = 0

    /// Whether the sublayers and mask of layers that draw nothing are left out (true; false
    /// evaluates every layer, for tests that compare the two).
    public var prunesInvisibleSubtrees = true

    /// Evaluates the layer in `rootSlot` (with `generation`) of `tree`, and everything under it, at
    /// media time `time`. Empty when the tree does not hold that layer. `prunesInvisibleSubtrees`:
    /// see the property.
    public init(tree: CommittedTree, rootSlot: Int, generation: UInt32, time: CFTimeInterval, prunesInvisibleSubtrees: Bool = true) {
        self.time = time
        self.tree = tree
        self.prunesInvisibleSubtrees = prunesInvisibleSubtrees
        update(tree: tree, rootSlot: rootSlot, generation: generation, time: time)
    }

    /// Evaluates `root` as the latest published tree holds it (app side: for tools and benchmarks).
    public init(root: CALayer, time: CFTimeInterval) {
        self.init(tree: CommittedModel.current, rootSlot: root.slot, generation: root.slotGeneration, time: time)
    }

    /// Re-evaluates `root` as the latest published tree holds it (app side: tools and tests).
    public mutating func update(root: CALayer, time: CFTimeInterval) {
        update(tree: CommittedModel.current, rootSlot: root.slot, generation: root.slotGeneration, time: time)
    }

    /// Re-evaluates into this snapshot, reusing its storage.
    public mutating func update(tree: CommittedTree, rootSlot: Int, generation: UInt32, time: CFTimeInterval) {
        self.time = time
        self.tree = tree
        count = 0
        if let root = tree.record(rootSlot, generation: generation) {
            let parentTime = root.parent >= 0 ? tree.localTime(of: root.parent, fromGlobal: time) : time
            if nodes.isEmpty { nodes.reserveCapacity(64) }
            appendSubtree(root, parentLocalTime: parentTime)
        }
        if nodes.count > count { nodes.removeSubrange(count...) }
    }

    /// The layers whose sublayers and mask were left out (see `drawsNothingBelow`), with their
    /// local times: what is under them is not evaluated, and `CARenderer.nextFrameTime` walks
    /// their records for animations that still run there.
    public private(set) var prunedNodes: [Int] = []

    /// Work for the explicit stack: visit a record, or close a node once its subtree is appended.
    /// `mayPrune`: no ancestor is a replicator (whose instances evaluate sublayers again, at shifted
    /// times) or draws a shadow from its subtree's alpha (whose group's extent counts invisible
    /// sublayers too).
    private enum Step {
        case visit(CommittedLayer, parent: Int, parentLocalTime: Double, maskOf: Int, mayPrune: Bool)
        case close(Int)
    }

    /// Whether nothing under node `index` can draw, so its sublayers and mask need no evaluation:
    /// the node is hidden (the render tree leaves its subtree out), or it is a flat layer, not a
    /// plane of a 3D context, whose opacity is at most the rasteriser's cut-off (its subtree is
    /// never drawn, and a mask of that opacity masks everything out as an absent one does).
    private func drawsNothingBelow(_ index: Int) -> Bool {
        // Fields read in place: the node (its state and references) is not copied.
        if nodes[index].state.isHidden { return true }
        let o = nodes[index].state.opacity
        guard o.isFinite, Double(o) <= Self.invisibleOpacity, nodes[index].record.kind != .transform else { return false }
        let parent = nodes[index].parent
        return parent < 0 || nodes[parent].record.kind != .transform
    }

    /// The opacity at and below which a flat layer draws nothing (the rasteriser's cut-off).
    static let invisibleOpacity = 0.0005

    private mutating func appendSubtree(_ root: CommittedLayer, parentLocalTime: Double) {
        prunedNodes.removeAll(keepingCapacity: true)
        var stack: [Step] = [.visit(root, parent: -1, parentLocalTime: parentLocalTime, maskOf: -1, mayPrune: prunesInvisibleSubtrees)]
        // A cycle in a tree (which commits refuse to make) must not loop for ever.
        var budget = tree.layers.count + 1
        while let step = stack.popLast() {
            switch step {
            case .close(let index):
                nodes[index].descendantCount = count - index - 1
            case .visit(let r, let parent, let parentLocalTime, let maskOf, let mayPrune):
                budget -= 1
                guard budget >= 0 else { continue }
                let index = appendNode(r, parent: parent, parentLocalTime: parentLocalTime)
                if maskOf >= 0 { nodes[maskOf].mask = index }
                if mayPrune && (!r.sublayers.isEmpty || r.mask >= 0) && drawsNothingBelow(index) {
                    prunedNodes.append(index)
                    stack.append(.close(index))
                    continue
                }
                let local = nodes[index].localTime
                let below = mayPrune && r.kind != .replicator && !Self.drawsAlphaShadow(nodes[index].state)
                // The mask's subtree comes after the sublayers' (so it is pushed first), then the
                // sublayers in reverse so that the first is visited first.
                if r.mask >= 0, let m = tree.record(r.mask) {
                    stack.append(.visit(m, parent: -1, parentLocalTime: local, maskOf: index, mayPrune: below))
                }
                stack.append(.close(index))
                for c in r.sublayers.reversed() {
                    if let cr = tree.record(c) { stack.append(.visit(cr, parent: index, parentLocalTime: local, maskOf: -1, mayPrune: below)) }
                }
            }
        }
    }

    /// Whether a layer draws a shadow (from its subtree's alpha or its shadowPath).
    private static func drawsAlphaShadow(_ s: borrowing LayerState) -> Bool {
        s.shadowOpacity > 0 && s.shadowColor != nil
    }

    private mutating func appendNode(_ r: CommittedLayer, parent: Int, parentLocalTime: Double) -> Int {
        let index = count
        let local = r.state.localTime(fromParent: parentLocalTime)
        let animated = r.isAnimated
        if index < nodes.count {
            // The same record: the committed values did not change.
            let same = nodes[index].record === r
            if same && !animated {
                // Unchanged and unanimated: keep the state as it is.
            } else if same && r.channelsAllResettable {
                // Only the animated fields changed: put them back, animations re-apply below.
                r.resetAnimatedFields(&nodes[index].state)
            } else {
                nodes[index].state = r.state
            }
            nodes[index].parent = parent
            nodes[index].descendantCount = 0
            nodes[index].mask = -1
            nodes[index].localTime = local
            nodes[index].record = r
        } else {
            nodes.append(Node(state: r.state, parent: parent, descendantCount: 0, mask: -1, localTime: local, record: r))
        }
        count += 1
        if animated { r.applyAnimations(to: &nodes[index].state, localTime: local) }
        return index
    }
}
