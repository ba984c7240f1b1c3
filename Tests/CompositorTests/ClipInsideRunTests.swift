import XCTest
import CoreGraphics
@testable import Compositor

/// Under a soft clip (a rounded or unaligned `masksToBounds`), the inside of the clip, where its
/// coverage is exactly 1, is drawn as unclipped drawing is: a run at a time, not pixel by pixel.
/// The pixels must be those of the per-pixel path, for every paint.
final class ClipInsideRunTests: XCTestCase {
    private let frame = IntRect(x: 0, y: 0, width: 160, height: 120)

    /// A rounded, unaligned clip (a rectangle at fractional edges with round corners).
    private func clip(_ drawer: PrimitiveDrawer, perPixel: Bool) -> ClipMask {
        let r = CGRect(x: 7.3, y: 5.6, width: 141.5, height: 100.25)
        let poly = RoundedRect.polygon(r, radius: 17, corners: 15, pixelsPerUnit: 1)
        let m = drawer.clipMask([poly], rule: .nonZero, area: frame, outer: nil, columns: 0..<160)
        m.perPixelOnly = perPixel
        return m
    }

    private func draw(perPixel: Bool, paint: (PrimitiveDrawer) -> Paint, opacity: Double) -> [UInt32] {
        var buffer = PixelBuffer(width: 160, height: 120, fill: 0xFF20_4060)
        let drawer = PrimitiveDrawer()
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 160, scissor: frame)
            s.clip = clip(drawer, perPixel: perPixel)
            // A triangle-ish shape across the clip's edge and a disc inside it.
            let shape: [(x: Double, y: Double)] = [(-10, 2), (150, 20.5), (120, 118), (3.5, 90)]
            drawer.draw([shape], rule: .nonZero, paint: paint(drawer), opacity: opacity, on: s)
        }
        return buffer.pixels
    }

    func testTheInsideRunsEqualThePerPixelPath() throws {
        let image = CGImage(width: 8, height: 8, premultipliedARGB: (0..<64).map { UInt32(0x80) << 24 | UInt32($0 * 4) << 16 | 0x3020 })
        let gradient = RenderGradient(kind: .axial, rect: CGRect(x: 0, y: 0, width: 160, height: 120), start: .zero, end: CGPoint(x: 160, y: 40),
                                      stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 0.6))])
        let paints: [(String, (PrimitiveDrawer) -> Paint)] = [
            ("solid", { _ in .solid(0xC0A0_5010) }),
            ("opaque solid", { _ in .solid(0xFFFF_FFFF) }),
            ("gradient", { _ in .gradient(GradientSampler(gradient, deviceToLayer: .identity)) }),
            ("image", { _ in .image(ImageSampler(image: image, map: Projective2D(a: 0.1, b: 0, c: 0, d: 0, e: 0.1, f: 0, g: 0, h: 0, i: 1), x0: 0, y0: 0, x1: 8, y1: 8, bilinear: true, tint: 0xFFFF_FFFF)) }),
        ]
        for (name, paint) in paints {
            for opacity in [1.0, 0.55] {
                let runs = draw(perPixel: false, paint: paint, opacity: opacity)
                let reference = draw(perPixel: true, paint: paint, opacity: opacity)
                let diffs = runs.indices.filter { runs[$0] != reference[$0] }
                XCTAssertTrue(diffs.isEmpty, "\(name) at \(opacity): \(diffs.count) pixels differ, first at \(diffs.first.map { ($0 % 160, $0 / 160) }.map { "\($0)" } ?? "")")
                XCTAssertTrue(runs.contains { $0 != 0xFF20_4060 }, "\(name) draws")
            }
        }
        // The clip has an inside: most rows of the middle have a long run of ones.
        let m = clip(PrimitiveDrawer(), perPixel: false)
        let run = m.fullRun(60)
        XCTAssertEqual(run.lo, 8); XCTAssertEqual(run.hi, 148)
    }
}
