import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// A layer drawn as an offscreen group for its shadow alone (full opacity, no mask, the normal
/// blend mode, an opaque background: a card) hides what is drawn before it inside its background
/// (`TreeRasterizer.groupCover`): the frame's background and earlier cards are not painted there.
/// On seeded random overlapping cards, the frame is the one drawn without occlusion, bit for bit,
/// on 1 and 3 threads.
final class GroupOccluderTests: XCTestCase {
    func testCardsHideWhatIsBeneathThemAndTheFrameIsTheSame() {
        var rng = SplitMix64(seed: 0x0CC1_0DE)
        let w = 480, h = 360
        var hiding = 0
        for round in 0..<30 {
            let s = rng.pick([1.0, 2.0, 3.0])
            var cards: [(RenderNode, [RenderNode])] = []
            for _ in 0..<rng.int(2...6) {
                var (card, dots) = ShadowNameTests.card(&rng, x: rng.double(0, 300), y: rng.double(0, 220), scale: s)
                if rng.chance(0.15) { card.opacity = 0.8 }
                if rng.chance(0.1) { card.blendMode = .multiply }
                cards.append((card, dots))
            }
            var t = nestedTree(width: CGFloat(w), height: CGFloat(h), cards)
            t.nodes[0].backgroundColor = 0xFFE8_E4DC
            let occ = TreeRasterizer(tree: t).occluders(toDevice: .identity, frame: IntRect(x: 0, y: 0, width: w, height: h), images: OpaqueImageCache())
            hiding += occ.rects.count
            var reference = PixelBuffer(width: w, height: h)
            let plain = FrameRenderer(threads: 1)
            plain.occlusionCulling = false
            plain.render(t, into: &reference, background: 0)
            for threads in [1, 3] {
                var b = PixelBuffer(width: w, height: h)
                FrameRenderer(threads: threads).render(t, into: &b, background: 0)
                XCTAssertTrue(b.pixels == reference.pixels, "round \(round), \(threads) threads: the frame drawn without occlusion")
            }
        }
        XCTAssertGreaterThan(hiding, 30, "cards hide what is beneath them")
    }

    /// A card's occluders are its background's inside (the cross of `opaqueCover`), in its order;
    /// none at opacity 0.5 or with a translucent background.
    func testACardsOccludersAreItsBackgroundsInside() {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 72, height: 60)
        card.toParent = .translation(100, 50)
        card.backgroundColor = 0xFFE5_6767
        card.cornerRadius = 10
        card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: 5, radius: 8, path: nil)
        var dot = RenderNode()
        dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        dot.toParent = .translation(8, 8)
        dot.backgroundColor = 0xFFFF_FFFF
        let frame = IntRect(x: 0, y: 0, width: 400, height: 300)
        let occ = TreeRasterizer(tree: nestedTree(width: 400, height: 300, [(card, [dot])])).occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache())
        XCTAssertEqual(occ.rects, [IntRect(x: 110, y: 50, width: 52, height: 60), IntRect(x: 100, y: 60, width: 72, height: 40)])
        XCTAssertEqual(occ.orders, [1, 1])
        var faint = card
        faint.opacity = 0.5
        XCTAssertTrue(TreeRasterizer(tree: nestedTree(width: 400, height: 300, [(faint, [dot])])).occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache()).isEmpty)
        var glass = card
        glass.backgroundColor = 0xF0E5_6767
        XCTAssertTrue(TreeRasterizer(tree: nestedTree(width: 400, height: 300, [(glass, [dot])])).occluders(toDevice: .identity, frame: frame, images: OpaqueImageCache()).isEmpty)
    }
}
