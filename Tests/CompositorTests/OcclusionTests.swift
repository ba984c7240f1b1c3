import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Occlusion culling: what a later layer paints over with opaque colour is left undrawn, and the
/// frame is the same bit for bit. The opaque parts of images and of the tree are checked against
/// values worked out by hand; whole frames of random trees (groups, masks, 3D, clips, shadows,
/// borders, scaled and rotated layers) against the same frames drawn without culling.
final class OcclusionTests: XCTestCase {
    // MARK: - Opaque parts of images

    /// A w × h image whose texel (x, y) has alpha `alpha(x, y)` (grey premultiplied).
    private func image(_ w: Int, _ h: Int, _ alpha: (Int, Int) -> UInt32) -> CGImage {
        CGImage(width: w, height: h, premultipliedARGB: (0..<(w * h)).map { i in
            let a = alpha(i % w, i / w)
            return a << 24 | (a / 2) << 16 | (a / 3) << 8 | (a / 4)
        })
    }

    func testOpaqueRectsOfImages() {
        let cache = OpaqueImageCache()
        XCTAssertEqual(cache.rects(of: image(7, 5) { _, _ in 255 }), [IntRect(x: 0, y: 0, width: 7, height: 5)])
        XCTAssertEqual(cache.rects(of: image(7, 5) { _, _ in 254 }), [])
        // Transparent 2-texel corners: rows 2..<8 are opaque across, columns 2..<10 down.
        let corners = image(12, 10) { x, y in (x < 2 || x >= 10) && (y < 2 || y >= 8) ? 0 : 255 }
        XCTAssertEqual(cache.rects(of: corners), [IntRect(x: 0, y: 2, width: 12, height: 6), IntRect(x: 2, y: 0, width: 8, height: 10)])
        // One translucent texel at (3, 6): rows 0..<6 (6 rows, longer than 7..<9) and columns 4..<9.
        let hole = image(9, 9) { x, y in x == 3 && y == 6 ? 200 : 255 }
        XCTAssertEqual(cache.rects(of: hole), [IntRect(x: 0, y: 0, width: 9, height: 6), IntRect(x: 4, y: 0, width: 5, height: 9)])
        // Asked again: from the cache, nothing scanned.
        let scanned = cache.scannedTexels
        XCTAssertEqual(cache.rects(of: hole).count, 2)
        XCTAssertEqual(cache.scannedTexels, scanned)
        // A frame that does not ask for an image lets it go.
        cache.endFrame()
        XCTAssertEqual(cache.count, 4)
        _ = cache.rects(of: hole)
        cache.endFrame()
        XCTAssertEqual(cache.count, 1)
        cache.endFrame()
        XCTAssertEqual(cache.count, 0)
    }

    // MARK: - Visible parts

    func testVisiblePartsCoverExactlyTheUncoveredPixels() {
        var rng = SplitMix64(seed: 0x0CC1)
        for round in 0..<400 {
            var occ = Occluders()
            var list: [(IntRect, Int)] = []
            for _ in 0..<rng.int(0...6) {
                let r = IntRect(x: rng.int(-10...40), y: rng.int(-10...40), width: rng.int(16...40), height: rng.int(16...40))
                let order = rng.int(0...9)
                occ.add(r, order: order)
                list.append((r, order))
            }
            let asked = IntRect(x: rng.int(0...20), y: rng.int(0...20), width: rng.int(1...30), height: rng.int(1...30))
            let after = rng.int(-1...9)
            var count = [Int](repeating: 0, count: 80 * 80)
            let scratch = OcclusionScratch()
            occ.forEachVisible(asked, after: after, scratch: scratch) { b in
                for y in b.y..<b.maxY { for x in b.x..<b.maxX { count[(y + 20) * 80 + x + 20] += 1 } }
            }
            for y in -20..<60 {
                for x in -20..<60 {
                    let inside = x >= asked.x && x < asked.maxX && y >= asked.y && y < asked.maxY
                    let covered = list.contains { r, o in o > after && x >= r.x && x < r.maxX && y >= r.y && y < r.maxY }
                    let expected = inside && !covered ? 1 : 0
                    if count[(y + 20) * 80 + x + 20] != expected {
                        return XCTFail("round \(round): pixel (\(x), \(y)) painted \(count[(y + 20) * 80 + x + 20]) times, expected \(expected)")
                    }
                }
            }
            let hidden = list.contains { r, o in o > after && r.intersection(asked) == asked }
            XCTAssertEqual(occ.hides(asked, after: after), hidden, "round \(round)")
        }
    }

    func testOnlyTheLargestAreKept() {
        var occ = Occluders()
        for k in 0..<(Occluders.limit + 10) { occ.add(IntRect(x: 0, y: 0, width: 16 + k, height: 16), order: k) }
        occ.add(IntRect(x: 0, y: 0, width: 15, height: 15), order: 999)
        XCTAssertEqual(occ.rects.count, Occluders.limit + 10, "rectangles under \(Occluders.minimumArea) pixels are not kept")
        occ.trim()
        XCTAssertEqual(occ.orders, Array(10..<(Occluders.limit + 10)), "the largest, in their order")
    }

    // MARK: - Opaque parts of a tree

    func testOccludersOfATree() {
        let card = image(40, 30) { x, y in (x < 3 || x >= 37) && (y < 3 || y >= 27) ? 0 : 255 }
        var a = RenderNode()       // opaque, rounded 4, at (10.5, 20): pixels 11..<110 × 20..<70, corners kept clear by 5
        a.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        a.toParent = .translation(10.5, 20)
        a.backgroundColor = 0xFF33_6699
        a.cornerRadius = 4
        var b = RenderNode()       // the card at (200, 100), a copy: rows 103..<127 across, columns 203..<237 down
        b.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        b.toParent = .translation(200, 100)
        b.contents = [.image(RenderImage(image: card, destination: b.bounds, source: b.bounds))]
        var c = b                  // the same card at opacity 0.5: hides nothing
        c.toParent = .translation(300, 100); c.opacity = 0.5
        var d = b                  // scaled, with transparent corners: sampled, hides nothing
        d.toParent = Matrix4x4.scale(1.5, 1.5).then(.translation(300, 200))
        var e = RenderNode()       // translucent background: nothing
        e.bounds = CGRect(x: 0, y: 0, width: 60, height: 60); e.backgroundColor = 0x8080_0000
        var f = RenderNode()       // an opaque 20x10 photo drawn 40x20 at (10.5, 200): pixels 11..<50 × 200..<220
        f.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        f.toParent = .translation(10.5, 200)
        let photo = image(20, 10) { _, _ in 255 }
        f.contents = [.image(RenderImage(image: photo, destination: f.bounds, source: CGRect(x: 0, y: 0, width: 20, height: 10)))]
        var g = RenderNode()       // an opaque gradient over 50x30 at (100, 200); h: half transparent at its end
        g.bounds = CGRect(x: 0, y: 0, width: 50, height: 30)
        g.toParent = .translation(100, 200)
        g.contents = [.gradient(RenderGradient(kind: .axial, rect: g.bounds, start: .zero, end: CGPoint(x: 50, y: 0),
                                               stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]))]
        var h = g
        h.toParent = .translation(200, 200)
        h.contents = [.gradient(RenderGradient(kind: .axial, rect: g.bounds, start: .zero, end: CGPoint(x: 50, y: 0),
                                               stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 0.5))]))]
        let tree = flatTree(width: 400, height: 300, [a, b, c, d, e, f, g, h])
        let occ = TreeRasterizer(tree: tree).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: 400, height: 300), images: OpaqueImageCache())
        XCTAssertEqual(occ.rects, [IntRect(x: 11, y: 25, width: 99, height: 40), IntRect(x: 16, y: 20, width: 89, height: 50),
                                   IntRect(x: 200, y: 103, width: 40, height: 24), IntRect(x: 203, y: 100, width: 34, height: 30),
                                   IntRect(x: 11, y: 200, width: 39, height: 20), IntRect(x: 100, y: 200, width: 50, height: 30)])
        XCTAssertEqual(occ.orders, [1, 1, 2, 2, 6, 7])
        // Under a parent at opacity 0.9 nothing is opaque.
        var parent = RenderNode()
        parent.bounds = CGRect(x: 0, y: 0, width: 400, height: 300); parent.opacity = 0.9
        let nested = RenderTree(nodes: nest([(parent, 0), (a, 1), (b, 1)]))
        XCTAssertTrue(TreeRasterizer(tree: nested).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: 400, height: 300), images: OpaqueImageCache()).isEmpty)
    }

    /// A gradient knows whether its colours are all opaque (with its table: as made, taken over,
    /// or after its stops change), and a layer whose only content is a translucent gradient can
    /// hide nothing: a frame of them is not walked for occluders.
    func testGradientOpacityIsKnownWithItsTable() {
        let opaque: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]
        let half: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 0.5))]
        let rect = CGRect(x: 0, y: 0, width: 50, height: 30)
        var g = RenderGradient(kind: .axial, rect: rect, start: .zero, end: CGPoint(x: 50, y: 0), stops: opaque)
        XCTAssertTrue(g.isOpaque)
        XCTAssertTrue(RenderGradient(kind: .radial, rect: rect, start: .zero, end: CGPoint(x: 50, y: 0), stops: opaque, reusing: g).isOpaque)
        XCTAssertFalse(RenderGradient(kind: .axial, rect: rect, start: .zero, end: CGPoint(x: 50, y: 0), stops: half, reusing: g).isOpaque)
        g.stops = half
        XCTAssertFalse(g.isOpaque)
        XCTAssertEqual(g.isOpaque, g.table.allSatisfy { $0 >> 24 == 0xFF })
        var n = RenderNode()
        n.bounds = rect
        n.contents = [.gradient(g)]
        XCTAssertFalse(TreeRasterizer.mayOcclude(n))
        g.stops = opaque
        XCTAssertTrue(g.isOpaque)
        n.contents = [.gradient(g)]
        XCTAssertTrue(TreeRasterizer.mayOcclude(n))
    }

    /// A layer clipping to rounded bounds (`masksToBounds`, a corner radius, at least one masked
    /// corner) clips softly: neither its opaque gradient nor an opaque sublayer hides anything. With
    /// no radius, or no corner masked, the clip is a pixel rectangle and both count, cut to it.
    func testUnderRoundedClipsNothingIsOpaque() {
        func tile(radius: Double, corners: UInt8) -> [RenderNode] {
            var g = RenderNode()
            g.bounds = CGRect(x: 0, y: 0, width: 50, height: 30)
            g.toParent = .translation(100, 200)
            g.masksToBounds = true
            g.cornerRadius = radius
            g.maskedCorners = corners
            g.contents = [.gradient(RenderGradient(kind: .axial, rect: g.bounds, start: .zero, end: CGPoint(x: 50, y: 0),
                                                   stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]))]
            var child = RenderNode()   // opaque, reaching 10 points past the tile's right edge
            child.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            child.toParent = .translation(30, 5)
            child.backgroundColor = 0xFF10_2030
            return [g, child]
        }
        let frame = IntRect(x: 0, y: 0, width: 400, height: 300)
        for (radius, corners) in [(12.0, UInt8(0xF)), (0.5, UInt8(0x1)), (100, UInt8(0x8))] {
            let t = tile(radius: radius, corners: corners)
            let tree = nestedTree(width: 400, height: 300, [(t[0], [t[1]])])
            XCTAssertTrue(TreeRasterizer(tree: tree).occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache()).isEmpty,
                          "radius \(radius), corners \(corners)")
        }
        for (radius, corners) in [(0.0, UInt8(0xF)), (12, UInt8(0))] {
            let t = tile(radius: radius, corners: corners)
            let tree = nestedTree(width: 400, height: 300, [(t[0], [t[1]])])
            let occ = TreeRasterizer(tree: tree).occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache())
            // The gradient's 50x30 at (100, 200); the sublayer at (130, 205), cut to the tile: 20x20.
            XCTAssertEqual(occ.rects, [IntRect(x: 100, y: 200, width: 50, height: 30), IntRect(x: 130, y: 205, width: 20, height: 20)],
                           "radius \(radius), corners \(corners)")
        }
    }

    /// Subtrees with nothing that can be opaque (filled paths only) are not walked, but an opaque
    /// layer two levels down under path-only layers still counts, and so does one after them.
    func testOpaqueLayerUnderPathOnlyLayersCounts() {
        var a = RenderNode()       // as in testOccludersOfATree: pixels 11..<110 × 20..<70, corners kept clear by 5
        a.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        a.toParent = .translation(10.5, 20)
        a.backgroundColor = 0xFF33_6699
        a.cornerRadius = 4
        var path = RenderNode()    // a filled triangle: hides nothing
        path.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        path.contents = [.fill(RenderFill(contours: [[CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 50)]], rule: .nonZero, color: 0xFF00_0000))]
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        var b = RenderNode()       // an opaque 30x20 block at (300, 250), after the path-only subtree
        b.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        b.toParent = .translation(300, 250)
        b.backgroundColor = 0xFF00_FF00
        let tree = RenderTree(nodes: nest([(root, 0), (path, 1), (path, 2), (path, 3), (a, 3), (path, 1), (path, 2), (b, 1)]))
        let occ = TreeRasterizer(tree: tree).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: 400, height: 300), images: OpaqueImageCache())
        XCTAssertEqual(occ.rects, [IntRect(x: 11, y: 25, width: 99, height: 40), IntRect(x: 16, y: 20, width: 89, height: 50),
                                   IntRect(x: 300, y: 250, width: 30, height: 20)])
        XCTAssertEqual(occ.orders, [4, 4, 7])
        // Paths alone: nothing.
        let paths = RenderTree(nodes: nest([(root, 0), (path, 1), (path, 2), (path, 1)]))
        XCTAssertTrue(TreeRasterizer(tree: paths).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: 400, height: 300), images: OpaqueImageCache()).isEmpty)
    }

    /// A rotated leaf (sampled, not a block) wholly under a later opaque layer is not drawn at
    /// all; above it, or reaching past it, it is.
    func testLeavesUnderALaterOpaqueLayerAreLeftOut() {
        var leaf = RenderNode()
        leaf.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        leaf.toParent = Matrix4x4(SIMD16(cos(0.5), sin(0.5), 0, 0, -sin(0.5), cos(0.5), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)).then(.translation(60, 40))
        leaf.backgroundColor = 0x8080_0000
        var cover = RenderNode()
        cover.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cover.toParent = .translation(20, 10)
        cover.backgroundColor = 0xFF00_00FF
        func hidden(_ leaves: [RenderNode]) -> Int {
            let tree = flatTree(width: 200, height: 150, leaves)
            let frame = IntRect(x: 0, y: 0, width: 200, height: 150)
            var px = [UInt32](repeating: 0, count: 200 * 150)
            return px.withUnsafeMutableBufferPointer { p in
                let s = Surface(borrowing: p.baseAddress!, frame: frame, stride: 200, scissor: frame)
                let r = TreeRasterizer(tree: tree)
                s.occluders = r.occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache())
                r.drawRoot(toDevice: .identity, on: s)
                return r.hiddenLeaves
            }
        }
        XCTAssertEqual(hidden([leaf, cover]), 1, "under the later opaque layer")
        XCTAssertEqual(hidden([cover, leaf]), 0, "drawn after it")
        var past = leaf
        past.toParent = Matrix4x4(SIMD16(cos(0.5), sin(0.5), 0, 0, -sin(0.5), cos(0.5), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)).then(.translation(105, 40))
        XCTAssertEqual(hidden([past, cover]), 0, "reaching past its right edge")
    }

    // MARK: - Whole frames

    /// Random trees drawn with and without culling, on one and three threads: every pixel equal.
    func testCulledFramesEqualFullFrames() {
        var rng = SplitMix64(seed: 0x0CC1_F4A3)
        let w = 160, h = 120
        let card = image(48, 40) { x, y in
            let dx = max(max(6 - x, x - 41), 0), dy = max(max(6 - y, y - 33), 0)
            return dx * dx + dy * dy >= 36 ? UInt32(dx * dx + dy * dy >= 49 ? 0 : 128) : 255
        }
        let photo = image(32, 32) { _, _ in 255 }
        let noisy = CGImage(width: 32, height: 24, premultipliedARGB: (0..<(32 * 24)).map { _ in rng.premultipliedPixel() | 0xFF00_0000 })
        var withOccluders = 0
        for round in 0..<90 {
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            var spec: [(RenderNode, Int)] = [(root, 0)]
            func add(depth: Int) {
                var n = RenderNode()
                let bw = rng.int(20...90), bh = rng.int(20...70)
                n.bounds = CGRect(x: 0, y: 0, width: bw, height: bh)
                var m = Matrix4x4.translation(Double(rng.int(-20...w - 20)) + (rng.chance(0.3) ? 0.5 : 0), Double(rng.int(-20...h - 20)) + (rng.chance(0.2) ? 0.25 : 0))
                if rng.chance(0.15) { m = Matrix4x4.scale(rng.pick([0.5, 1.5, 2]), rng.pick([0.5, 1, 2])).then(m) }
                if rng.chance(0.1) { m = Matrix4x4(SIMD16(cos(0.3), sin(0.3), 0, 0, -sin(0.3), cos(0.3), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)).then(m) }
                n.toParent = m
                if rng.chance(0.6) { n.backgroundColor = rng.chance(0.7) ? 0xFF00_0000 | UInt32(rng.int(0...0xFFFFFF)) : 0x8040_2010 }
                if rng.chance(0.4) { n.cornerRadius = Double(rng.int(1...12)) }
                if rng.chance(0.2) { n.maskedCorners = UInt8(rng.int(0...15)) }
                if rng.chance(0.6) {
                    let img = rng.pick([card, photo, noisy])
                    var ri = RenderImage(image: img, destination: CGRect(x: 0, y: 0, width: img.width, height: img.height),
                                         source: CGRect(x: 0, y: 0, width: img.width, height: img.height))
                    if rng.chance(0.2) { ri.source = CGRect(x: 4, y: 2, width: img.width - 8, height: img.height - 6); ri.destination = ri.source }
                    if rng.chance(0.15) { ri.destination = CGRect(x: 0, y: 0, width: img.width * 2, height: img.height) }
                    if rng.chance(0.1) { ri.tint = 0xFF80_FF80 }
                    if rng.chance(0.15) {
                        // contentsCenter: nine parts, the edges kept, the middle stretched.
                        ri.center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
                        ri.destination = CGRect(x: 0, y: 0, width: bw, height: bh)
                    }
                    n.contents = [.image(ri)]
                }
                if rng.chance(0.15) {
                    // A gradient, opaque or not, over part of the layer.
                    let a = rng.chance(0.6) ? 1.0 : 0.5
                    n.contents.append(.gradient(RenderGradient(kind: rng.chance(0.5) ? .axial : .radial, rect: CGRect(x: 3, y: 2, width: bw - 5, height: bh - 3),
                                                               start: CGPoint(x: 3, y: 2), end: CGPoint(x: bw, y: bh),
                                                               stops: [(0, SIMD4(1, 0.5, 0, 1)), (1, SIMD4(0, 0.3, 1, a))])))
                }
                if rng.chance(0.15) { n.opacity = 0.7 }
                if rng.chance(0.15) { n.masksToBounds = true }
                if rng.chance(0.1) { n.borderWidth = 3; n.borderColor = 0xFFFF_FFFF }
                if rng.chance(0.08) { n.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 3, offsetY: 3, radius: 2, path: nil) }
                else if rng.chance(0.1) {
                    // A shadowPath: drawn beside the layer, no group.
                    let p = [CGPoint(x: -6, y: -4), CGPoint(x: bw + 8, y: -4), CGPoint(x: bw + 8, y: bh + 9), CGPoint(x: -6, y: bh + 9)]
                    n.shadow = RenderShadow(color: 0xC000_0000, offsetX: 4, offsetY: 5, radius: 3, path: [p])
                }
                if rng.chance(0.05) { n.blendMode = .multiply }
                if rng.chance(0.05) { n.isDoubleSided = false; n.toParent = Matrix4x4.scale(-1, 1).then(n.toParent) }
                let threeD = depth < 2 && rng.chance(0.1)
                n.preserves3D = threeD
                let masked = depth < 2 && rng.chance(0.06)
                spec.append((n, depth))
                if masked {
                    // The mask node sits right after its owner (not one of its sublayers).
                    let owner = spec.count - 1
                    var mk = RenderNode()
                    mk.bounds = CGRect(x: 0, y: 0, width: 30, height: 30); mk.backgroundColor = 0xFF00_0000; mk.cornerRadius = 15
                    spec.append((mk, depth + 1))
                    spec[owner].0.mask = spec.count - 1
                }
                if depth < 2 {
                    for _ in 0..<rng.int(0...(threeD ? 3 : 2)) {
                        let before = spec.count
                        add(depth: depth + 1)
                        if threeD {
                            var p = Matrix4x4.identity; p.m[11] = -1.0 / 300
                            spec[before].0.toParent = Matrix4x4(SIMD16(cos(0.5), 0, -sin(0.5), 0, 0, 1, 0, 0, sin(0.5), 0, cos(0.5), 0, 0, 0, 0, 1))
                                .then(spec[before].0.toParent).then(p)
                        }
                    }
                }
            }
            for _ in 0..<rng.int(3...10) { add(depth: 1) }
            let tree = RenderTree(nodes: nest(spec))
            if !TreeRasterizer(tree: tree).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: w, height: h), images: OpaqueImageCache()).isEmpty {
                withOccluders += 1
            }
            // Cleared to opaque grey, to transparent, or drawn over what is there.
            let background: UInt32? = [0xFF20_2020, 0, nil][round % 3]
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            var full = PixelBuffer(width: w, height: h)
            full.pixels = under
            let plain = FrameRenderer(threads: 1)
            plain.occlusionCulling = false
            plain.render(tree, into: &full, background: background)
            for threads in [1, 3] {
                var culled = PixelBuffer(width: w, height: h)
                culled.pixels = under
                FrameRenderer(threads: threads).render(tree, into: &culled, background: background)
                if let i = culled.pixels.indices.first(where: { culled.pixels[$0] != full.pixels[$0] }) {
                    return XCTFail("round \(round), \(threads) threads, background \(background.map { String($0, radix: 16) } ?? "none"): pixel (\(i % w), \(i / w)) is \(String(culled.pixels[i], radix: 16)), drawn in full \(String(full.pixels[i], radix: 16))")
                }
            }
        }
        XCTAssertGreaterThan(withOccluders, 45, "most trees must have something to cull, or the comparison proves little")
    }

    /// Nodes given in pre-order with their depths (the first the root, depth 0) as a tree: each
    /// node's subtree runs to the next node at its depth or above. A node's `mask` is kept.
    private func nest(_ spec: [(RenderNode, Int)]) -> [RenderNode] {
        var nodes = spec.map(\.0)
        for i in nodes.indices {
            var end = i + 1
            while end < spec.count && spec[end].1 > spec[i].1 { end += 1 }
            nodes[i].subtreeEnd = end
            nodes[i].id = UInt64(i + 1)
        }
        return nodes
    }
}
