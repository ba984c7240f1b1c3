import Foundation
import CoreGraphics
import Compositor

/// Fills in the contents of tiled layers in a built render tree (Lamina): for each tiled layer,
/// the part of it that is visible (inside the target and its ancestors' clips), the level of detail
/// that suits its scale on screen, and the tiles of that level that cover the visible part. Drawn
/// tiles become image contents faded in over the layer's fade duration from the first frame that
/// shows them; missing ones are asked of the tile worker (drawn off the frame path) and shown by a
/// later frame, over any tiles of other levels drawn before.
struct TiledContentPass {
    /// A tiled layer's node in the render tree.
    struct TiledNode {
        var index: Int
        var identity: UInt64
        var contentsScale: CGFloat
    }

    /// Whether the last pass left tiles pending or fading (frames must follow).
    private(set) var needsFrames = false

    /// Adds the tiles of `tiled` to `nodes` for a target showing `frame` (pixels) through `toDevice`
    /// at media time `time`.
    mutating func apply(_ tiled: [TiledNode], to nodes: inout [RenderNode], toDevice: Matrix4x4, frame: CGRect, time: Double) {
        needsFrames = false
        guard !tiled.isEmpty else { return }
        let (toTarget, clips) = Self.placement(nodes, toDevice: toDevice, frame: frame)
        for t in tiled {
            guard let cache = TileCacheRegistry.cache(t.identity) else { continue }
            let m = toTarget[t.index]
            let bounds = nodes[t.index].bounds
            let visible = Self.visibleRect(bounds: bounds, toTarget: m, clip: clips[t.index])
            let contents = tiles(cache, bounds: bounds, visible: visible, onScreenScale: Self.scale(of: m),
                                 contentsScale: t.contentsScale, time: time)
            nodes[t.index].contents.append(contentsOf: contents)
            cache.endFrame()
        }
    }

    /// The tile contents of one layer.
    private mutating func tiles(_ cache: TileCache, bounds: CGRect, visible: CGRect, onScreenScale: Double,
                                contentsScale: CGFloat, time: Double) -> [RenderContent] {
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return [] }
        let config = cache.configuration
        let cs = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let exponent = Self.levelExponent(onScreenScale: onScreenScale / Double(cs), levels: config.levelsOfDetail,
                                          bias: config.levelsOfDetailBias)
        let pixelScale = cs * pow(2, CGFloat(exponent))
        let tw = config.tileSize.width / pixelScale, th = config.tileSize.height / pixelScale
        // A hair of rounding in the transforms (cos(π/2) is not 0) must not reach a tile it only touches.
        let e = 1e-9
        let c0 = Int((visible.minX / tw + e).rounded(.down)), c1 = Int((visible.maxX / tw - e).rounded(.up)) - 1
        let r0 = Int((visible.minY / th + e).rounded(.down)), r1 = Int((visible.maxY / th - e).rounded(.up)) - 1
        guard c1 >= c0, r1 >= r0, (c1 - c0 + 1) * (r1 - r0 + 1) <= 4096 else { return [] }
        var wanted: [TileCache.Tile] = []
        var missing = false
        for r in r0...r1 {
            for c in c0...c1 {
                let rect = CGRect(x: CGFloat(c) * tw, y: CGFloat(r) * th, width: tw, height: th)
                if let tile = cache.tileForFrame(TileKey(scaleExponent: exponent, column: c, row: r), rect: rect,
                                                 pixelScale: pixelScale, time: time) {
                    wanted.append(tile)
                } else {
                    missing = true
                }
            }
        }
        var out: [RenderContent] = []
        // While tiles of this level are missing or fading in, the other levels' tiles show beneath.
        let fading = wanted.contains { t in t.shownAt.map { time - $0 < config.fadeDuration } ?? true }
        if missing { needsFrames = true }
        if missing || fading {
            for t in cache.otherLevelTiles(than: exponent, intersecting: visible, time: time) {
                if let c = image(t, bounds: bounds, fade: config.fadeDuration, time: time) { out.append(c) }
            }
        }
        for t in wanted {
            if let c = image(t, bounds: bounds, fade: config.fadeDuration, time: time) { out.append(c) }
        }
        return out
    }

    /// A tile as an image content: the part inside the bounds, its alpha the fade's progress.
    private mutating func image(_ t: TileCache.Tile, bounds: CGRect, fade: Double, time: Double) -> RenderContent? {
        let dest = t.rect.intersection(bounds)
        guard !dest.isNull, dest.width > 0, dest.height > 0 else { return nil }
        let k = CGFloat(t.image.width) / t.rect.width
        let source = CGRect(x: (dest.minX - t.rect.minX) * k, y: (dest.minY - t.rect.minY) * k,
                            width: dest.width * k, height: dest.height * k)
        var r = RenderImage(image: t.image, destination: dest, source: source)
        r.scale = Double(k)
        let shown = t.shownAt ?? time
        let progress = fade > 0 ? min(max((time - shown) / fade, 0), 1) : 1
        if progress < 1 { needsFrames = true }
        r.tint = Premultiplied.pack(red: 1, green: 1, blue: 1, alpha: progress)
        return .image(r)
    }

    /// The level of detail for a layer shown at `onScreenScale` pixels of the target per pixel of
    /// its unscaled backing: the scale exponent of the coarsest level at least that fine (levels
    /// are 2^bias, 2^(bias−1), … 2^(bias−levels+1)), or the finest level when none is.
    static func levelExponent(onScreenScale s: Double, levels: Int, bias: Int) -> Int {
        let finest = bias, coarsest = bias - max(levels, 1) + 1
        guard s.isFinite, s > 0 else { return finest }
        // A hair below a power of two counts as that power (rounding in the transforms).
        let wanted = Int((log2(s) - 1e-6).rounded(.up))
        return min(max(wanted, coarsest), finest)
    }

    /// Pixels of the target per point of a layer mapped by `m` (the larger of its two axes).
    static func scale(of m: Matrix4x4) -> Double {
        let w = abs(m.m[15]) > 1e-12 ? abs(m.m[15]) : 1
        return max(hypot(m.m[0], m.m[1]), hypot(m.m[4], m.m[5])) / w
    }

    /// The part of `bounds` that shows inside `clip` (target pixels) under `m`, in layer coordinates;
    /// the whole bounds when `m` is not affine (a perspective: not inverted here).
    static func visibleRect(bounds: CGRect, toTarget m: Matrix4x4, clip: CGRect) -> CGRect {
        let onTarget = bbox(bounds, m).intersection(clip)
        guard !onTarget.isNull, onTarget.width > 0, onTarget.height > 0 else { return .null }
        let v = m.m
        guard abs(v[3]) < 1e-12, abs(v[7]) < 1e-12, abs(v[15] - 1) < 1e-12 else { return bounds }
        let a = v[0], b = v[1], c = v[4], d = v[5], tx = v[12], ty = v[13]
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return .null }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (X, Y) in [(onTarget.minX, onTarget.minY), (onTarget.maxX, onTarget.minY), (onTarget.minX, onTarget.maxY), (onTarget.maxX, onTarget.maxY)] {
            let px = Double(X) - tx, py = Double(Y) - ty
            let x = (d * px - c * py) / det, y = (-b * px + a * py) / det
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(bounds)
    }

    /// The bounding box on the target of `r` mapped by `m` (points behind the eye: the whole plane).
    static func bbox(_ r: CGRect, _ m: Matrix4x4) -> CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            let p = m.apply(x: Double(x), y: Double(y))
            guard p.w > 1e-9 else { return .infinite }
            minX = min(minX, p.x / p.w); minY = min(minY, p.y / p.w); maxX = max(maxX, p.x / p.w); maxY = max(maxY, p.y / p.w)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Each node's map to the target and the clip its ancestors (and the target's frame) put on it.
    static func placement(_ nodes: [RenderNode], toDevice: Matrix4x4, frame: CGRect) -> ([Matrix4x4], [CGRect]) {
        var maps = [Matrix4x4](repeating: .identity, count: nodes.count)
        var clips = [CGRect](repeating: frame, count: nodes.count)
        var stack: [(end: Int, map: Matrix4x4, clip: CGRect)] = []
        for i in nodes.indices {
            while let top = stack.last, i >= top.end { stack.removeLast() }
            let parentMap = stack.last?.map ?? toDevice
            let parentClip = stack.last?.clip ?? frame
            let m = nodes[i].toParent.then(parentMap)
            maps[i] = m
            clips[i] = parentClip
            let childClip = nodes[i].masksToBounds ? parentClip.intersection(bbox(nodes[i].bounds, m)) : parentClip
            stack.append((max(nodes[i].subtreeEnd, i + 1), m, childClip))
        }
        return (maps, clips)
    }
}
