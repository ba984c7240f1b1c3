import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Text placed on fractional pixels by a translation (sliding labels), or rotated, scaled or in
/// perspective, is composited a run at a time by `PrimitiveDrawer.overSampledMask` (the mask's
/// samples from `lamina_sample_mask_row` or `lamina_sample_mask_mapped_row`, then
/// `lamina_over_solid_mask`). Its pixels must be, bit for bit, those of the reference path
/// (each run's colours shaded by `SpanShader.shade`, then blended by the run's factor), at every
/// kernel level, for rectangles with fractional edges (runs of partial coverage), opacities and
/// colours (transparent ones too), over a frame of varied pixels.
final class FractionalTextFusionTests: XCTestCase {
    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    private func draw(fused: Bool, _ body: (PrimitiveDrawer, Surface) -> Void) -> [UInt32] {
        var rng = SplitMix64(seed: 0xF5A7)
        var buffer = PixelBuffer(width: 150, height: 90)
        buffer.pixels = (0..<(150 * 90)).map { _ in rng.premultipliedPixel() }
        let drawer = PrimitiveDrawer()
        drawer.fusesMaskSamples = fused
        let frame = IntRect(x: 0, y: 0, width: 150, height: 90)
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            body(drawer, Surface(borrowing: px.baseAddress!, frame: frame, stride: 150, scissor: frame))
        }
        return buffer.pixels
    }

    func testFusedRunsEqualShadedRowsAtEveryLevel() {
        var rng = SplitMix64(seed: 0x7E47_F05E)
        var changed = 0
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            for trial in 0..<40 {
                let w = rng.int(1...120), h = rng.int(1...40)
                let mask = AlphaMask(width: w, height: h, alpha: (0..<(w * h)).map { _ in
                    rng.chance(0.3) ? 0 : rng.chance(0.2) ? 255 : UInt8(rng.int(1...254))
                })
                // Where the mask's origin lands: fractional in x, in y or both (also exact halves).
                let ox = Double(rng.int(-20...60)) + rng.pick([0.5, 0.25, 1e-9, 0.999_999, rng.double(0, 1), 0])
                let oy = Double(rng.int(-10...40)) + rng.pick([0, 0.5, rng.double(0, 1)])
                // A translation, or (every fourth trial) the mask also rotated and scaled, or in
                // perspective: those take lamina_sample_mask_mapped_row.
                var map = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: -ox, h: -oy, i: 1)
                if trial % 4 == 3 {
                    let t = rng.double(-0.5, 0.5), k = rng.double(0.7, 1.3), p = trial % 8 == 7 ? rng.double(-0.002, 0.002) : 0
                    map = Projective2D(a: k * cos(t), b: k * sin(t), c: p, d: -k * sin(t), e: k * cos(t), f: 0,
                                       g: -ox * k * cos(t) + oy * k * sin(t), h: -ox * k * sin(t) - oy * k * cos(t), i: 1 - p * ox)
                }
                let color = trial % 9 == 0 ? 0 : rng.premultipliedPixel()
                let paint = Paint.mask(MaskSampler(mask: mask, map: map, color: color))
                let opacity = rng.pick([1, 0.8, 0.35, rng.double(0, 1)])
                // The rectangle drawn: the mask's own, or a part of it, with fractional edges.
                let x0 = ox + rng.double(-2, 4), y0 = oy + rng.double(-2, 3)
                let x1 = x0 + rng.double(1, Double(w) + 3), y1 = y0 + rng.double(1, Double(h) + 3)
                let run = { (drawer: PrimitiveDrawer, s: Surface) in
                    drawer.drawAxisAlignedRect(x0: x0, y0: y0, x1: x1, y1: y1, paint: paint, opacity: opacity, on: s)
                }
                let fused = draw(fused: true, run), reference = draw(fused: false, run)
                if let i = fused.indices.first(where: { fused[$0] != reference[$0] }) {
                    return XCTFail("\(level), trial \(trial): mask \(w)x\(h) at (\(ox), \(oy)), pixel (\(i % 150), \(i / 150)): "
                                   + "\(String(fused[i], radix: 16)), expected \(String(reference[i], radix: 16))")
                }
                changed += zip(fused, draw(fused: true) { _, _ in }).filter { $0 != $1 }.count
            }
        }
        // The drawings change many pixels (the comparison is not of untouched frames).
        XCTAssertGreaterThan(changed, 20_000)
    }
}
