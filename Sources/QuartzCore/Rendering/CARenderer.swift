import Foundation
import CoreGraphics
import Compositor

/// Renders a layer tree into pixels without a window (Apple's CARenderer, with a software target
/// instead of an OpenGL context or Metal texture). Per frame: `beginFrame(atTime:timeStamp:)`
/// evaluates the committed tree at that time and finds what changed since the last frame,
/// `render()` rasterises only the changed region, `endFrame()` finishes; `makeImage()` gives the
/// frame. The layer tree must be committed (CATransaction.flush()) to be seen, as on Apple.
///
/// The renderer draws from its own `CommittedTreeStore` (Lamina): setting `layer` makes the store
/// follow that root, and each commit that changes the root's tree publishes into it; commits of
/// other trees in the process do not reach it.
open class CARenderer: NSObject {
    /// The root layer of the tree to render (placed by its position and transform in the target).
    open var layer: CALayer? {
        didSet { if layer !== oldValue { trees.follow(layer) } }
    }
    /// Where this renderer takes the committed tree it draws (its own, or one it was given).
    private let trees: CommittedTreeStore
    /// The region of the root's parent space that the target shows, in points.
    open var bounds: CGRect
    /// Pixels per point of the target.
    public let scale: CGFloat
    /// What the target is cleared to where no layer draws (premultiplied sRGB; default transparent).
    open var backgroundColor: CGColor?
    /// Threads that rasterise (default 1; 2 splits frames into bands drawn in parallel).
    open var threads: Int {
        get { frameRenderer.threads }
        set { frameRenderer.threads = max(1, newValue) }
    }

    private var snapshot: PresentationSnapshot?
    /// Whether evaluation leaves out what is under layers that draw nothing (hidden, or flat with
    /// opacity 0): true; false evaluates and builds every layer, for tests that compare the two
    /// (Lamina).
    @_spi(LaminaInternal) public var prunesInvisibleSubtrees = true
    private let builder = RenderTreeBuilder()
    private var tracker = DamageTracker()
    /// Whether recent frames changed almost all over (then frames are redrawn whole for a while).
    private var fullDamage = MostlyFullDamage()
    private let frameRenderer = FrameRenderer(threads: 1)
    private var buffer = PixelBuffer(width: 0, height: 0)
    private var tree = RenderTree()
    private var damage = IntRect.empty
    private var extraUpdates = IntRect.empty
    private var frameTime: CFTimeInterval = 0
    private var inFrame = false
    private var lastBackground: UInt32 = 0

    /// A renderer whose target is `size` points at `scale` pixels per point (Lamina's initializer;
    /// `options` is accepted for Apple's signature shape and ignored).
    public init(size: CGSize, scale: CGFloat = 1, options: [AnyHashable: Any]? = nil) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        trees = CommittedTreeStore()
        super.init()
    }

    /// A renderer that draws from `trees`, the root that store follows (Lamina: a host that keeps one
    /// store for its root across the renderers it makes, such as a window's when its scale changes;
    /// setting `layer` makes the store follow another root).
    package init(size: CGSize, scale: CGFloat = 1, trees: CommittedTreeStore) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.trees = trees
        super.init()
    }

    /// The store this renderer draws from (Lamina, for hosts and tests).
    @_spi(LaminaInternal) public var committedTrees: CommittedTreeStore { trees }

    /// The target's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        func px(_ v: CGFloat) -> Int { v.isFinite && v > 0 ? Int(min((v * scale).rounded(), 16384)) : 0 }
        return (px(bounds.width), px(bounds.height))
    }

    /// Whether `beginFrame(atTime:)` first redraws the layers of its tree whose animations change a
    /// key that needs display (`needsDisplay(forKey:)`), on presentation copies at the frame's time,
    /// and commits that drawing, as Core Animation does for every frame it renders. True for a
    /// renderer that app code drives; a host that renders on a thread of its own, and has done that
    /// drawing in its app turn, turns it off (the render side never runs app code).
    package var drawsAnimatedDisplay = true

    /// Starts a frame at media time `t`: redraws layers whose animated keys need display at `t` (see
    /// `CALayer.needsDisplay(forKey:)`), then evaluates the committed tree and computes the update
    /// region.
    open func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>? = nil) {
        inFrame = true
        frameTime = t
        if drawsAnimatedDisplay, let root = layer { CARenderer.drawAnimatedDisplay(under: root, at: t) }
        let (w, h) = pixelSize
        if buffer.width != w || buffer.height != h {
            buffer = PixelBuffer(width: w, height: h)
            tracker.reset()
            notBackground = IntRect(x: 0, y: 0, width: w, height: h)
        }
        let bg = RenderColor.premultiplied(backgroundColor)
        if bg != lastBackground { tracker.reset(); lastBackground = bg; notBackground = IntRect(x: 0, y: 0, width: w, height: h) }
        let t0 = CAMediaClock.monotonicSeconds()
        var t1 = t0
        // The root the store follows: `layer`, or for a renderer given a store, the store's root
        // (a window's render thread then touches no layer object).
        if let root = trees.root {
            // Evaluated from the latest tree published into this renderer's store: values only, no
            // layer object and no lock that app code holds.
            builder.deviceScale = Double(scale)
            builder.viewport = (toDevice, CGRect(x: 0, y: 0, width: w, height: h), t)
            let committed = trees.tree
            if snapshot == nil || snapshot!.prunesInvisibleSubtrees != prunesInvisibleSubtrees {
                snapshot = PresentationSnapshot(tree: committed, rootSlot: root.slot, generation: root.generation, time: t,
                                                prunesInvisibleSubtrees: prunesInvisibleSubtrees)
            } else {
                snapshot!.update(tree: committed, rootSlot: root.slot, generation: root.generation, time: t)
            }
            t1 = CAMediaClock.monotonicSeconds()
            tree = builder.build(snapshot!)
        } else {
            tree = RenderTree()
        }
        let t2 = CAMediaClock.monotonicSeconds()
        let frame = IntRect(x: 0, y: 0, width: w, height: h)
        if extraUpdates.intersection(frame) == frame {
            // The whole frame is redrawn (addUpdate asked for it): nothing to compare, only the
            // tree to remember for the next frame's damage.
            tracker.remember(tree, toDevice: toDevice)
            damage = frame
        } else if fullDamage.redrawsWhole() {
            // Frame after frame changed almost all over: redrawn whole without finding what
            // changed (a superset of the damage, so the same pixels), and looked at again soon.
            tracker.remember(tree, toDevice: toDevice)
            damage = frame
        } else {
            damage = tracker.damage(for: tree, toDevice: toDevice, frame: frame).union(extraUpdates).intersection(frame)
            fullDamage.found(damage, of: frame)
        }
        extraUpdates = .empty
        let t3 = CAMediaClock.monotonicSeconds()
        phaseDurations = PhaseSeconds(evaluate: t1 - t0, buildRenderTree: t2 - t1, damage: t3 - t2, raster: nil)
    }

    /// Redraws the layers under `root` whose animated keys need display, at media time `t`, and
    /// commits what they drew (the calling thread's implicit transaction, when it is the only one open).
    private static func drawAnimatedDisplay(under root: CALayer, at t: CFTimeInterval) {
        ModelLock.shared.lock()
        defer { ModelLock.shared.unlock() }
        if AnimatedDisplay.shared.update(at: t, within: root) { CATransactionStack.current.commitImplicit() }
    }

    /// Seconds spent in each render-side phase of the last frame (evaluate, render tree, damage,
    /// raster), for statistics (Lamina).
    public var lastPhaseDurations: [FramePhase: Double] {
        guard let p = phaseDurations.evaluate else { return phaseDurations.raster.map { [.raster: $0] } ?? [:] }
        var d: [FramePhase: Double] = [.evaluate: p, .buildRenderTree: phaseDurations.buildRenderTree, .damage: phaseDurations.damage]
        if let r = phaseDurations.raster { d[.raster] = r }
        return d
    }
    /// The last frame's phase times, kept as plain fields (a dictionary made every frame cost an
    /// allocation and hashing in the frame's time); nil: that phase has not run yet.
    private struct PhaseSeconds {
        var evaluate: Double?
        var buildRenderTree = 0.0, damage = 0.0
        var raster: Double?
    }
    private var phaseDurations = PhaseSeconds()

    /// The root's parent space → target pixels.
    private var toDevice: Matrix4x4 {
        Matrix4x4.translation(-Double(bounds.minX), -Double(bounds.minY)).then(.scale(Double(scale), Double(scale)))
    }

    /// The region (in the renderer's bounds coordinates) that `render()` will redraw.
    open func updateBounds() -> CGRect {
        guard !damage.isEmpty else { return .null }
        let s = Double(scale)
        return CGRect(x: Double(bounds.minX) + Double(damage.x) / s, y: Double(bounds.minY) + Double(damage.y) / s,
                      width: Double(damage.width) / s, height: Double(damage.height) / s)
    }

    /// Adds a rectangle (bounds coordinates) to the region redrawn by the current or next frame.
    open func addUpdate(_ r: CGRect) {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let s = Double(scale)
        let px = IntRect.covering(minX: (Double(r.minX) - Double(bounds.minX)) * s, minY: (Double(r.minY) - Double(bounds.minY)) * s,
                                  maxX: (Double(r.maxX) - Double(bounds.minX)) * s, maxY: (Double(r.maxY) - Double(bounds.minY)) * s)
        if inFrame { damage = damage.union(px).intersection(IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)) }
        else { extraUpdates = extraUpdates.union(px) }
    }

    /// Rasterises the update region of the current frame into the target (nothing when idle).
    open func render() {
        if let target = drawTarget {
            // Into memory a host owns (a window's shared image), which holds an earlier frame than
            // `buffer` may: its stale part is drawn too, and what `buffer` holds is no longer known.
            // Each target's pixels keep their own box outside which they hold the background (all
            // of a target not drawn into before), so only the part of the region earlier frames
            // drew into it is cleared, as for `buffer`.
            precondition(target.width == buffer.width && target.height == buffer.height,
                         "CARenderer.drawTarget is \(target.width)x\(target.height), the frame \(buffer.width)x\(buffer.height)")
            let whole = IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
            let region = damage.union(target.stale).intersection(whole)
            guard !region.isEmpty else { phaseDurations.raster = 0; return }
            let t0 = CAMediaClock.monotonicSeconds()
            let key = Int(bitPattern: target.pixels)
            // What the host calls stale may hold anything (a new image: all of it).
            let known = (targetsNotBackground[key] ?? whole).union(target.stale)
            let clearing = clearsOnlyDrawnPixels ? known.intersection(region) : region
            frameRenderer.render(tree, intoPixels: target.pixels, width: buffer.width, height: buffer.height, region: region,
                                 toDevice: toDevice, background: lastBackground, clearing: clearing)
            clearedArea = clearing.area
            if targetsNotBackground[key] == nil && targetsNotBackground.count >= 4 { targetsNotBackground.removeAll() }
            targetsNotBackground[key] = clearsOnlyDrawnPixels ? notBackground(after: region, was: known) : whole
            notBackground = whole
            phaseDurations.raster = CAMediaClock.monotonicSeconds() - t0
            return
        }
        guard !damage.isEmpty else { phaseDurations.raster = 0; return }
        let t0 = CAMediaClock.monotonicSeconds()
        let map = toDevice
        // Only what may hold more than the background is cleared (the whole region when not kept).
        let clearing = clearsOnlyDrawnPixels ? notBackground.intersection(damage) : damage
        frameRenderer.render(tree, into: &buffer, region: damage, toDevice: map, background: lastBackground, clearing: clearing)
        clearedArea = clearing.area
        notBackground = clearsOnlyDrawnPixels ? notBackground(after: damage, was: notBackground)
                                              : IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        phaseDurations.raster = CAMediaClock.monotonicSeconds() - t0
    }

    /// The box outside which pixels hold the background after the tree was drawn into `region` of
    /// pixels whose box was `known`: in the region, the tree drew inside its drawn bounds and left
    /// the background elsewhere; outside the region the pixels are as they were. The bounds are
    /// worked out where redrawing the region costs enough to be worth it (a quarter of the frame).
    /// Where the tree drew half of the frame or more, the bounds are not worked out again for a
    /// while (the region counts as drawn, which it holds): clearing less would save less than
    /// finding the bounds of many paths costs.
    private func notBackground(after region: IntRect, was known: IntRect) -> IntRect {
        let frameArea = buffer.width * buffer.height
        var drawn = region
        if boundsPause > 0 {
            boundsPause -= 1
        } else if region.area * 4 >= frameArea, let b = frameRenderer.drawnBounds(of: tree, toDevice: toDevice) {
            drawn = b.intersection(region)
            if drawn.area * 2 >= frameArea { boundsPause = 15 }
        }
        return known.intersection(region) == known ? drawn : known.union(drawn)
    }

    /// A box of the target outside which every pixel holds the background (what the last frames
    /// drew, as far as they drew; all of the target while that is not known).
    private var notBackground = IntRect.empty
    /// The same box for each host's pixels drawn into (`drawTarget`), by their address (a window's
    /// two images; forgotten when a fifth appears, as after resizes).
    private var targetsNotBackground: [Int: IntRect] = [:]
    /// Frames left before the drawn bounds are worked out again (they covered half of the frame
    /// or more: clearing less would save little).
    private var boundsPause = 0
    /// Whether `render()` clears only the part of its region where earlier frames drew (the
    /// default; false clears all of it, for tests that compare the two: the pixels are the same).
    @_spi(LaminaInternal) public var clearsOnlyDrawnPixels = true
    /// The pixels the last `render()` cleared (before leaving out what opaque layers cover; for tests).
    @_spi(LaminaInternal) public private(set) var clearedArea = 0

    /// Ends the current frame.
    open func endFrame() {
        inFrame = false
        // On virtual time, the tiles this frame asked tiled layers for are drawn before the next
        // frame, so that frames repeat exactly whatever the tile worker's speed.
        if CAMediaClock.manualTime != nil && builder.tiledLayersNeedFrames { CATiledLayer.waitForPendingTiles() }
        lastDamage = damage
        damage = .empty
    }

    /// The region the last finished frame redrew (for hosts that upload it after endFrame()).
    private var lastDamage = IntRect.empty

    /// When the next frame should be drawn: the current frame's time while an animation in the tree
    /// or an emitter layer is running, the time the next one starts when all are waiting, or infinity when nothing will
    /// change (no animations, all finished, or their layers paused).
    open func nextFrameTime() -> CFTimeInterval {
        guard let snap = snapshot else { return .infinity }
        // Tiles asked for, or fading in: the next frame shows them.
        if builder.tiledLayersNeedFrames { return frameTime }
        var next = CFTimeInterval.infinity
        for k in 0..<snap.count {
            guard let due = dueTime(of: snap.nodes[k].record, state: snap.nodes[k].state, localTime: snap.nodes[k].localTime, in: snap.tree) else { continue }
            if due <= frameTime { return frameTime }
            next = min(next, due)
        }
        // Under layers that draw nothing the snapshot evaluated nothing, but what runs there still
        // asks for frames (as it would if they drew): their records, at their own local times.
        var stack: [CommittedLayer] = []
        for p in snap.prunedNodes {
            stack.removeAll(keepingCapacity: true)
            stack.append(snap.nodes[p].record)
            var budget = snap.tree.layers.count
            while let r = stack.popLast(), budget > 0 {
                budget -= 1
                if r !== snap.nodes[p].record, r.isAnimated || r.kind == .emitter {
                    let local = snap.tree.localTime(of: r.slot, fromGlobal: frameTime)
                    var state = r.state
                    if r.kind == .emitter, r.isAnimated { r.applyAnimations(to: &state, localTime: local) }
                    if let due = dueTime(of: r, state: state, localTime: local, in: snap.tree) {
                        if due <= frameTime { return frameTime }
                        next = min(next, due)
                    }
                }
                for c in r.sublayers { if let cr = snap.tree.record(c) { stack.append(cr) } }
                if let m = snap.tree.record(r.mask) { stack.append(m) }
            }
        }
        return next
    }

    /// When layer `record` (presented as `state` at `localTime`) next changes: the current frame's
    /// time while it emits particles or an animation of it runs, the media time its next animation
    /// starts when all wait, or nil when none will change it.
    private func dueTime(of record: CommittedLayer, state: borrowing LayerState, localTime local: Double, in tree: CommittedTree) -> CFTimeInterval? {
        // A running emitter changes every frame (unless its time is paused).
        if record.kind == .emitter, EmitterActivity.isEmitting(state, localTime: local),
           tree.localTime(of: record.slot, fromGlobal: frameTime + 1) != local {
            return frameTime
        }
        guard record.isAnimated else { return nil }
        // How fast the layer's time runs against media time (0 when it or an ancestor is paused).
        let rate = tree.localTime(of: record.slot, fromGlobal: frameTime + 1) - local
        guard rate.isFinite, rate != 0 else { return nil }
        var next: CFTimeInterval?
        for a in record.animations {
            let timing = a.timing
            let start = timingStartTime(timing), end = timingEndTime(timing)
            let ahead = rate > 0 ? start > local : start < local
            if ahead { next = min(next ?? .infinity, frameTime + (start - local) / rate); continue }
            if rate > 0 ? local < end : local > start { return frameTime }
        }
        return next
    }

    /// The last rendered frame as an image (Lamina).
    public func makeImage() -> CGImage {
        CGImage(width: buffer.width, height: buffer.height, validPremultipliedARGB: buffer.pixels)
    }

    /// Where `render()` draws instead of the renderer's own pixels (Lamina, for a host that draws
    /// frames straight into the memory its display reads; nil: its own pixels, `pixelBuffer`):
    /// `width × height` pixels, rows `width` apart, which must be the frame's pixel size
    /// (`pixelSize`), holding the frame before this one except in `stale` (pixels), which is
    /// drawn again with the frame's region and may hold anything (but is no damage: `damageRect`
    /// stays what changed since the frame before). Pixels at the same address are taken to hold
    /// what the renderer last drew into them outside `stale` (so that it clears only where it drew). `pixelBuffer` is not drawn while it is set: a host that goes back
    /// to it redraws it whole (`addUpdate(bounds)`).
    @_spi(LaminaInternal) public var drawTarget: (pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stale: IntRect)?

    /// The target pixels (Lamina, for hosts and tests).
    @_spi(LaminaInternal) public var pixelBuffer: PixelBuffer { buffer }

    /// The render tree of the current frame (Lamina, for hosts and tests).
    @_spi(LaminaInternal) public var renderTree: RenderTree { tree }

    /// The pixel rectangle the current frame redraws (Lamina).
    /// During a frame, the region it redraws; after `endFrame()`, the region the last frame redrew
    /// (what a host uploads).
    @_spi(LaminaInternal) public var damageRect: IntRect { inFrame ? damage : lastDamage }
}
