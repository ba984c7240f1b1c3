import Foundation
import Dispatch
import CPixelKernels

/// Rasterises render trees into pixel buffers: the compositor's entry point. Splits the work into
/// horizontal bands drawn in parallel on `threads` threads, one band a thread, their heights
/// balanced from frame to frame by when each finished; every band draws the whole tree clipped
/// to itself, so the pixels never depend on the thread count or on where the bands end. What a
/// later layer paints over with opaque colour is found once per frame and left undrawn
/// (`occlusionCulling`).
/// Used by one thread at a time.
public final class FrameRenderer {
    /// How many threads rasterise (1: the calling thread only).
    public var threads: Int

    /// Blurred shadows kept from frame to frame and shared by the bands. Replaced between frames,
    /// the next frame blurs every shadow anew (the benchmark's `.nocache` rows do that).
    public var shadowCache = ShadowCache()

    /// Whether what a later layer paints over with opaque colour is left undrawn (the default).
    /// The pixels are the same either way, bit for bit; off, every layer is drawn in full (for
    /// comparisons and measurements).
    public var occlusionCulling = true

    /// The shortcuts the frame's drawing takes (all on; tests turn one off to draw the general
    /// path and compare).
    var shortcuts = DrawShortcuts()

    /// The opaque parts of the images drawn, found once per image.
    private let opaqueImages = OpaqueImageCache()

    /// A renderer using `threads` threads (at least 1).
    public init(threads: Int = 1) { self.threads = max(1, threads) }

    deinit { workers?.stop() }

    /// The helper threads of the last frame drawn on more than one thread (`threads` − 1 of them).
    private var workers: BandWorkers?
    /// The edges of the deferred shapes the bands of a frame share (see `SharedEdges`).
    private let sharedEdges = SharedEdges()
    /// Whether the bands share the edges of deferred shapes that reach past their rows (false:
    /// measured slower on two threads than each band setting up its own rows' edges, see
    /// CHANGELOG; tests set true to check the shared path's pixels).
    var sharesEdges = false
    /// How many shapes' edges the bands of the last frame shared (for tests).
    var sharedEdgeLists: Int { sharedEdges.entryCount }
    /// One drawer per band, kept from frame to frame: their scratch buffers and the rounded
    /// corners they have built (CornerRowCache) are not made anew every frame. Band b's drawer is
    /// used by band b's thread only, while the frame is drawn.
    private var drawers: [PrimitiveDrawer] = []
    /// What every band of one frame reads (the tree) or writes a part of (its rows under `base`, its
    /// drawer, its two timing slots).
    private typealias SharedBandState = (drawers: [PrimitiveDrawer], timing: UnsafeMutablePointer<Double>, base: UnsafeMutablePointer<UInt32>, tree: RenderTree)

    /// Where the bands end, balanced by their times (see BandBalancer), for `balancedArea`.
    var balancer = BandBalancer()
    private var balancedArea = IntRect(x: 0, y: 0, width: 0, height: 0)

    /// Draws `tree` into `buffer` inside `region` (default: all of it), after clearing that region to
    /// `background` (nil: draw over what is there). `toDevice` maps the root's parent space to pixels.
    /// `clearing`, when given, is the only part of the region that may hold anything but
    /// `background` already (see `drawnBounds`): the rest of the region is not cleared again.
    public func render(_ tree: RenderTree, into buffer: inout PixelBuffer, region: IntRect? = nil,
                       toDevice: Matrix4x4 = .identity, background: UInt32? = 0, clearing: IntRect? = nil) {
        let width = buffer.width, height = buffer.height
        guard width > 0, height > 0 else { return }
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            render(tree, intoPixels: px.baseAddress!, width: width, height: height, region: region,
                   toDevice: toDevice, background: background, clearing: clearing)
        }
    }

    /// `render(_:into:...)` into memory the caller owns: `width × height` pixels laid out as a
    /// `PixelBuffer`'s (rows `width` pixels apart), at `pixels`, such as a window's shared-memory
    /// image, so that a frame is drawn where the display reads it instead of being copied there.
    /// Nothing else may touch those pixels until the call returns.
    public func render(_ tree: RenderTree, intoPixels pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, region: IntRect? = nil,
                       toDevice: Matrix4x4 = .identity, background: UInt32? = 0, clearing: IntRect? = nil) {
        #if DEBUG
        // The contract every kernel relies on; release builds do not pay for the walk.
        if let bad = tree.firstNonPremultipliedColor() { assertionFailure("FrameRenderer.render: \(bad)") }
        #endif
        let full = IntRect(x: 0, y: 0, width: width, height: height)
        let area = (region ?? full).intersection(full)
        guard !area.isEmpty else { return }
        let bandCount = threads > 1 ? min(threads, max(1, area.height / 16)) : 1
        // Balanced bands carry over between frames of the same area (full frames, repeated regions).
        if area != balancedArea { balancer = BandBalancer(); balancedArea = area }
        let edges = balancer.boundaries(count: bandCount).map { area.y + Int((Double(area.height) * $0).rounded()) }
        // Each band writes only its own entry.
        while drawers.count < bandCount { drawers.append(PrimitiveDrawer()) }
        for d in drawers { d.fusesGradients = shortcuts.fusesGradients }
        // The shapes' edges, set up once for all the bands (none kept from the last frame).
        sharedEdges.beginFrame()
        for d in drawers { d.sharedEdges = bandCount > 1 && sharesEdges ? sharedEdges : nil }
        // What later nodes paint over exactly, found once for all the bands.
        let occluders = occlusionCulling ? TreeRasterizer(tree: tree, drawer: drawers[0]).occluders(toDevice: toDevice, frame: area, images: opaqueImages) : Occluders()
        opaqueImages.endFrame()
        // Outlines not made yet: each band first makes those nobody else is making (band b from the
        // b-th on), so that two threads stroke side by side; the balancer gives the bands that did
        // fewer rows.
        let deferred = bandCount > 1 ? FrameRenderer.unmadeContours(tree) : []
        // Band b's duration at timing[b], how long after `published` it started at timing[bandCount + b].
        let timing = UnsafeMutablePointer<Double>.allocate(capacity: 2 * bandCount)
        timing.initialize(repeating: 0, count: 2 * bandCount)
        defer { timing.deallocate() }
        // Shared by the bands without a race: band b writes only its own rows of the buffer,
        // `drawers[b]`, `timing[b]` and `timing[bandCount + b]`, and all of them only read the tree (a value whose
        // objects are immutable). Threads: the bands run on this thread and `workers`' helpers
        // (which hand `shared` to them: see `BandWorkers.run(_:sharing:_:)`), and `run` returns
        // only when every band is done.
        let shared = (drawers: self.drawers, timing: timing, base: pixels, tree: tree)
        let shadowCache = self.shadowCache, shortcuts = self.shortcuts
        shadowCache.beginFrame()
        let published = DispatchTime.now().uptimeNanoseconds
        let drawBand: @Sendable (SharedBandState, Int) -> Void = { shared, b in
            let y0 = edges[b], y1 = edges[b + 1]
            guard y1 > y0 else { return }
            let started = DispatchTime.now().uptimeNanoseconds
            shared.timing[bandCount + b] = Double(started &- min(published, started))
            defer { shared.timing[b] = Double(DispatchTime.now().uptimeNanoseconds - started) }
            let band = IntRect(x: area.x, y: y0, width: area.width, height: y1 - y0)
            if let background, case let cleared = clearing.map({ band.intersection($0) }) ?? band, !cleared.isEmpty {
                // Not under an occluder (order -1: before every node).
                occluders.forEachVisible(cleared, after: -1, scratch: shared.drawers[b].occlusionScratch) { r in
                    lamina_fill_rect(shared.base + r.y * width + r.x, width, background, Int32(r.width), Int32(r.height))
                }
            }
            for k in deferred.indices { deferred[(k + b) % deferred.count].prepare() }
            let surface = Surface(borrowing: shared.base, frame: IntRect(x: 0, y: 0, width: width, height: full.height), stride: width, scissor: band)
            if !occluders.isEmpty { surface.occluders = occluders }
            let rasterizer = TreeRasterizer(tree: shared.tree, shadowCache: shadowCache, drawer: shared.drawers[b])
            rasterizer.shortcuts = shortcuts
            rasterizer.sharesShadowRows = bandCount > 1 && shortcuts.sharesShadowRows
            rasterizer.drawRoot(toDevice: toDevice, on: surface)
        }
        // Bands this thread drew: all of them when no helper came in time (see BandWorkers).
        var drawnHere = bandCount
        if bandCount == 1 { drawBand(shared, 0) } else {
            if workers?.helpers != threads - 1 { workers?.stop(); workers = BandWorkers(helpers: threads - 1) }
            // A thread with no band left takes part in a blur another band makes (`helpShared`).
            drawnHere = workers!.run(bandCount, sharing: shared, idle: { shadowCache.helpShared() }, drawBand)
        }
        if bandCount > 1 {
            balance(times: Array(UnsafeBufferPointer(start: timing, count: bandCount)),
                    delays: Array(UnsafeBufferPointer(start: timing + bandCount, count: bandCount)), drawnHere: drawnHere)
        }
    }

    /// Moves the band boundaries by a frame's band `times` and `delays` (see BandBalancer), unless
    /// this thread drew all the bands (`drawnHere`): bands drawn one after the other say nothing of
    /// where the work lies (their times add up whatever the boundaries), only that no helper came in
    /// time. A helper off its core for a while (another process's turn) used to move every row to
    /// band 0 over a few frames, and the frames after it came back drew unbalanced bands until the
    /// boundaries moved back.
    func balance(times: [Double], delays: [Double], drawnHere: Int) {
        guard drawnHere < times.count else { return }
        balancer.update(times: times, delays: delays)
    }

    /// The deferred contours of `tree`'s fills not made yet (see `DeferredContours`), the costliest
    /// first (ties in tree order): band 0, whose thread starts at once, makes the costliest, and a
    /// helper that starts late finds the cheaper ones (a shape's stroke outline costs several times
    /// its fill's flattening; made by whichever band came first, it moved from band to band with the
    /// helper's lateness, and the balancer's rows with it).
    static func unmadeContours(_ tree: RenderTree) -> [DeferredContours] {
        var out: [DeferredContours] = []
        for n in tree.nodes {
            for case .fill(let f) in n.contents {
                if let d = f.deferred, !d.isMade { out.append(d) }
            }
        }
        if out.count > 1, out.contains(where: { $0.cost != out[0].cost }) {
            out = out.enumerated().sorted { $0.element.cost != $1.element.cost ? $0.element.cost > $1.element.cost : $0.offset < $1.offset }.map(\.element)
        }
        return out
    }

    /// A box holding every pixel that `render` of `tree` through `toDevice` may change besides
    /// clearing (`.empty`: none); nil when that is not known. Outside it a frame holds nothing but
    /// its background, so the next frame need not clear there (`render`'s `clearing`).
    public func drawnBounds(of tree: RenderTree, toDevice: Matrix4x4) -> IntRect? {
        TreeRasterizer(tree: tree).drawnBounds(toDevice: toDevice)
    }
}
