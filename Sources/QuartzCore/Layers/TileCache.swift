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
/// missing and starts each tile's fade the first frame it shows). Everything under one lock.
final class TileCache: @unchecked Sendable {  // unchecked: guarded by `lock`; it holds its CATiledLayer weakly (not Sendable), which a Mutex could not take in
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

    private let lock = NSLock()
    private weak var layer: CATiledLayer?
    private var _configuration = Configuration()
    private var tiles: [TileKey: Tile] = [:]
    private var pending = Set<TileKey>()
    /// Bumped by every invalidation: a tile drawn for an older epoch is dropped.
    private var epoch = 0
    private var frame = 0
    /// How many tiles are kept at most (those not used for longest go first).
    static let capacity = 256

    init(layer: CATiledLayer?) { self.layer = layer }

    /// Sets the layer that draws the tiles and the fade duration of its class.
    func attach(_ layer: CATiledLayer, fadeDuration: Double) {
        lock.lock()
        self.layer = layer
        _configuration.fadeDuration = fadeDuration.isFinite ? max(0, fadeDuration) : 0.25
        lock.unlock()
    }

    /// The configuration (tile size, levels, fade).
    var configuration: Configuration {
        get { lock.lock(); defer { lock.unlock() }; return _configuration }
        set {
            lock.lock()
            if newValue.tileSize != _configuration.tileSize || newValue.levelsOfDetail != _configuration.levelsOfDetail
                || newValue.levelsOfDetailBias != _configuration.levelsOfDetailBias {
                tiles.removeAll(); pending.removeAll(); epoch += 1
            }
            _configuration = newValue
            lock.unlock()
        }
    }

    /// Forgets the tiles that intersect `rect` (layer coordinates; nil: all of them).
    func invalidate(_ rect: CGRect?) {
        lock.lock(); defer { lock.unlock() }
        epoch += 1
        pending.removeAll()
        guard let r = rect else { tiles.removeAll(); return }
        tiles = tiles.filter { !$0.value.rect.intersects(r) }
    }

    /// Whether tiles are asked for and not yet drawn.
    var hasPendingTiles: Bool { lock.lock(); defer { lock.unlock() }; return !pending.isEmpty }

    /// What the render side sees of one tile this frame: the drawn tile (its fade started at `time`
    /// if this is its first frame), or nil after asking the worker to draw it.
    func tileForFrame(_ key: TileKey, rect: CGRect, pixelScale: CGFloat, time: Double) -> Tile? {
        lock.lock()
        if var t = tiles[key] {
            if t.shownAt == nil { t.shownAt = time }
            t.lastUsedFrame = frame
            tiles[key] = t
            lock.unlock()
            return t
        }
        let ask = pending.insert(key).inserted
        let e = epoch
        lock.unlock()
        if ask { TileWorker.shared.draw(key, rect: rect, pixelScale: pixelScale, epoch: e, cache: self) }
        return nil
    }

    /// The drawn tiles of other levels that intersect `rect` (shown under the wanted level until its
    /// tiles arrive), coarsest first.
    func otherLevelTiles(than exponent: Int, intersecting rect: CGRect, time: Double) -> [Tile] {
        lock.lock(); defer { lock.unlock() }
        var out: [(Int, Tile)] = []
        for (k, var t) in tiles where k.scaleExponent != exponent && t.rect.intersects(rect) {
            if t.shownAt == nil { t.shownAt = time }
            t.lastUsedFrame = frame
            tiles[k] = t
            out.append((k.scaleExponent, t))
        }
        return out.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Ends a frame of the render side: drops the tiles unused for longest beyond `capacity`.
    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        frame += 1
        guard tiles.count > Self.capacity else { return }
        let keep = tiles.sorted { $0.value.lastUsedFrame > $1.value.lastUsedFrame }.prefix(Self.capacity)
        tiles = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }

    /// Draws one tile (on the tile worker): a context of tileSize pixels whose CTM maps the tile's
    /// rectangle onto it at `pixelScale` pixels per point and whose clip is that rectangle, handed
    /// to the layer's draw(in:).
    func drawTile(_ key: TileKey, rect: CGRect, pixelScale: CGFloat, epoch e: Int) {
        lock.lock()
        let size = _configuration.tileSize
        let current = e == epoch
        let owner = layer
        lock.unlock()
        guard current, let l = owner else { return }
        let ctx = CGContext(width: Int(size.width), height: Int(size.height), scale: pixelScale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        l.draw(in: ctx)
        let image = RecordedDrawing.rasterize(ctx)
        lock.lock()
        if e == epoch {
            tiles[key] = Tile(image: image, rect: rect, shownAt: nil, lastUsedFrame: frame)
            pending.remove(key)
        }
        lock.unlock()
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
