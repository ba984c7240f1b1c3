import XCTest
@testable import QuartzCore

/// A tiled layer that records every tile it is asked to draw: the clip's bounding box (the tile's
/// rectangle in layer coordinates) and the CTM's x scale (pixels per point of the level).
final class RecordingTiledLayer: CATiledLayer {
    private let lock = NSLock()
    private var _tiles: [(rect: CGRect, scale: CGFloat)] = []
    /// The tiles drawn so far, in the order drawn.
    var tiles: [(rect: CGRect, scale: CGFloat)] { lock.lock(); defer { lock.unlock() }; return _tiles }
    /// The tile rectangles drawn so far, as a set.
    var rects: Set<[CGFloat]> { Set(tiles.map { [$0.rect.minX, $0.rect.minY, $0.rect.width, $0.rect.height] }) }
    func forget() { lock.lock(); _tiles = []; lock.unlock() }

    override func draw(in ctx: CGContext) {
        lock.lock(); _tiles.append((ctx.boundingBoxOfClipPath, ctx.ctm.a)); lock.unlock()
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(ctx.boundingBoxOfClipPath)
    }
}

/// A tiled layer whose tiles fade in over one second.
final class SlowFadeTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 1 }
    override func draw(in ctx: CGContext) {
        // Slow to draw (50 ms of real time), so that a frame that did not wait for it would miss it.
        Thread.sleep(forTimeInterval: 0.05)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(ctx.boundingBoxOfClipPath)
    }
}

/// CATiledLayer as Apple documents it: defaults (256×256 tiles, one level, no bias, 0.25 s fade),
/// draw(in:) once per visible tile with the clip set to the tile and the CTM to the level's scale,
/// levels chosen from the on-screen scale, tiles drawn off the frame and faded in. Expected tile
/// rectangles are worked by hand from the tile size, the level's scale and the visible region.
final class TiledLayerTests: LaminaTestCase {
    /// Renders frames of `root` with one renderer: frame at `t`, tiles drawn, returns the renderer.
    private func renderer(_ root: CALayer, size: CGSize) -> CARenderer {
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.layer = root
        return r
    }

    private func frame(_ r: CARenderer, at t: CFTimeInterval) {
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        CATiledLayer.waitForPendingTiles()
    }

    private func root(_ size: CGSize) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        return root
    }

    func testAppleDefaults() {
        let l = CATiledLayer()
        XCTAssertEqual(l.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(l.levelsOfDetail, 1)
        XCTAssertEqual(l.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(SlowFadeTiledLayer.fadeDuration(), 1)
    }

    func testDrawsOnlyTheVisibleTilesOnce() {
        let root = root(CGSize(width: 300, height: 200))
        let tiled = RecordingTiledLayer()
        tiled.tileSize = CGSize(width: 100, height: 100)
        tiled.frame = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        root.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 300, height: 200))
        frame(r, at: t0)
        // The target shows x 0..300, y 0..200: columns 0-2, rows 0-1 of 100-point tiles.
        var expected = Set<[CGFloat]>()
        for c in 0..<3 { for row in 0..<2 { expected.insert([CGFloat(c) * 100, CGFloat(row) * 100, 100, 100]) } }
        XCTAssertEqual(tiled.tiles.count, 6)
        XCTAssertEqual(tiled.rects, expected)
        XCTAssertEqual(Set(tiled.tiles.map(\.scale)), [1])
        // The next frames reuse the drawn tiles.
        frame(r, at: t0 + 1)
        frame(r, at: t0 + 2)
        XCTAssertEqual(tiled.tiles.count, 6)
        // The drawn tiles show: red at a point inside the layer (after the fade).
        XCTAssertEqual(r.makeImage().premultipliedARGB[150 * 300 + 250], 0xFFFF_0000)
    }

    func testAncestorClipAndOffsetLimitTheTiles() {
        let root = root(CGSize(width: 300, height: 200))
        let clip = CALayer()
        clip.frame = CGRect(x: 20, y: 10, width: 150, height: 120)
        clip.masksToBounds = true
        root.addSublayer(clip)
        let tiled = RecordingTiledLayer()
        tiled.tileSize = CGSize(width: 100, height: 100)
        // The layer starts 30 points left of and 40 above the clip: the clip shows its x 30..180, y 40..160.
        tiled.frame = CGRect(x: -30, y: -40, width: 1000, height: 1000)
        clip.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 300, height: 200))
        frame(r, at: t0)
        XCTAssertEqual(tiled.rects, [[0, 0, 100, 100], [100, 0, 100, 100], [0, 100, 100, 100], [100, 100, 100, 100]])
        XCTAssertEqual(tiled.tiles.count, 4)
    }

    /// Rotated a quarter turn (y down: layer (x, y) lands at (200 − y, x) with the anchor at the
    /// origin placed at (200, 0)), the 200×100 target shows layer x 0..100, y 0..200: column 0, rows 0-1.
    /// Turned the other way ((x, y) lands at (y, 100 − x), anchor at (0, 100)) it shows the same
    /// part; there cos(−π/2) ≈ 6e-17 puts the visible edge a hair past x = 100, which must not add
    /// column 1.
    func testRotatedLayerDrawsTheTilesUnderTheTarget() {
        for (angle, position) in [(CGFloat.pi / 2, CGPoint(x: 200, y: 0)), (-CGFloat.pi / 2, CGPoint(x: 0, y: 100))] {
            let root = root(CGSize(width: 200, height: 100))
            let tiled = RecordingTiledLayer()
            tiled.tileSize = CGSize(width: 100, height: 100)
            tiled.anchorPoint = .zero
            tiled.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
            tiled.position = position
            tiled.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            root.addSublayer(tiled)
            frame(renderer(root, size: CGSize(width: 200, height: 100)), at: t0)
            XCTAssertEqual(tiled.rects, [[0, 0, 100, 100], [0, 100, 100, 100]], "angle \(angle)")
            XCTAssertEqual(tiled.tiles.count, 2, "angle \(angle)")
        }
    }

    func testDelegateDrawsEachTile() {
        final class Painter: NSObject, CALayerDelegate {
            var clips: [CGRect] = []
            func draw(_ layer: CALayer, in ctx: CGContext) { clips.append(ctx.boundingBoxOfClipPath) }
        }
        let root = root(CGSize(width: 100, height: 100))
        let tiled = CATiledLayer()
        let painter = Painter()
        tiled.delegate = painter
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 100, height: 100))
        frame(r, at: t0)
        // 100×50 in 64-point tiles: columns 0-1, row 0 (each clip is the whole tile).
        XCTAssertEqual(Set(painter.clips.map { [$0.minX, $0.minY, $0.width, $0.height] }), [[0, 0, 64, 64], [64, 0, 64, 64]])
        XCTAssertEqual(painter.clips.count, 2)
    }

    /// Levels 2×, 1×, ½× (levelsOfDetail 3, bias 1): the coarsest level at least as fine as the
    /// scale on screen, clamped to the levels there are.
    func testLevelOfDetailFollowsTheOnScreenScale() {
        func tiles(scale s: CGFloat) -> [(rect: CGRect, scale: CGFloat)] {
            let root = root(CGSize(width: 200, height: 200))
            let tiled = RecordingTiledLayer()
            tiled.tileSize = CGSize(width: 100, height: 100)
            tiled.levelsOfDetail = 3
            tiled.levelsOfDetailBias = 1
            tiled.anchorPoint = .zero
            tiled.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            tiled.position = .zero
            tiled.transform = CATransform3DMakeScale(s, s, 1)
            root.addSublayer(tiled)
            frame(renderer(root, size: CGSize(width: 200, height: 200)), at: t0)
            return tiled.tiles
        }
        // ×2: level 2× (tiles of 50 points); the target shows layer points 0..100: 2×2 tiles.
        let zoomed = tiles(scale: 2)
        XCTAssertEqual(Set(zoomed.map { [$0.rect.minX, $0.rect.minY, $0.rect.width, $0.rect.height] }),
                       [[0, 0, 50, 50], [50, 0, 50, 50], [0, 50, 50, 50], [50, 50, 50, 50]])
        XCTAssertEqual(Set(zoomed.map(\.scale)), [2])
        // ×1.5: level 2× as well (1× would be too coarse); layer points 0..133: 3×3 tiles of 50.
        let between = tiles(scale: 1.5)
        XCTAssertEqual(between.count, 9)
        XCTAssertEqual(Set(between.map(\.scale)), [2])
        // ×4: clamped to the finest level, 2×; layer points 0..50: one tile.
        XCTAssertEqual(tiles(scale: 4).map { [$0.rect.width, $0.scale] }, [[50, 2]])
        // ×0.5: level ½× (tiles of 200 points); the whole 400-point layer: 2×2 tiles.
        let out = tiles(scale: 0.5)
        XCTAssertEqual(Set(out.map { [$0.rect.minX, $0.rect.minY, $0.rect.width] }), [[0, 0, 200], [200, 0, 200], [0, 200, 200], [200, 200, 200]])
        XCTAssertEqual(Set(out.map(\.scale)), [0.5])
        // ×0.25: clamped to the coarsest level, ½×.
        XCTAssertEqual(Set(tiles(scale: 0.25).map(\.scale)), [0.5])
    }

    /// A tile asked for by frame 1 is drawn before frame 2 on virtual time, shows from frame 2
    /// (time T) and fades in linearly over fadeDuration (1 s here): red over black is 0 at T, 255·0.5 at T + 0.5, 255 from T + 1.
    func testTilesFadeInOverTheFadeDuration() {
        let root = root(CGSize(width: 40, height: 40))
        let tiled = SlowFadeTiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 40, height: 40))
        func red(at t: CFTimeInterval) -> Int {
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            return Int(r.makeImage().premultipliedARGB[20 * 40 + 20] >> 16 & 255)
        }
        XCTAssertEqual(red(at: t0), 0, "the first frame has no tile yet")
        XCTAssertEqual(r.nextFrameTime(), t0, "a tile is pending: the next frame should follow")
        // No wait here: on virtual time, endFrame() waits for the tiles the frame asked for.
        XCTAssertEqual(red(at: t0 + 2), 0, "its first frame: the fade starts")
        XCTAssertEqual(r.nextFrameTime(), t0 + 2, "fading: frames follow")
        XCTAssertEqual(red(at: t0 + 2.25), 64, accuracy: 2)
        XCTAssertEqual(red(at: t0 + 2.5), 128, accuracy: 2)
        XCTAssertEqual(red(at: t0 + 3), 255)
        XCTAssertEqual(r.nextFrameTime(), .infinity, "faded in: nothing more to draw")
    }

    /// Zoomed from 1× to 2× (levels 2× and 1×): until the 2× tiles have faded in, the 1× tiles show
    /// beneath them, so the red layer stays fully red over the black root (255), never dimmed.
    func testTheLevelBeforeShowsUnderTilesFadingIn() {
        let root = root(CGSize(width: 40, height: 40))
        let tiled = RecordingTiledLayer()
        tiled.levelsOfDetail = 2
        tiled.levelsOfDetailBias = 1
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 40, height: 40))
        func red(at t: CFTimeInterval) -> Int {
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            return Int(r.makeImage().premultipliedARGB[10 * 40 + 10] >> 16 & 255)
        }
        _ = red(at: t0); _ = red(at: t0 + 1)
        XCTAssertEqual(red(at: t0 + 2), 255)
        XCTAssertEqual(Set(tiled.tiles.map(\.scale)), [1])
        CATransaction.setDisableActions(true)
        tiled.transform = CATransform3DMakeScale(2, 2, 1)
        CATransaction.flush()
        XCTAssertEqual(red(at: t0 + 3), 255, "2× tiles missing: the 1× tiles show")
        XCTAssertEqual(Set(tiled.tiles.map(\.scale)), [1, 2])
        XCTAssertEqual(red(at: t0 + 4), 255, "2× tiles start fading in over the 1× tiles")
        XCTAssertEqual(red(at: t0 + 4.1), 255)
        XCTAssertEqual(red(at: t0 + 5), 255)
    }

    func testSetNeedsDisplayInRectRedrawsOnlyTheTilesItTouches() {
        let root = root(CGSize(width: 200, height: 100))
        let tiled = RecordingTiledLayer()
        tiled.tileSize = CGSize(width: 50, height: 50)
        tiled.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.addSublayer(tiled)
        let r = renderer(root, size: CGSize(width: 200, height: 100))
        frame(r, at: t0)
        XCTAssertEqual(tiled.tiles.count, 8)
        tiled.forget()
        // x 60..110, y 10..20 touches tiles (1, 0) and (2, 0).
        tiled.setNeedsDisplay(CGRect(x: 60, y: 10, width: 50, height: 10))
        CATransaction.flush()
        frame(r, at: t0 + 1)
        XCTAssertEqual(tiled.rects, [[50, 0, 50, 50], [100, 0, 50, 50]])
        XCTAssertEqual(tiled.tiles.count, 2)
        tiled.forget()
        tiled.setNeedsDisplay()
        CATransaction.flush()
        frame(r, at: t0 + 2)
        XCTAssertEqual(tiled.tiles.count, 8)
    }

    /// A zoomed tiled layer shows what the same draw(in:) gives as an ordinary layer's backing at
    /// the level's scale (the backing drawn in one piece, the tiles each clipped to their rectangle).
    func testZoomedTilesMatchTheWholeDrawing() {
        func drawing(_ ctx: CGContext) {
            for i in 0..<12 {
                ctx.setFillColor(red: CGFloat(i % 3) / 2, green: CGFloat(i % 4) / 3, blue: 0.5, alpha: 1)
                ctx.fillEllipse(in: CGRect(x: CGFloat(i) * 9 + 3, y: CGFloat(i * 7 % 60) + 5, width: 22, height: 17))
            }
        }
        final class Tiled: CATiledLayer {
            var paint: ((CGContext) -> Void)?
            override class func fadeDuration() -> CFTimeInterval { 0 }
            override func draw(in ctx: CGContext) { paint?(ctx) }
        }
        final class Plain: CALayer {
            var paint: ((CGContext) -> Void)?
            override func draw(in ctx: CGContext) { paint?(ctx) }
        }
        func render(_ layer: CALayer) -> CGImage {
            let root = root(CGSize(width: 96, height: 72))
            layer.anchorPoint = .zero
            layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
            layer.position = CGPoint(x: -40, y: -30)
            layer.transform = CATransform3DMakeScale(4, 4, 1)
            layer.setNeedsDisplay()
            root.addSublayer(layer)
            let r = renderer(root, size: CGSize(width: 96, height: 72))
            frame(r, at: t0)
            frame(r, at: t0 + 1)
            return r.makeImage()
        }
        let tiled = Tiled()
        tiled.paint = drawing
        tiled.tileSize = CGSize(width: 32, height: 32)
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 2
        let plain = Plain()
        plain.paint = drawing
        plain.contentsScale = 4
        let a = render(tiled), b = render(plain)
        // Tiles are 32 pixels = 8 points at 4×, on screen 32 pixels from x = −40, y = −30: seams at
        // x 24, 56, 88 and y 2, 34, 66. Beside a seam an edge anti-aliased against the tile's clip
        // may differ a little from the edge drawn in one piece; everywhere else the pictures agree.
        let seamX: Set<Int> = [23, 24, 55, 56, 87, 88], seamY: Set<Int> = [1, 2, 33, 34, 65, 66]
        var worst = 0, worstAtSeams = 0
        for (i, (p, q)) in zip(a.premultipliedARGB, b.premultipliedARGB).enumerated() {
            var d = 0
            for s: UInt32 in [0, 8, 16] { d = max(d, abs(Int(p >> s & 255) - Int(q >> s & 255))) }
            if seamX.contains(i % 96) || seamY.contains(i / 96) { worstAtSeams = max(worstAtSeams, d) } else { worst = max(worst, d) }
        }
        XCTAssertLessThanOrEqual(worst, 3)
        XCTAssertLessThanOrEqual(worstAtSeams, 24)
        // And it is not empty: the drawing covers some pixels with colour.
        XCTAssertGreaterThan(Set(a.premultipliedARGB).count, 4)
    }
}
