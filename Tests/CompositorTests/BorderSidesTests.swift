import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A border ring's straight sides painted as rectangles, its rounded bands through the rasteriser
/// (`TreeRasterizer.drawBorderSides`): the same pixels as the whole ring rasterised, bit for bit,
/// on random bordered cards (rounded or not, whole and fractional places and scales, aliased and
/// anti-aliased edges, translucent borders, group opacity, shadows and sublayers), on 1 and 3
/// threads; and the sides found for a ring worked out by hand.
final class BorderSidesTests: XCTestCase {
    /// A random bordered card, now and then shadowed or holding a bordered dot.
    func card(_ rng: inout SplitMix64) -> (RenderNode, [RenderNode]) {
        var card = RenderNode()
        let w = rng.pick([72, rng.double(20, 90).rounded(), rng.double(20, 90)]), h = rng.pick([60, rng.double(16, 70).rounded(), rng.double(16, 70)])
        card.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        let s = rng.pick([1, 2, 3, rng.double(0.7, 3)])
        let x = rng.pick([rng.double(-10, 100).rounded(), rng.double(-10, 100)]), y = rng.pick([rng.double(-10, 80).rounded(), rng.double(-10, 80)])
        card.toParent = Matrix4x4.scale(s, rng.pick([s, rng.double(0.7, 3)])).then(.translation(x, y))
        card.backgroundColor = rng.pick([0xFFE5_6767, 0x8018_3048, 0])
        card.cornerRadius = rng.pick([0, rng.double(1, 30), rng.double(1, 30).rounded()])
        card.maskedCorners = rng.pick([0xF, 0xF, UInt8(rng.int(0...15))])
        card.borderWidth = rng.pick([3, 1, rng.double(0.5, 12), rng.double(1, 8).rounded()])
        // 0xCCCC_CCCC is not premultiplied (its channels pass its alpha): the ring is drawn whole.
        card.borderColor = rng.pick([0xCCCC_CCCC, 0xFF20_4060, 0x5500_0000, 0xCCCC_CCCC])
        card.antialiasedEdges = rng.pick([0xF, 0, UInt8(rng.int(0...15))])
        card.opacity = rng.pick([1, 1, 0.6])
        if rng.chance(0.3) { card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: 5, radius: rng.double(1, 10), path: nil) }
        var leaves: [RenderNode] = []
        if rng.chance(0.4) {
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
            dot.toParent = .translation(8, 8)
            dot.backgroundColor = 0xFFFF_FFFF
            dot.cornerRadius = rng.pick([9, 3])
            dot.borderWidth = 2; dot.borderColor = 0x5500_0000
            leaves.append(dot)
        }
        return (card, leaves)
    }

    func testSidesAsRectanglesGiveTheSamePixels() {
        var rng = SplitMix64(seed: 0xB0D5)
        let w = 200, h = 150
        var split = 0
        for round in 0..<120 {
            let t = nestedTree(width: CGFloat(w), height: CGFloat(h), (0..<rng.int(1...4)).map { _ in card(&rng) })
            let under = (0..<(w * h)).map { _ in round % 2 == 0 ? rng.premultipliedPixel() : 0xFFE8_E4DC }
            var reference = PixelBuffer(width: w, height: h)
            reference.pixels = under
            let r0 = FrameRenderer(threads: 1)
            r0.shortcuts.splitsBorderSides = false
            r0.render(t, into: &reference, background: nil)
            if let d = FrameVariants.firstDifference(t, under: under, width: w, height: h, expected: reference.pixels,
                                                     variants: [(1, true), (3, true)]) {
                return XCTFail("round \(round): \(d) (the ring rasterised whole)")
            }
            // How often the sides were painted as rectangles (the comparison must test something).
            let r = TreeRasterizer(tree: t)
            r.drawRoot(toDevice: .identity, on: Surface(offscreen: IntRect(x: 0, y: 0, width: w, height: h), columns: 0..<w))
            split += r.borderSidesDrawn
        }
        XCTAssertGreaterThan(split, 60, "many cards' borders have sides painted as rectangles")
    }

    /// A ring of a 40 × 30 rectangle at (10, 5) with corner radius 6, inside a border 4 wide
    /// (inner radius 2): the outer sides run down x = 10 and 50 from y = 11 to 29, the inner ones
    /// down x = 14 and 46 from y = 11 to 29, so rows 11 ..< 29 cross only those four edges.
    func testSidesOfARoundedRing() {
        let outer = RoundedRect.polygon(CGRect(x: 10, y: 5, width: 40, height: 30), radius: 6, corners: 0xF, pixelsPerUnit: 1)
        let inner = RoundedRect.polygon(CGRect(x: 14, y: 9, width: 32, height: 22), radius: 2, corners: 0xF, pixelsPerUnit: 1)
        XCTAssertEqual(TreeRasterizer.borderSides([outer, inner]), TreeRasterizer.BorderSides(rows: 11..<29, x0: 10, x1: 14, x2: 46, x3: 50))
        // Sides off whole pixels: none.
        let shifted = outer.map { (x: $0.x + 0.25, y: $0.y) }
        XCTAssertNil(TreeRasterizer.borderSides([shifted, inner]))
        // A square ring whose sides are the whole height but for the border's width: rows 9 ..< 31.
        let square = RoundedRect.polygon(CGRect(x: 10, y: 5, width: 40, height: 30), radius: 0, corners: 0xF, pixelsPerUnit: 1)
        let hole = RoundedRect.polygon(CGRect(x: 14, y: 9, width: 32, height: 22), radius: 0, corners: 0xF, pixelsPerUnit: 1)
        XCTAssertEqual(TreeRasterizer.borderSides([square, hole]), TreeRasterizer.BorderSides(rows: 9..<31, x0: 10, x1: 14, x2: 46, x3: 50))
        // An outer contour with a spike from its top edge down to y = 22, between the sides: only
        // the rows below the spike are kept (22 ..< 29, the larger part).
        let spiked = outer + [(x: 20, y: 5), (x: 25, y: 22), (x: 30, y: 5)]
        XCTAssertEqual(TreeRasterizer.borderSides([spiked, inner])?.rows, 22..<29)
    }

    /// The cards of `scenes/bench/rounded-shadows.yaml` at scale 3 (72 × 60 points, border 3,
    /// corner radius 6 ... 28.6, bobbing by fractions of a pixel, edges aliased or not): every one
    /// has its sides painted as rectangles, whatever ulps its inner side's x carries (x0 + r − r)
    /// and however its aliased sides' staircases step (up over the side's fractional end first).
    /// Past a radius of about 29.3 points fewer than `borderSideRows` rows are left between the
    /// bands, and the ring is rasterised whole.
    func testBenchCardsHaveSides() {
        var drawn = 0, cards = 0
        for step in 0..<62 {
            for antialiased: UInt8 in [0, 0xF] {
                var card = RenderNode()
                card.bounds = CGRect(x: 0, y: 0, width: 72, height: 60)
                card.toParent = .translation(24 + 92 * Double(step % 10), 22 + 0.173 * Double(step))
                card.backgroundColor = 0xFFE5_6767
                card.cornerRadius = 6 + 0.37 * Double(step)
                card.borderWidth = 3; card.borderColor = 0xCCCC_CCCC
                card.antialiasedEdges = antialiased
                let t = flatTree(width: 960, height: 640, [card])
                let r = TreeRasterizer(tree: t)
                r.drawRoot(toDevice: .scale(3, 3), on: Surface(offscreen: IntRect(x: 0, y: 0, width: 2880, height: 1920), columns: 0..<2880))
                drawn += r.borderSidesDrawn; cards += 1
            }
        }
        XCTAssertEqual(drawn, cards)
    }
}
