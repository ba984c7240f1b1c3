import Foundation
import Synchronization
import CoreGraphics
import Compositor

/// One tile of a tiled layer: which level of detail, and its column and row in that level's grid.
struct TileKey: Hashable, Sendable {
    /// The level's scale exponent: the tile is drawn at 2^scaleExponent × contentsScale pixels per point.
    var scaleExponent: Int
    /// Column and row; tile (c, r) covers [c·w, (c+1)·w) × [r·h, (r+1)·h) in layer coordinates.
    var column: Int, row: Int
}

/// The tiles a CATiledLayer has drawn, shared between the app side (which draws tiles on the tile
/// worker and invalidates them) and the render side (which reads what exists, asks for what is
/// missing and starts each tile's fade the first frame it shows). Everything in one mutex; the
/// layer is held weakly (`WeakReference`) and loaded only by the tile worker, which calls its
/// `draw(in:)` there, as Apple draws a tiled layer's tiles on background threads.
final class TileCache: Sendable {
    /// A drawn tile: its pixels, the rectangle it covers in layer coordinates, and the media time of
    /// the first frame that showed it (nil until shown: its fade starts then).
    struct Tile {
        var image: CGImage
        var rect: CGRect
        var shownAt: Double?
        var lastUsedFrame: Int
    }

    /// The configuration the render side needs, copied from the layer's properties.
    struct Configuration: Equatable {
        var tileSize = CGSize(width: 256, height: 256)
        var levelsOfDetail = 1
        var levelsOfDetailBias = 0
        var fadeDuration: Double = 0.25
    }

    /// What the app side, the render side and the tile worker share.
    private struct State {
        var layer: WeakReference<CATiledLayer>?
        var configuration = Configuration()
        var tiles: [TileKey: Tile] = [:]
        var pending = Set<TileKey>()
        /// Bumped by every invalidation: a tile drawn for an older epoch is dropped.
        var epoch = 0
        var frame = 0
    }
    private let state = Mutex(State())
    /// How many tiles are kept at most (those not used for longest go first).
    static let capacity = 256

    init(layer: CATiledLayer?) {
        let reference = layer.map { WeakReference($0) }
        state.withLock { $0.layer = reference }
    }

    /// Sets the layer that draws the tiles and the fade duration of its class.
    func attach(_ layer: CATiledLayer, fadeDuration: Double) {
        let reference = WeakReference(layer)
        state.withLock { s in
            s.layer = reference
            s.configuration.fadeDuration = fadeDuration.isFinite ? max(0, fadeDuration) : 0.25
        }
    }

    /// The configuration (tile size, levels, fade).
    var configuration: Configuration {
        get { state.withLock { $0.configuration } }
        set {
            state.withLock { s in
                if newValue.tileSize != s.configuration.tileSize || newValue.levelsOfDetail != s.configuration.levelsOfDetail
                    || newValue.levelsOfDetailBias != s.configuration.levelsOfDetailBias {
                    s.tiles.removeAll(); s.pending.removeAll(); s.epoch += 1
                }
                s.configuration = newValue
            }
        }
    }

    /// Forgets the tiles that intersect `rect` (layer coordinates; nil: all of them).
    func invalidate(_ rect: CGRect?) {
        state.withLock { s in
            s.epoch += 1
            s.pending.removeAll()
            guard let r = rect else { s.tiles.removeAll(); return }
            s.tiles = s.tiles.filter { !$0.value.rect.intersects(r) }
        }
    }

    /// Whether tiles are asked for and not yet drawn.
    var hasPendingTiles: Bool { state.withLock { !$0.pending.isEmpty } }

    /// What the render side sees of one tile this frame: the drawn tile (its fade started at `time`
    /// if this is its first frame), or nil after asking the worker to draw it.
    func tileForFrame(_ key: TileKey, rect: CGRect, pixelScale: CGFloat, time: Double) -> Tile? {
        let (tile, ask, e) = state.withLock { s -> (Tile?, Bool, Int) in
            if var t = s.tiles[key] {
                if t.shownAt == nil { t.shownAt = time }
                t.lastUsedFrame = s.frame
                s.tiles[key] = t
                return (t, false, s.epoch)
            }
            return (nil, s.pending.insert(key).inserted, s.epoch)
        }
        if ask { TileWorker.shared.draw(key, rect: rect, pixelScale: pixelScale, epoch: e, cache: self) }
        return tile
    }

    /// The drawn tiles of other levels that intersect `rect` (shown under the wanted level until its
    /// tiles arrive), coarsest first.
    func otherLevelTiles(than exponent: Int, intersecting rect: CGRect, time: Double) -> [Tile] {
        state.withLock { s in
            var out: [(Int, Tile)] = []
            for (k, var t) in s.tiles where k.scaleExponent != exponent && t.rect.intersects(rect) {
                if t.shownAt == nil { t.shownAt = time }
                t.lastUsedFrame = s.frame
                s.tiles[k] = t
                out.append((k.scaleExponent, t))
            }
            return out.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Ends a frame of the render side: drops the tiles unused for longest beyond `capacity`.
    func endFrame() {
        state.withLock { s in
            s.frame += 1
            guard s.tiles.count > Self.capacity else { return }
            let keep = s.tiles.sorted { $0.value.lastUsedFrame > $1.value.lastUsedFrame }.prefix(Self.capacity)
            s.tiles = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }

    /// Draws one tile (on the tile worker): a context of tileSize pixels whose CTM maps the tile's
    /// rectangle onto it at `pixelScale` pixels per point and whose clip is that rectangle, handed
    /// to the layer's draw(in:).
    func drawTile(_ key: TileKey, rect: CGRect, pixelScale: CGFloat, epoch e: Int) {
        let (size, current, owner) = state.withLock { s in (s.configuration.tileSize, e == s.epoch, s.layer) }
        // The tile worker calls the layer's draw(in:) here, as Apple does on its background threads.
        guard current, let l = owner?.object else { return }
        let ctx = CGContext(width: Int(size.width), height: Int(size.height), scale: pixelScale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        l.draw(in: ctx)
        let image = RecordedDrawing.rasterize(ctx)
        state.withLock { s in
            if e == s.epoch {
                s.tiles[key] = Tile(image: image, rect: rect, shownAt: nil, lastUsedFrame: s.frame)
                s.pending.remove(key)
            }
        }
    }
}

/// Finds a tiled layer's tile cache from its committed identity (slot and generation), for the
/// render side, which holds no layer objects.
enum TileCacheRegistry {
    /// The caches by identity (any thread).
    private static let caches = Mutex<[UInt64: TileCache]>([:])

    /// Registers `cache` under `identity`.
    static func register(_ cache: TileCache, identity: UInt64) {
        caches.withLock { $0[identity] = cache }
    }

    /// Removes the cache of `identity` (the layer's deinit).
    static func remove(_ identity: UInt64) {
        caches.withLock { $0[identity] = nil }
    }

    /// The cache of `identity`, if that layer lives.
    static func cache(_ identity: UInt64) -> TileCache? {
        caches.withLock { $0[identity] }
    }

}

/// Draws missing tiles off the frame path, one at a time on a background queue (as Apple calls
/// draw(in:) of a tiled layer on background threads).
final class TileWorker: Sendable {
    static let shared = TileWorker()
    private let queue = DispatchQueue(label: "lamina.tiled-layer.tiles", qos: .userInitiated)

    /// Queues the drawing of one tile.
    func draw(_ key: TileKey, rect: CGRect, pixelScale: CGFloat, epoch: Int, cache: TileCache) {
        queue.async { cache.drawTile(key, rect: rect, pixelScale: pixelScale, epoch: epoch) }
    }

    /// Waits until every tile queued so far is drawn.
    func wait() { queue.sync {} }
}
