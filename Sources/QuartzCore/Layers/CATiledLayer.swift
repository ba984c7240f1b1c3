import Foundation
import CoreGraphics

/// A layer that draws its content in tiles, on demand, at several levels of detail (Apple's
/// `CATiledLayer`). The renderer asks for the tiles that are visible at the level of detail that
/// suits the layer's scale on screen; each missing tile is drawn by `draw(in:)` (or the delegate's
/// `draw(_:in:)`) on a background thread, with the context's clip set to the tile's rectangle and
/// its CTM scaled for the level, and fades in over `fadeDuration()` once drawn. Do not set
/// `contents` of a tiled layer.
open class CATiledLayer: CALayer {
    /// The tiles drawn so far (shared with the render side).
    let tileCache: TileCache

    /// Creates a tiled layer with Apple's defaults (256×256 tiles, one level of detail, no bias).
    public override init() {
        tileCache = TileCache(layer: nil)
        super.init()
        tileCache.attach(self, fadeDuration: type(of: self).fadeDuration())
        TileCacheRegistry.register(tileCache, identity: tileIdentity)
    }

    /// Creates a copy of `layer` for use as a presentation layer (its tile settings copied).
    public override init(layer: Any) {
        tileCache = TileCache(layer: nil)
        super.init(layer: layer)
        tileCache.attach(self, fadeDuration: type(of: self).fadeDuration())
        if let l = layer as? CATiledLayer { tileCache.configuration = l.tileCache.configuration }
        TileCacheRegistry.register(tileCache, identity: tileIdentity)
    }

    /// Decoding is not supported on Linux; returns nil.
    public required init?(coder: NSCoder) { return nil }

    deinit { TileCacheRegistry.remove(tileIdentity) }

    override func makeLayerCopy() -> CALayer { CATiledLayer(layer: self) }

    private var tileIdentity: UInt64 { UInt64(slot) | UInt64(slotGeneration) << 32 }

    /// The time, in seconds, that newly drawn tiles take to fade in (default 0.25). Override it in a
    /// subclass to change it.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The maximum size of a tile, in pixels of the level's backing (default 256×256).
    open var tileSize: CGSize {
        get { tileCache.configuration.tileSize }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width >= 1, newValue.height >= 1,
                  newValue.width * newValue.height <= 16_777_216 else {
                LaminaDiagnostics.report("CATiledLayer.tileSize of \(describeLayer(self)): \(newValue) is not a usable tile size; ignored")
                return
            }
            let size = CGSize(width: newValue.width.rounded(.up), height: newValue.height.rounded(.up))
            tileCache.configuration.tileSize = size
            super.setNeedsDisplay()
        }
    }

    /// The number of levels of detail the layer keeps (default 1); each level is half the resolution
    /// of the one before.
    open var levelsOfDetail: Int {
        get { tileCache.configuration.levelsOfDetail }
        set { tileCache.configuration.levelsOfDetail = min(max(newValue, 1), 30); super.setNeedsDisplay() }
    }

    /// The number of magnified levels of detail (default 0): with 2, the layer also has levels at 2×
    /// and 4× its unscaled resolution.
    open var levelsOfDetailBias: Int {
        get { tileCache.configuration.levelsOfDetailBias }
        set { tileCache.configuration.levelsOfDetailBias = min(max(newValue, 0), 30); super.setNeedsDisplay() }
    }

    /// Marks every tile for redrawing; the tiles are drawn again asynchronously.
    open override func setNeedsDisplay() {
        tileCache.invalidate(nil)
        super.setNeedsDisplay()
    }

    /// Marks the tiles that intersect `r` (layer coordinates) for redrawing.
    open override func setNeedsDisplay(_ r: CGRect) {
        tileCache.invalidate(r)
        super.setNeedsDisplay()
    }

    /// A tiled layer has no backing store: display() only clears the flag (tiles are drawn when
    /// the renderer asks for them).
    open override func display() {
        needsDisplayFlag = false
    }

    /// Lamina: waits until every tile that renderers have asked for so far is drawn (for tests and
    /// offline rendering, which then render the next frame with those tiles).
    public static func waitForPendingTiles() {
        TileWorker.shared.wait()
    }
}
