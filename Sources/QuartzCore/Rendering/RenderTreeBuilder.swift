import Foundation
import CoreGraphics
import Compositor

/// Turns a presentation snapshot into the compositor's render tree: resolves each layer's 4x4 map
/// into its superlayer, sorts siblings by zPosition, drops hidden subtrees, expands replicator
/// instances and converts every visual property and content into values. Keeps caches (rasterised
/// backing stores, text lines) between frames, so one builder per render loop.
@_spi(LaminaInternal)
public final class RenderTreeBuilder {
    private var nodes: [RenderNode] = []
    private let contentBuilder = LayerContentBuilder()
    private var snapshot: PresentationSnapshot? = nil
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

    /// The render tree of `snapshot`'s root (its first node).
    public func build(_ snapshot: PresentationSnapshot) -> RenderTree {
        nodes.removeAll(keepingCapacity: true)
        tiledNodes.removeAll(keepingCapacity: true)
        if snapshot.count > 0 {
            emitTree(snapshot)
        }
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
    /// node once its subtree (sublayers, then mask) is emitted.
    private enum Task {
        case emit(Int, parentState: LayerState?, instance: InstanceContext, replicaAbout: CATransform3D?, maskOf: Int)
        case replica(k: Int, children: [Int], state: LayerState, instance: InstanceContext, acc: CATransform3D)
        case close(index: Int, wrapper: Int, ghostOnTop: RenderNode?)
    }

    /// Emits the snapshot's root and everything under it.
    private func emitTree(_ snap: PresentationSnapshot) {
        var stack: [Task] = [.emit(0, parentState: nil, instance: .none, replicaAbout: nil, maskOf: -1)]
        while let task = stack.popLast() {
            switch task {
            case .emit(let i, let parentState, let instance, let about, let maskOf):
                let first = nodes.count
                guard let e = emitNode(snap, i, parentState: parentState, instance: instance, replicaAbout: about) else { continue }
                if maskOf >= 0 { nodes[maskOf].mask = first }
                // Popped in this order: the sublayers (or replicas), then the mask, then the close.
                stack.append(.close(index: e.index, wrapper: e.wrapper, ghostOnTop: e.ghostOnTop))
                if snap.nodes[i].mask >= 0 {
                    stack.append(.emit(snap.nodes[i].mask, parentState: nil, instance: instance, replicaAbout: nil, maskOf: e.index))
                }
                if snap.nodes[i].record.kind == .replicator {
                    stack.append(.replica(k: 0, children: e.children, state: e.state, instance: instance, acc: CATransform3DIdentity))
                } else {
                    for c in e.children.reversed() {
                        stack.append(.emit(c, parentState: e.state, instance: instance, replicaAbout: nil, maskOf: -1))
                    }
                }
            case .replica(let k, let children, let state, let instance, let acc):
                guard let r = replica(k, state: state, instance: instance, acc: acc) else { continue }
                // This instance's sublayers first, then the next instance.
                stack.append(.replica(k: k + 1, children: children, state: state, instance: instance,
                                      acc: CATransform3DConcat(acc, state.subclass.instanceTransform)))
                for ch in children.reversed() {
                    stack.append(.emit(ch, parentState: state, instance: r.context, replicaAbout: r.about, maskOf: -1))
                }
            case .close(let index, let wrapper, let ghostOnTop):
                nodes[index].subtreeEnd = nodes.count
                if wrapper >= 0 {
                    if var g = ghostOnTop { g.subtreeEnd = nodes.count + 1; nodes.append(g) }
                    nodes[wrapper].subtreeEnd = nodes.count
                }
            }
        }
    }

    /// A node emitted, with what its subtree needs.
    private struct Emitted {
        var index: Int, wrapper: Int, ghostOnTop: RenderNode?, state: LayerState, children: [Int]
    }

    /// Emits snapshot node `i` itself (nil when it is hidden: nothing emitted) and returns its
    /// sublayers, back to front by zPosition.
    private func emitNode(_ snap: PresentationSnapshot, _ i: Int, parentState: LayerState?, instance: InstanceContext,
                          replicaAbout: CATransform3D?) -> Emitted? {
        let sn = snap.nodes[i]
        var state = sn.state
        if instance.timeShift != 0, sn.record.isAnimated {
            state = sn.record.state
            sn.record.applyAnimations(to: &state, localTime: sn.localTime - instance.timeShift)
        }
        if state.isHidden { return nil }
        var index = nodes.count
        var node = RenderNode()
        node.id = sn.record.identity &* 31 &+ instance.salt
        node.bounds = state.bounds
        var m: CATransform3D
        if let about = replicaAbout, let p = parentState {
            // A replicator instance: the layer's own map, then the instance transform about the
            // replicator's anchor, then the replicator's sublayerTransform.
            var noSub = p
            noSub.sublayerTransform = CATransform3DIdentity
            m = CATransform3DConcat(state.transformToParent(noSub), about)
            if let st = p.sublayerTransformAboutAnchor { m = CATransform3DConcat(m, st) }
        } else {
            m = state.transformToParent(parentState)
        }
        node.toParent = RenderTreeBuilder.matrix(m)
        node.preserves3D = sn.isTransformLayer
        node.opacity = state.opacity.isFinite ? Double(min(max(state.opacity, 0), 1)) : 1
        node.allowsGroupOpacity = state.allowsGroupOpacity
        node.isDoubleSided = state.isDoubleSided
        if !sn.isTransformLayer {
            node.backgroundColor = RenderColor.tint(RenderColor.premultiplied(state.backgroundColor), instance.tint)
            node.cornerRadius = state.cornerRadius.isFinite ? Double(max(0, state.cornerRadius)) : 0
            node.maskedCorners = UInt8(state.maskedCorners.rawValue & 0xF)
            node.borderWidth = state.borderWidth.isFinite ? Double(max(0, state.borderWidth)) : 0
            node.borderColor = RenderColor.tint(RenderColor.premultiplied(state.borderColor), instance.tint)
            node.masksToBounds = state.masksToBounds
            if state.shadowOpacity > 0, let sc = state.shadowColor {
                let color = RenderColor.premultiplied(sc, alpha: Double(min(max(state.shadowOpacity, 0), 1)))
                if color >> 24 != 0 {
                    node.shadow = RenderShadow(color: RenderColor.tint(color, instance.tint),
                                               offsetX: Double(state.shadowOffset.width), offsetY: Double(state.shadowOffset.height),
                                               radius: state.shadowRadius.isFinite ? Double(max(0, state.shadowRadius)) : 0,
                                               path: state.shadowPath.map { PathGeometry.contours($0, tolerance: 0.1) })
                }
            }
            node.contents = contentBuilder.contents(of: sn.record.kind, state: state, tint: instance.tint)
            node.blendMode = state.compositingFilter.flatMap { BlendMode(filterName: $0) } ?? .normal
            node.maskChannel = state.maskChannel
            node.antialiasedEdges = state.allowsEdgeAntialiasing ? UInt8(state.edgeAntialiasingMask & 0xF) : 0
        }
        // A running transition wraps the layer: its old look and its new one, moved and faded.
        var wrapper = -1
        var ghostOnTop: RenderNode? = nil
        if !sn.isTransformLayer, let tr = state.transition {
            let plan = TransitionPlan(tr, bounds: state.bounds)
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
            g.contents = contentBuilder.contents(of: sn.record.kind, state: old, tint: instance.tint)
            node.toParent = .translation(Double(plan.newOffset.dx), Double(plan.newOffset.dy))
            node.opacity = plan.newOpacity
            node.shadow = nil
            wrapper = nodes.count
            nodes.append(w)
            if plan.oldOnTop { ghostOnTop = g } else { g.subtreeEnd = nodes.count + 1; nodes.append(g) }
            index = nodes.count
        }
        if sn.record.kind == .tiled { tiledNodes.append(.init(index: nodes.count, identity: sn.record.identity, contentsScale: state.contentsScale)) }
        nodes.append(node)
        if sn.record.kind == .emitter {
            // Particles draw above the emitter's own contents, below its sublayers.
            nodes.append(contentsOf: ParticleNodes.make(state: state, time: sn.localTime - instance.timeShift, emitterID: node.id,
                                                        tint: instance.tint, firstIndex: nodes.count))
        }
        // Sublayers, back to front by zPosition (stable).
        var children: [Int] = []
        var j = i + 1
        let end = i + 1 + sn.descendantCount
        while j < end {
            children.append(j)
            j += RenderTreeBuilder.extent(snap, j)
        }
        if children.count > 1 && !sn.isTransformLayer {
            let z = children.map { snap.nodes[$0].state.zPosition }
            if zip(z, z.dropFirst()).contains(where: { $0 > $1 }) {
                children = children.enumerated().sorted { (z[$0.offset], $0.offset) < (z[$1.offset], $1.offset) }.map(\.element)
            }
        }
        return Emitted(index: index, wrapper: wrapper, ghostOnTop: ghostOnTop, state: state, children: children)
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
    static func extent(_ snap: PresentationSnapshot, _ j: Int) -> Int {
        var e = 0
        var k = j
        // A mask's subtree follows its owner's descendants, and may have a mask of its own.
        while k >= 0 {
            // Two fields read in place (copying the node would copy its whole state).
            e += 1 + snap.nodes[k].descendantCount
            k = snap.nodes[k].mask
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
