import Foundation

/// One layer as committed: its values, its animations compiled for evaluation, and its place in
/// the tree by slot (Lamina). Immutable: made on the app thread by the commit that changed the
/// layer, then read by the render side (evaluation, rendering, damage) and by presentation copies,
/// never changed. It holds no `CALayer`.
@_spi(LaminaInternal)
public final class CommittedLayer: @unchecked Sendable {  // unchecked: `channels` hold Unmanaged references to the frozen animations `animations` keeps alive; every field is a let
    /// The layer's slot in committed trees.
    public let slot: Int
    /// The slot's generation when this layer had it (slots are reused after a layer is freed).
    public let generation: UInt32
    /// The Lamina class it is drawn as.
    public let kind: LayerKind
    /// The committed values.
    let state: LayerState
    /// The slots of the sublayers, back to front.
    public let sublayers: [Int]
    /// The slot of the mask layer, or -1.
    public let mask: Int
    /// The slot of the superlayer, or -1.
    public let superlayer: Int
    /// For a mask: the slot of the layer it masks, or -1.
    public let maskOwner: Int
    /// The slot whose time this layer's time derives from: the superlayer, or the masked layer.
    public var parent: Int { superlayer >= 0 ? superlayer : maskOwner }
    /// The animations, in the order added.
    let animations: [CommittedAnimation]
    /// The animations compiled for fast evaluation (their objects are kept alive by `animations`).
    let channels: ContiguousArray<AnimationChannel>
    /// Whether every channel's writes are known (then a snapshot can reset just the animated fields).
    let channelsAllResettable: Bool

    init(slot: Int, generation: UInt32, kind: LayerKind, state: LayerState, sublayers: [Int], mask: Int, superlayer: Int,
         maskOwner: Int, animations: [CommittedAnimation]) {
        self.slot = slot
        self.generation = generation
        self.kind = kind
        self.state = state
        self.sublayers = sublayers
        self.mask = mask
        self.superlayer = superlayer
        self.maskOwner = maskOwner
        self.animations = animations
        let c = ContiguousArray(animations.map { AnimationChannel.compile($0) })
        channels = c
        channelsAllResettable = c.allSatisfy { $0.isResettable }
    }

    /// A stable identity for render nodes: slot and generation.
    public var identity: UInt64 { UInt64(slot) | UInt64(generation) << 32 }

    /// Whether it has animations.
    public var isAnimated: Bool { !animations.isEmpty }

    /// Applies the animations, in the order added, at the layer's local time.
    @inline(__always)
    func applyAnimations(to s: inout LayerState, localTime: Double) {
        channels.withUnsafeBufferPointer { buf in
            for i in buf.indices { buf[i].apply(to: &s, localTime: localTime) }
        }
    }

    /// Puts the fields the channels write back to their committed values (all channels resettable).
    func resetAnimatedFields(_ s: inout LayerState) {
        channels.withUnsafeBufferPointer { buf in
            for i in buf.indices { buf[i].resetTarget(&s, from: state) }
        }
    }
}
