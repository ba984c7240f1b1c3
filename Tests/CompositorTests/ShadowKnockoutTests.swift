import XCTest
import LaminaRandom
@testable import Compositor

/// A shadow left unpainted under the opaque pixels of the group composited over it right after
/// (`ShadowKnockout`): the frame equals the one where the shadow is painted everywhere, bit for bit,
/// at full resolution and from a reduced plane; the opaque runs are what the group's alpha says.
final class ShadowKnockoutTests: XCTestCase {
    func testOpaqueRunIsTheLongestRunOfAlpha255() {
        let g = Surface(offscreen: IntRect(x: 10, y: 5, width: 8, height: 2), columns: 0..<100)
        let rows: [[UInt32]] = [[0xFF00_0000, 0xFF11_1111, 0xFE00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0, 0xFF00_0000],
                                [0, 0, 0, 0, 0, 0, 0, 0]]
        for (j, r) in rows.enumerated() { for (i, p) in r.enumerated() { g.row(5 + j)[10 + i] = p } }
        let k = ShadowKnockout(group: g)
        XCTAssertEqual(k.opaqueRun(5, within: 0..<100), 13..<16)
        XCTAssertEqual(k.opaqueRun(5, within: 0..<15), 10..<12, "cut to the columns: 13..<15 is as long, the first is kept")
        XCTAssertEqual(k.opaqueRun(6, within: 0..<100).count, 0)
        XCTAssertEqual(k.opaqueRun(4, within: 0..<100).count, 0, "above the group")
        XCTAssertTrue(ShadowKnockout.applies(opacity: 0.999, mask: nil, clip: nil, blendMode: .normal), "rounds to 255")
        XCTAssertFalse(ShadowKnockout.applies(opacity: 0.99, mask: nil, clip: nil, blendMode: .normal))
        XCTAssertFalse(ShadowKnockout.applies(opacity: 1, mask: g, clip: nil, blendMode: .normal))
        XCTAssertFalse(ShadowKnockout.applies(opacity: 1, mask: nil, clip: ClipMask(rect: g.frame, values: []), blendMode: .normal))
        XCTAssertFalse(ShadowKnockout.applies(opacity: 1, mask: nil, clip: nil, blendMode: .multiply))
    }

    /// Random backdrops, groups (opaque blocks, translucent and clear pixels) and blurred planes at
    /// reduction factors 1, 2 and 4: shadow with knockout then the group's composite equals shadow
    /// everywhere then the composite.
    func testKnockedOutShadowGivesTheSameFrame() {
        var rng = SplitMix64(seed: 0x5AD0)
        var skipped = 0
        for trial in 0..<60 {
            let frame = IntRect(x: 0, y: 0, width: 90, height: 70)
            let factor = [1, 2, 4][trial % 3]
            let area = IntRect(x: rng.int(-6...4), y: rng.int(-6...4), width: rng.int(40...96), height: rng.int(30...76))
            let draw = area.intersection(frame)
            let pw = (area.width + factor - 1) / factor, ph = (area.height + factor - 1) / factor
            let plane = (0..<(pw * ph)).map { _ in Float(rng.unit()) }
            let gf = IntRect(x: rng.int(0...30), y: rng.int(0...20), width: rng.int(20...50), height: rng.int(10...40))
            let group = Surface(offscreen: gf, columns: 0..<90)
            let bx0 = gf.x + rng.int(0...5), bx1 = gf.maxX - rng.int(0...5)
            for y in gf.y..<gf.maxY {
                for x in gf.x..<gf.maxX {
                    let opaque = x >= bx0 && x < bx1 && rng.int(0...30) != 0
                    let a = opaque ? 255 : rng.int(0...2) == 0 ? 0 : rng.int(1...254)
                    let c = UInt32(rng.int(0...a))
                    group.row(y)[x] = UInt32(a) << 24 | c << 16 | c << 8 | c
                }
            }
            let backdrop = (0..<(90 * 70)).map { _ in UInt32(0xFF00_0000) | UInt32(rng.int(0...0xFF_FFFF)) }
            let color = UInt32(0xB000_0000) | UInt32(rng.int(0...0x30)) << 16
            let tints = (0...255).map { Premultiplied.scale(color, UInt32($0)) }
            let op = Float(rng.unit())
            func frameOf(knockout: Bool) -> [UInt32] {
                var px = backdrop
                px.withUnsafeMutableBufferPointer { p in
                    let s = Surface(borrowing: p.baseAddress!, frame: frame, stride: 90, scissor: frame)
                    plane.withUnsafeBufferPointer { a in
                        tints.withUnsafeBufferPointer { t in
                            ShadowComposite.paint(a, width: pw, height: ph, factor: factor, area: area, draw: draw, opacity: op, tints: t, on: s,
                                                  knockout: knockout ? ShadowKnockout(group: group) : nil)
                        }
                    }
                    PrimitiveDrawer().composite(group, onto: s, opacity: 1, mask: nil)
                }
                return px
            }
            let full = frameOf(knockout: false)
            XCTAssertEqual(frameOf(knockout: true), full, "trial \(trial), factor \(factor)")
            if (gf.y..<gf.maxY).contains(where: { ShadowKnockout(group: group).opaqueRun($0, within: draw.x..<draw.maxX).count >= 16 }) { skipped += 1 }
        }
        XCTAssertGreaterThan(skipped, 30, "most trials leave a run out")
    }
}
