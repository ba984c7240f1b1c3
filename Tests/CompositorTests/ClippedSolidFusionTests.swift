import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A solid colour drawn under a soft clip (the veils and label bars inside a rounded
/// `masksToBounds`) blends the pixels along the clip's edge by one C call a part
/// (`PrimitiveDrawer.overSolidClipped`, `lamina_over_solid_coverage` on the clip's values). Its
/// pixels must be, bit for bit, those of the per-pixel reference (`overRuns`), at every kernel
/// level: random clip values (ones, zeros and fractions, the clip's rectangle partly off the
/// shape), shapes with fractional edges, colours (transparent ones too) and opacities, with the
/// clip's inside runs and without them.
final class ClippedSolidFusionTests: XCTestCase {
    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    private let frame = IntRect(x: 0, y: 0, width: 140, height: 100)

    private func draw(fused: Bool, perPixel: Bool, clip: (rect: IntRect, values: [Float]), background: [UInt32],
                      shape: [(x: Double, y: Double)], color: UInt32, opacity: Double) -> [UInt32] {
        var buffer = PixelBuffer(width: 140, height: 100)
        buffer.pixels = background
        let drawer = PrimitiveDrawer()
        drawer.fusesClippedSolids = fused
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 140, scissor: frame)
            let m = ClipMask(rect: clip.rect, values: clip.values)
            m.perPixelOnly = perPixel
            s.clip = m
            drawer.draw([shape], rule: .nonZero, paint: .solid(color), opacity: opacity, on: s)
        }
        return buffer.pixels
    }

    func testFusedEdgesEqualThePerPixelPathAtEveryLevel() {
        var rng = SplitMix64(seed: 0xC11F_5011D)
        var changed = 0
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            for trial in 0..<30 {
                let background = (0..<(140 * 100)).map { _ in rng.premultipliedPixel() }
                // The clip: a rectangle partly outside the frame or inside it, its values ones in a
                // middle band of each row (the inside runs), zeros and fractions around.
                let rect = IntRect(x: rng.int(-10...40), y: rng.int(-10...30), width: rng.int(20...120), height: rng.int(10...80))
                let values: [Float] = (0..<rect.area).map { i in
                    let x = i % rect.width
                    if x > rect.width / 4, x < rect.width * 3 / 4, rng.chance(0.9) { return 1 }
                    return rng.pick([0, 1, Float(rng.double(0, 1)), Float(rng.double(0.9, 1))])
                }
                let cx = rng.double(10, 130), cy = rng.double(10, 90), r = rng.double(15, 70)
                let shape = (0..<7).map { k -> (x: Double, y: Double) in
                    let t = Double(k) / 7 * 2 * Double.pi
                    return (cx + r * cos(t) * rng.double(0.6, 1.2), cy + r * sin(t) * rng.double(0.6, 1.2))
                }
                let color = trial % 11 == 0 ? 0 : trial % 5 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
                let opacity = rng.pick([1, 0.7, rng.double(0, 1)])
                for perPixel in [false, true] {
                    let fused = draw(fused: true, perPixel: perPixel, clip: (rect, values), background: background, shape: shape, color: color, opacity: opacity)
                    let reference = draw(fused: false, perPixel: perPixel, clip: (rect, values), background: background, shape: shape, color: color, opacity: opacity)
                    if let i = fused.indices.first(where: { fused[$0] != reference[$0] }) {
                        return XCTFail("\(level), trial \(trial), per pixel \(perPixel): pixel (\(i % 140), \(i / 140)): "
                                       + "\(String(fused[i], radix: 16)), expected \(String(reference[i], radix: 16))")
                    }
                    changed += zip(fused, background).filter { $0 != $1 }.count
                }
            }
        }
        // The drawings change many pixels (the comparison is not of untouched frames).
        XCTAssertGreaterThan(changed, 20_000)
    }
}
