import Foundation

/// The presentation of a whole layer tree at one media time, as values only: what the renderer draws
/// from. Nodes are in depth-first order (a parent before its sublayers, sublayers back to front);
/// masks are evaluated as separate nodes referenced by index. A render loop keeps one snapshot and
/// calls `update(root:time:)` each frame, which reuses its storage.
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
        /// Whether the layer is a CATransformLayer.
        public var isTransformLayer: Bool
        /// The model layer this node presents (held strongly: a frame may still read it after the app
        /// thread removed it from the tree).
        public var layer: CALayer
        /// The layer's committedVersion when `state` was copied (-1: must be copied again).
        var version: Int = -1
        /// The layer's animationGeneration when the node was last evaluated.
        var generation: Int = -1
    }

    /// The media time of the snapshot.
    public private(set) var time: CFTimeInterval
    /// The node storage; only the first `count` nodes are valid.
    public private(set) var nodes: [Node] = []
    /// The number of valid nodes.
    public private(set) var count = 0

    /// Evaluates the committed tree under `root` at media time `time`.
    public init(root: CALayer, time: CFTimeInterval) {
        self.time = time
        update(root: root, time: time)
    }

    /// Re-evaluates the committed tree under `root` at `time` into this snapshot, reusing its storage.
    public mutating func update(root: CALayer, time: CFTimeInterval) {
        self.time = time
        count = 0
        LayerTree.lock.lock(); defer { LayerTree.lock.unlock() }
        if root.isCommitted {
            var parentTime = time
            if let p = root._superlayer { parentTime = p.committedLocalTime(fromGlobal: time) }
            if nodes.isEmpty { nodes.reserveCapacity(PresentationSnapshot.countCommitted(root)) }
            append(root, parent: -1, parentLocalTime: parentTime)
        }
        if nodes.count > count { nodes.removeSubrange(count...) }
    }

    @discardableResult
    private mutating func append(_ layer: CALayer, parent: Int, parentLocalTime: Double) -> Int {
        let index = count
        let local = layer.committedState.localTime(fromParent: parentLocalTime)
        let animated = !layer.animationEntries.isEmpty
        if animated { layer.buildChannelsIfNeeded() }
        if index < nodes.count {
            // Reusable only if neither the committed values nor the set of animations changed.
            let same = nodes[index].layer === layer && nodes[index].version == layer.committedVersion
                && nodes[index].generation == layer.animationGeneration
            if same && !animated {
                // Unchanged and unanimated: keep the state as it is.
            } else if same && layer.channelsAllCompiled {
                // Only the animated fields changed: put them back, animations re-apply below.
                layer.resetAnimatedFields(&nodes[index].state)
            } else {
                nodes[index].state = layer.committedState
            }
            nodes[index].parent = parent
            nodes[index].descendantCount = 0
            nodes[index].mask = -1
            nodes[index].localTime = local
            nodes[index].isTransformLayer = layer is CATransformLayer
            nodes[index].layer = layer
        } else {
            nodes.append(Node(state: layer.committedState, parent: parent, descendantCount: 0, mask: -1, localTime: local,
                              isTransformLayer: layer is CATransformLayer, layer: layer))
        }
        nodes[index].version = animated && !layer.channelsAllCompiled ? -1 : layer.committedVersion
        nodes[index].generation = layer.animationGeneration
        count += 1
        if animated { layer.applyAnimations(to: &nodes[index].state, localTime: local) }
        for c in layer.committedSublayers { append(c, parent: index, parentLocalTime: local) }
        nodes[index].descendantCount = count - index - 1
        if let m = layer.committedMask {
            let mi = append(m, parent: -1, parentLocalTime: local)
            nodes[index].mask = mi
        }
        return index
    }

    /// The number of committed layers (with masks) under and including `layer`.
    static func countCommitted(_ layer: CALayer) -> Int {
        var n = 1
        for c in layer.committedSublayers { n += countCommitted(c) }
        if let m = layer.committedMask { n += countCommitted(m) }
        return n
    }
}
