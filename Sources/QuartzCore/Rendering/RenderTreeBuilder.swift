import Foundation
import CoreGraphics
import Compositor

/// Turns a presentation snapshot into the compositor's render tree: resolves each layer's 4x4 map
/// into its superlayer, sorts siblings by zPosition, drops hidden subtrees, expands replicator
/// instances and converts every visual property and content into values. Keeps caches (rasterised
/// backing stores, text lines) between frames, so one builder per render loop.
@_spi(LaminaInternal)
public final class RenderTreeBuilder {
    @exclusivity(unchecked) private var nodes: [RenderNode] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    private let contentBuilder = LayerContentBuilder()
    private var tiledNodes: [TiledContentPass.TiledNode] = []
    private var tiledPass = TiledContentPass()

    /// Where the tree is shown (root's parent space → target pixels, the target's pixel frame) and
    /// the frame's media time: tiled layers draw the tiles visible there (none when nil).
    var viewport: (toDevice: Matrix4x4, frame: CGRect, time: Double)? = nil

    /// Whether tiled layers wait for tiles or fade them in (the next frame should follow soon).
    var tiledLayersNeedFrames: Bool { tiledPass.needsFrames }

    /// Creates a builder.
    public init() {}

    /// Pixels per point of the target (text is laid out and rasterised at least this finely).
    public var deviceScale: Double {
        get { contentBuilder.deviceScale }
        set { contentBuilder.deviceScale = newValue.isFinite && newValue > 0 ? newValue : 1 }
    }

    /// Whether shapes' stroke outlines are left to the bands that draw them (the default; false
    /// only to compare in tests: see `LayerContentBuilder.defersOutlines`).
    var defersOutlines: Bool {
        get { contentBuilder.defersOutlines }
        set { contentBuilder.defersOutlines = newValue }
    }

    /// The render tree of `snapshot`'s root (its first node).
    public func build(_ snapshot: PresentationSnapshot) -> RenderTree {
        nodes.removeAll(keepingCapacity: true)
        tiledNodes.removeAll(keepingCapacity: true)
        reusedNodes = 0
        if kept.count > snapshot.count { kept.removeSubrange(snapshot.count...); keptNodes.removeSubrange(snapshot.count...) }
        while kept.count < snapshot.count { kept.append(nil); keptNodes.append(RenderNode()) }
        if keptScale != deviceScale { keptScale = deviceScale; for k in kept.indices { kept[k] = nil; keptNodes[k] = RenderNode() } }
        if snapshot.count > 0 {
            emitTree(snapshot)
        }
        ghosts.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        shiftedStates.removeAll(keepingCapacity: true)
        if let v = viewport { tiledPass.apply(tiledNodes, to: &nodes, toDevice: v.toDevice, frame: v.frame, time: v.time) }
        contentBuilder.endFrame()
        return RenderTree(nodes: nodes)
    }

    /// Per-instance adjustments inside a replicator: a time shift and a colour multiplier.
    struct InstanceContext {
        var timeShift: Double
        var tint: UInt32
        var salt: UInt64
        static let none = InstanceContext(timeShift: 0, tint: 0xFFFF_FFFF, salt: 0)
    }

    /// Work of the explicit stack that walks the snapshot (no recursion, so depth costs nothing
    /// but memory): emit a node and push its subtree's work; emit one replicator instance; close a
    /// node once its subtree (sublayers, then mask) is emitted. Tasks are small plain values: what
    /// is big (a superlayer's placement, a replicator's state and sublayers, transforms, a
    /// transition's ghost node) waits in the builder's per-frame buffers and tasks hold its index.
    private enum Task {
        /// Snapshot node `node` under the superlayer whose placement is `placements[parent]` (-1:
        /// none), inside replicator instance `instance`; `about`: that instance's transform in
        /// `transforms` (-1: not a replica); `maskOf`: the render node it is the mask of (-1: none).
        case emit(node: Int, parent: Int, instance: InstanceContext, about: Int, maskOf: Int)
        /// Instance `k` of replicator run `run`, `transforms[acc]` its instanceTransform applied k times.
        case replica(k: Int, run: Int, instance: InstanceContext, acc: Int)
        /// Closes render node `index` (and the transition wrapper `wrapper`, with `ghosts[ghost]`
        /// drawn on top when `ghost` >= 0).
        case close(index: Int, wrapper: Int, ghost: Int)
    }

    /// A replicator being expanded: its presented state and its sublayers (snapshot indices, in
    /// drawing order).
    private struct ReplicatorRun {
        var state: LayerState
        var placement: Int
        var children: [Int]
    }

    // Per-frame buffers of the walk (kept between frames for their capacity).
    @exclusivity(unchecked) private var placements: [SublayerPlacement] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    @exclusivity(unchecked) private var transforms: [CATransform3D] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    private var ghosts: [RenderNode] = []
    private var runs: [ReplicatorRun] = []
    private var shiftedStates: [LayerState] = []
    @exclusivity(unchecked) private var tasks: [Task] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    /// The sublayers of the node `emitNode` emitted last, in drawing order.
    @exclusivity(unchecked) private var childScratch: [Int] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    private var zScratch: [CGFloat] = []

    /// Emits the snapshot's root and everything under it.
    private func emitTree(_ snapshot: PresentationSnapshot) {
        placements.removeAll(keepingCapacity: true)
        transforms.removeAll(keepingCapacity: true)
        ghosts.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        shiftedStates.removeAll(keepingCapacity: true)
        tasks.removeAll(keepingCapacity: true)
        // The nodes are read in place (a node holds a whole layer state: copying one costs a
        // dozen reference counts).
        snapshot.nodes.withUnsafeBufferPointer { snap in
            tasks.append(.emit(node: 0, parent: -1, instance: .none, about: -1, maskOf: -1))
            while let task = tasks.popLast() {
                switch task {
                case .emit(let i, let parent, let instance, let about, let maskOf):
                    let first = nodes.count
                    guard let e = emitNode(snap, i, parent: parent, instance: instance, replicaAbout: about) else { continue }
                    if maskOf >= 0 { nodes[maskOf].mask = first }
                    // Popped in this order: the sublayers (or replicas), then the mask, then the close.
                    tasks.append(.close(index: e.index, wrapper: e.wrapper, ghost: e.ghost))
                    if snap[i].mask >= 0 {
                        tasks.append(.emit(node: snap[i].mask, parent: -1, instance: instance, about: -1, maskOf: e.index))
                    }
                    if childScratch.isEmpty { continue }
                    if snap[i].record.kind == .replicator {
                        let state = e.shiftedState >= 0 ? shiftedStates[e.shiftedState] : snap[i].state
                        runs.append(ReplicatorRun(state: state, placement: e.placement, children: childScratch))
                        transforms.append(CATransform3DIdentity)
                        tasks.append(.replica(k: 0, run: runs.count - 1, instance: instance, acc: transforms.count - 1))
                    } else {
                        for c in childScratch.reversed() {
                            tasks.append(.emit(node: c, parent: e.placement, instance: instance, about: -1, maskOf: -1))
                        }
                    }
                case .replica(let k, let run, let instance, let acc):
                    guard let r = replica(k, state: runs[run].state, instance: instance, acc: transforms[acc]) else { continue }
                    // This instance's sublayers first, then the next instance.
                    transforms.append(CATransform3DConcat(transforms[acc], runs[run].state.subclass.instanceTransform))
                    tasks.append(.replica(k: k + 1, run: run, instance: instance, acc: transforms.count - 1))
                    transforms.append(r.about)
                    let about = transforms.count - 1
                    for ch in runs[run].children.reversed() {
                        tasks.append(.emit(node: ch, parent: runs[run].placement, instance: r.context, about: about, maskOf: -1))
                    }
                case .close(let index, let wrapper, let ghost):
                    nodes[index].subtreeEnd = nodes.count
                    if wrapper >= 0 {
                        if ghost >= 0 { var g = ghosts[ghost]; g.subtreeEnd = nodes.count + 1; nodes.append(g) }
                        nodes[wrapper].subtreeEnd = nodes.count
                    }
                }
            }
        }
    }

    /// A node emitted, with what its subtree needs (its sublayers are in `childScratch`).
    private struct Emitted {
        var index: Int, wrapper: Int, ghost: Int
        /// The index in `placements` of what the node gives its sublayers (-1 when it has none).
        var placement: Int
        /// A replicator's state in `shiftedStates` when it differs from the snapshot's (evaluated
        /// again in a replicator instance), else -1.
        var shiftedState: Int
    }

    /// Emits snapshot node `i` itself (nil when it is hidden: nothing emitted) and leaves its
    /// sublayers, back to front by zPosition, in `childScratch`.
    private func emitNode(_ snap: UnsafeBufferPointer<PresentationSnapshot.Node>, _ i: Int, parent: Int, instance: InstanceContext,
                          replicaAbout: Int) -> Emitted? {
        let record = snap[i].record
        if instance.timeShift != 0, record.isAnimated {
            // Inside a replicator instance with a time shift: evaluated again at the shifted time.
            var shifted = record.state
            record.applyAnimations(to: &shifted, localTime: snap[i].localTime - instance.timeShift)
            let emitted = withUnsafePointer(to: shifted) { emitNode(snap, i, state: $0, parent: parent, instance: instance, replicaAbout: replicaAbout) }
            guard var e = emitted else { return nil }
            if record.kind == .replicator { shiftedStates.append(shifted); e.shiftedState = shiftedStates.count - 1 }
            return e
        }
        // The state is read in place through a pointer into the snapshot (passing `snap[i].state`
        // copied the whole state, and retained every object in it, once per node per frame).
        let node = UnsafePointer(snap.baseAddress! + i)
        return emitNode(snap, i, state: node.pointer(to: \.state)!, parent: parent, instance: instance, replicaAbout: replicaAbout)
    }

    /// Emits snapshot node `i` presented with the state `state` points to (valid for the call).
    private func emitNode(_ snap: UnsafeBufferPointer<PresentationSnapshot.Node>, _ i: Int, state: UnsafePointer<LayerState>, parent: Int,
                          instance: InstanceContext, replicaAbout: Int) -> Emitted? {
        childScratch.removeAll(keepingCapacity: true)
        if state.pointee.isHidden { return nil }
        let record = snap[i].record
        let isTransformLayer = record.kind == .transform
        var index = nodes.count
        // An unanimated layer whose committed record and superlayer placement are those of the
        // last frame gets last frame's node again (its values, contents included, cannot differ).
        let reusable = replicaAbout < 0 && instance.salt == 0 && instance.tint == 0xFFFF_FFFF && RenderTreeBuilder.mayReuse(record, state)
        var wrapper = -1
        var ghost = -1
        if reusable, reuses(i, record: record, parent: parent) {
            // Copied once, straight from where it was kept into the tree (a node is large: each
            // copy on the way cost a memmove and a retain of its arrays).
            nodes.append(keptNodes[i])
            nodes[index].mask = -1
            nodes[index].subtreeEnd = 0
            reusedNodes += 1
        } else {
            var node = RenderNode()
            node.id = record.identity &* 31 &+ instance.salt
            node.bounds = state.pointee.bounds
            var m: CATransform3D
            if replicaAbout >= 0, parent >= 0 {
                // A replicator instance: the layer's own map, then the instance transform about the
                // replicator's anchor, then the replicator's sublayerTransform.
                let p = placements[parent]
                m = CATransform3DConcat(state.pointee.transformToParent(placedIn: SublayerPlacement(flipY: p.flipY, sublayerTransform: nil)),
                                        transforms[replicaAbout])
                if let st = p.sublayerTransform { m = CATransform3DConcat(m, st) }
            } else {
                m = state.pointee.transformToParent(placedIn: parent >= 0 ? placements[parent] : nil)
            }
            node.toParent = RenderTreeBuilder.matrix(m)
            node.preserves3D = isTransformLayer
            node.opacity = state.pointee.opacity.isFinite ? Double(min(max(state.pointee.opacity, 0), 1)) : 1
            node.allowsGroupOpacity = state.pointee.allowsGroupOpacity
            node.isDoubleSided = state.pointee.isDoubleSided
            if !isTransformLayer {
                node.backgroundColor = RenderColor.tint(RenderColor.premultiplied(state.pointee.backgroundColor), instance.tint)
                node.cornerRadius = state.pointee.cornerRadius.isFinite ? Double(max(0, state.pointee.cornerRadius)) : 0
                node.maskedCorners = UInt8(state.pointee.maskedCorners.rawValue & 0xF)
                node.borderWidth = state.pointee.borderWidth.isFinite ? Double(max(0, state.pointee.borderWidth)) : 0
                node.borderColor = RenderColor.tint(RenderColor.premultiplied(state.pointee.borderColor), instance.tint)
                node.masksToBounds = state.pointee.masksToBounds
                if state.pointee.shadowOpacity > 0, let sc = state.pointee.shadowColor {
                    let color = RenderColor.premultiplied(sc, alpha: Double(min(max(state.pointee.shadowOpacity, 0), 1)))
                    if color >> 24 != 0 {
                        node.shadow = RenderShadow(color: RenderColor.tint(color, instance.tint),
                                                   offsetX: Double(state.pointee.shadowOffset.width), offsetY: Double(state.pointee.shadowOffset.height),
                                                   radius: state.pointee.shadowRadius.isFinite ? Double(max(0, state.pointee.shadowRadius)) : 0,
                                                   path: state.pointee.shadowPath.map { PathGeometry.contours($0, tolerance: 0.1) })
                    }
                }
                node.contents = contentBuilder.contents(of: record.kind, state: state.pointee, tint: instance.tint, id: node.id)
                node.blendMode = state.pointee.compositingFilter.flatMap { BlendMode(filterName: $0) } ?? .normal
                node.maskChannel = state.pointee.maskChannel
                node.antialiasedEdges = state.pointee.allowsEdgeAntialiasing ? UInt8(state.pointee.edgeAntialiasingMask & 0xF) : 0
            }
            if reusable { keep(node, at: i, record: record, parent: parent) }
            // A running transition wraps the layer: its old look and its new one, moved and faded.
            if !isTransformLayer, let tr = state.pointee.transition {
                let plan = TransitionPlan(tr, bounds: state.pointee.bounds)
                var w = RenderNode()
                w.id = node.id ^ 0x7452_414E_5349_5431
                w.bounds = node.bounds
                w.toParent = node.toParent
                w.opacity = node.opacity
                w.isDoubleSided = node.isDoubleSided
                w.masksToBounds = plan.clips
                w.cornerRadius = node.cornerRadius
                w.maskedCorners = node.maskedCorners
                w.shadow = node.shadow
                w.blendMode = node.blendMode
                node.blendMode = .normal
                let old = tr.from.state
                var g = RenderNode()
                g.id = w.id &+ 1
                g.bounds = node.bounds
                g.toParent = .translation(Double(plan.oldOffset.dx), Double(plan.oldOffset.dy))
                g.opacity = plan.oldOpacity
                g.backgroundColor = RenderColor.tint(RenderColor.premultiplied(old.backgroundColor), instance.tint)
                g.cornerRadius = node.cornerRadius
                g.maskedCorners = node.maskedCorners
                g.borderWidth = old.borderWidth.isFinite ? Double(max(0, old.borderWidth)) : 0
                g.borderColor = RenderColor.tint(RenderColor.premultiplied(old.borderColor), instance.tint)
                g.contents = contentBuilder.contents(of: record.kind, state: old, tint: instance.tint, id: g.id)
                node.toParent = .translation(Double(plan.newOffset.dx), Double(plan.newOffset.dy))
                node.opacity = plan.newOpacity
                node.shadow = nil
                wrapper = nodes.count
                nodes.append(w)
                if plan.oldOnTop { ghosts.append(g); ghost = ghosts.count - 1 } else { g.subtreeEnd = nodes.count + 1; nodes.append(g) }
                index = nodes.count
            }
            if record.kind == .tiled { tiledNodes.append(.init(index: nodes.count, identity: record.identity, contentsScale: state.pointee.contentsScale)) }
            let id = node.id
            nodes.append(node)
            if record.kind == .emitter {
                // Particles draw above the emitter's own contents, below its sublayers.
                nodes.append(contentsOf: ParticleNodes.make(state: state.pointee, time: snap[i].localTime - instance.timeShift, emitterID: id,
                                                            tint: instance.tint, firstIndex: nodes.count))
            }
        }
        // Sublayers, back to front by zPosition (stable).
        var j = i + 1
        let end = i + 1 + snap[i].descendantCount
        while j < end {
            childScratch.append(j)
            j += RenderTreeBuilder.extent(snap, j)
        }
        var placement = -1
        if !childScratch.isEmpty {
            placements.append(SublayerPlacement(state.pointee))
            placement = placements.count - 1
        }
        if childScratch.count > 1 && !isTransformLayer {
            zScratch.removeAll(keepingCapacity: true)
            for c in childScratch { zScratch.append(snap[c].state.zPosition) }
            if zip(zScratch, zScratch.dropFirst()).contains(where: { $0 > $1 }) {
                let z = zScratch
                childScratch = childScratch.enumerated().sorted { (z[$0.offset], $0.offset) < (z[$1.offset], $1.offset) }.map(\.element)
            }
        }
        return Emitted(index: index, wrapper: wrapper, ghost: ghost, placement: placement, shiftedState: -1)
    }

    /// Last frame's node of each snapshot node that may be reused (see `mayReuse`), with the record
    /// and superlayer placement it was made from; nil where none was kept. By snapshot index: a
    /// node that moved in the snapshot meets another record there and is made anew.
    @exclusivity(unchecked) private var kept: [KeptNode?] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    /// The kept nodes themselves, by snapshot index (meaningful where `kept` is not nil): apart
    /// from what they were made from, so that checking a node costs no copy of it.
    @exclusivity(unchecked) private var keptNodes: [RenderNode] = []  // unchecked: one thread builds, and no access to it overlaps another (checking cost a TLS lookup each)
    /// The device scale the kept nodes were made at (all are dropped when it changes).
    private var keptScale = 1.0
    /// How many nodes of the last tree built were last frame's, kept (for tests).
    private(set) var reusedNodes = 0

    /// What a kept render node (in `keptNodes`) was made from: `record`'s committed state under a
    /// superlayer placing its sublayers by `flipY` and `sublayerTransform`.
    private struct KeptNode {
        var record: CommittedLayer
        var flipY: CGFloat?
        var sublayerTransform: CATransform3D?
    }

    /// Whether the node of a layer with `record`, presented as `state`, depends on nothing but the
    /// record and its superlayer's placement, so that it can be kept from frame to frame: not
    /// animated (its presented state is then the record's committed one), a plain, shape or
    /// gradient layer without contents or a backing store (whose pixels may change under the same
    /// record) and without a running transition.
    private static func mayReuse(_ record: CommittedLayer, _ state: UnsafePointer<LayerState>) -> Bool {
        guard !record.isAnimated else { return false }
        switch record.kind {
        case .layer, .shape, .gradient: break
        default: return false
        }
        return state.pointee.contentsBox == nil && state.pointee.backing == nil && state.pointee.transition == nil
    }

    /// Whether last frame's node for snapshot node `i` (in `keptNodes`) was made from `record`
    /// under the same superlayer placement as `placements[parent]` (none for -1). Its place in the
    /// tree (mask, subtree end) is then to be filled in again.
    private func reuses(_ i: Int, record: CommittedLayer, parent: Int) -> Bool {
        guard i < kept.count, let k = kept[i], k.record === record else { return false }
        if parent >= 0 {
            return k.flipY == placements[parent].flipY && k.sublayerTransform == placements[parent].sublayerTransform
        }
        return k.flipY == nil && k.sublayerTransform == nil
    }

    /// Keeps `node`, made for snapshot node `i` from `record` under `placements[parent]`, for the next frame.
    private func keep(_ node: RenderNode, at i: Int, record: CommittedLayer, parent: Int) {
        guard i < kept.count else { return }
        let p = parent >= 0 ? placements[parent] : nil
        kept[i] = KeptNode(record: record, flipY: p?.flipY, sublayerTransform: p?.sublayerTransform)
        keptNodes[i] = node
    }

    /// CAReplicatorLayer: instance k of every sublayer gets instanceTransform applied k times (about
    /// the replicator's anchor point), its time shifted by k·instanceDelay and its colours multiplied
    /// by instanceColor plus k times the colour offsets. Returns instance `k`'s context and transform
    /// (`acc`: instanceTransform applied k times), or nil past the last instance or the node budget.
    private func replica(_ k: Int, state: LayerState, instance: InstanceContext, acc: CATransform3D)
        -> (context: InstanceContext, about: CATransform3D)? {
        let sub = state.subclass
        let count = min(max(sub.instanceCount, 0), 10_000)
        // Replicators in replicators multiply: stop adding instances past the node budget.
        guard k < count, nodes.count < Self.replicaNodeBudget else { return nil }
        let ax = state.bounds.origin.x + state.anchorPoint.x * state.bounds.width
        let ay = state.bounds.origin.y + state.anchorPoint.y * state.bounds.height
        let base = RenderColor.straight(sub.instanceColor ?? CGColor(gray: 1, alpha: 1))
        let offsets = SIMD4(Double(sub.instanceRedOffset), Double(sub.instanceGreenOffset), Double(sub.instanceBlueOffset), Double(sub.instanceAlphaOffset))
        var c = base + offsets * Double(k)
        c = c.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        let tint = Premultiplied.pack(red: c.x, green: c.y, blue: c.z, alpha: c.w)
        let ctx = InstanceContext(timeShift: instance.timeShift + Double(k) * sub.instanceDelay,
                                  tint: RenderColor.tint(tint, instance.tint),
                                  salt: instance.salt &* 1_000_003 &+ UInt64(k))
        // Applied in the replicator's space, about its anchor, before its sublayerTransform.
        let about = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, 0), acc), CATransform3DMakeTranslation(ax, ay, 0))
        return (ctx, about)
    }

    /// The most render nodes replication may grow a tree to (10,000 instances a replicator, nested,
    /// would otherwise reach 10^8 and more).
    static let replicaNodeBudget = 50_000

    /// The number of snapshot nodes node `j` spans: itself, its descendants, and its mask's subtree
    /// (which the snapshot stores right after the descendants).
    static func extent(_ snap: UnsafeBufferPointer<PresentationSnapshot.Node>, _ j: Int) -> Int {
        var e = 0
        var k = j
        // A mask's subtree follows its owner's descendants, and may have a mask of its own.
        while k >= 0 {
            e += 1 + snap[k].descendantCount
            k = snap[k].mask
        }
        return e
    }

    /// A CATransform3D as the compositor's matrix.
    static func matrix(_ t: CATransform3D) -> Matrix4x4 {
        Matrix4x4(SIMD16<Double>(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14),
                                 Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24),
                                 Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34),
                                 Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44)))
    }
}
