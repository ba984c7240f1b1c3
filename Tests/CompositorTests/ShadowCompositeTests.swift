import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// `ShadowComposite.paint` (the per-row sampling of a blurred shadow plane) gives, bit for bit, the
/// pixels of the per-pixel loop it replaced: `TreeRasterizer.upsample` at every pixel, the value
/// times the opacity and the clip, rounded to a coverage level, the tint at that level over the
/// pixel.
final class ShadowCompositeTests: XCTestCase {
    /// The per-pixel loop `drawBlurredAlpha` ran before (the reference).
    func reference(_ a: UnsafeBufferPointer<Float>, width: Int, height: Int, factor: Int, area: IntRect, draw: IntRect,
                   opacity op: Float, tints: [UInt32], covered: ShadowComposite.Covered? = nil, on s: Surface) {
        for y in draw.y..<draw.maxY {
            let d = s.row(y)
            for x in draw.x..<draw.maxX {
                // The covered pixels are left as they are (the layer paints them over).
                if let covered, s.clip == nil, covered.columns(y).contains(x) { continue }
                let v = factor == 1 ? a[(y - area.y) * area.width + x - area.x]
                    : TreeRasterizer.upsample(a, width: width, height: height, factor: factor, x: x - area.x, y: y - area.y)
                var c = v * op
                if let clip = s.clip { c *= clip.value(x, y) }
                let k = Int(min(c, 1) * 255 + 0.5)
                if k == 0 { continue }
                d[x] = Premultiplied.over(d[x], tints[k])
            }
        }
    }

    /// Random planes (values 0...1, a fifth of them 0, some past 1), reduction factors 1...32, areas
    /// at any offset, drawn rectangles anywhere inside them (edges included), with and without a
    /// soft clip and a covered inside left out, over random premultiplied pixels: the same pixels
    /// as the reference, at every kernel level.
    func testPaintMatchesThePerPixelUpsampleBitForBit() {
        var rng = SplitMix64(seed: 26_05)
        var painted = 0
        for trial in 0..<60 {
            let factor = rng.pick([1, 2, 4, 8, 32])
            let area = IntRect(x: rng.int(-40...40), y: rng.int(-40...40), width: rng.int(1...150), height: rng.int(1...120))
            let w = factor == 1 ? area.width : (area.width + factor - 1) / factor
            let h = factor == 1 ? area.height : (area.height + factor - 1) / factor
            let plane = (0..<(w * h)).map { _ in rng.chance(0.2) ? Float(0) : Float(rng.double(0, 1.05)) }
            let x0 = rng.int(area.x...(area.maxX - 1)), y0 = rng.int(area.y...(area.maxY - 1))
            let draw = IntRect(x: x0, y: y0, width: rng.int(1...(area.maxX - x0)), height: rng.int(1...(area.maxY - y0)))
            let frame = IntRect(x: area.x - 5, y: area.y - 5, width: area.width + 10, height: area.height + 10)
            let color = rng.premultipliedPixel()
            let tints = (0...255).map { Premultiplied.scale(color, UInt32($0)) }
            let op = Float(rng.pick([1, 0.5, rng.double(0, 1)]))
            let clip: ClipMask? = rng.chance(0.4)
                ? ClipMask(rect: draw, values: (0..<draw.area).map { _ in Float(rng.double(0, 1)) }) : nil
            let start = (0..<frame.area).map { _ in rng.premultipliedPixel() }
            // A card's covered inside (a cross of two rectangles) somewhere in the area, half the time.
            var covered: ShadowComposite.Covered?
            if rng.chance(0.5) {
                let cx = rng.int(area.x...(area.maxX - 1)), cy = rng.int(area.y...(area.maxY - 1))
                let cw = rng.int(1...(area.maxX - cx)), ch = rng.int(1...(area.maxY - cy)), r = rng.int(0...(min(cw, ch) / 2))
                covered = ShadowComposite.Covered(tall: IntRect(x: cx + r, y: cy, width: cw - 2 * r, height: ch),
                                                  wide: IntRect(x: cx, y: cy + r, width: cw, height: ch - 2 * r))
            }
            let expected = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
            for i in 0..<frame.area { expected.pixels[i] = start[i] }
            expected.clip = clip
            plane.withUnsafeBufferPointer { a in
                reference(a, width: w, height: h, factor: factor, area: area, draw: draw, opacity: op, tints: tints, covered: covered, on: expected)
            }
            // At every kernel level (the sampling and the mixed blend's vector versions).
            for level in BilinearKernelTests.modes {
                let actual = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
                for i in 0..<frame.area { actual.pixels[i] = start[i] }
                actual.clip = clip
                PixelKernels.withLevel(level) {
                    plane.withUnsafeBufferPointer { a in
                        tints.withUnsafeBufferPointer { t in
                            ShadowComposite.paint(a, width: w, height: h, factor: factor, area: area, draw: draw, opacity: op, tints: t,
                                                  covered: covered, on: actual)
                        }
                    }
                }
                let same = (0..<frame.area).allSatisfy { expected.pixels[$0] == actual.pixels[$0] }
                XCTAssertTrue(same, "trial \(trial): factor \(factor), area \(area), draw \(draw), covered \(String(describing: covered)), level \(level)")
                if level == BilinearKernelTests.modes[0], (0..<frame.area).contains(where: { actual.pixels[$0] != start[$0] }) { painted += 1 }
            }
        }
        XCTAssertGreaterThan(painted, 30, "most trials paint some shadow (the comparison is not vacuous)")
    }

    /// Faint planes (values up to 3/255, so coverage levels 0, 1 and 2), an opaque shadow colour
    /// (whose level 1 still changes a pixel), no clip, rows wide enough for the eight-pixel steps
    /// that skip pixels rounding to level 0: the same pixels as the reference, and level-1 pixels
    /// painted.
    func testFaintShadowsRoundLikeThePerPixelLoop() {
        var rng = SplitMix64(seed: 26_55)
        var changed = 0
        for trial in 0..<30 {
            let factor = rng.pick([2, 4, 8, 32])
            let area = IntRect(x: rng.int(-20...20), y: rng.int(-20...20), width: rng.int(24...160), height: rng.int(8...64))
            let w = (area.width + factor - 1) / factor, h = (area.height + factor - 1) / factor
            let plane = (0..<(w * h)).map { _ in Float(rng.double(0, 3.0 / 255)) }
            let frame = area
            let tints = (0...255).map { Premultiplied.scale(0xFF10_2030, UInt32($0)) }
            let start = (0..<frame.area).map { _ in rng.premultipliedPixel() }
            let expected = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
            let actual = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
            for i in 0..<frame.area { expected.pixels[i] = start[i]; actual.pixels[i] = start[i] }
            plane.withUnsafeBufferPointer { a in
                reference(a, width: w, height: h, factor: factor, area: area, draw: area, opacity: 1, tints: tints, on: expected)
                tints.withUnsafeBufferPointer { t in
                    ShadowComposite.paint(a, width: w, height: h, factor: factor, area: area, draw: area, opacity: 1, tints: t, on: actual)
                }
            }
            let differ = (0..<frame.area).filter { expected.pixels[$0] != actual.pixels[$0] }
            XCTAssertTrue(differ.isEmpty, "trial \(trial): factor \(factor), area \(area): \(differ.count) pixels differ")
            changed += (0..<frame.area).filter { actual.pixels[$0] != start[$0] }.count
        }
        XCTAssertGreaterThan(changed, 1000, "faint levels paint pixels (the comparison is not vacuous)")
    }
}
