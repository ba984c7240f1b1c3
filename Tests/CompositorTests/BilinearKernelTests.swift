import XCTest
import CoreGraphics
import CPixelKernels
@testable import Compositor

/// The C bilinear kernel (AVX2 or portable, whichever this CPU runs) must give exactly the pixels of
/// the Swift reference, for affine and projective maps, inside, at and beyond the source's edges.
final class BilinearKernelTests: XCTestCase {
    func testKernelMatchesSwiftReferenceExactly() {
        var seed: UInt64 = 7
        func rnd() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        let w = 37, h = 23
        let px = (0..<(w * h)).map { _ -> UInt32 in
            let a = UInt32(rnd() * 256) & 255
            return a << 24 | (UInt32(rnd() * Double(a + 1)) & 255) << 16 | (UInt32(rnd() * Double(a + 1)) & 255) << 8 | (UInt32(rnd() * Double(a + 1)) & 255)
        }
        let image = CGImage(width: w, height: h, premultipliedARGB: px)
        var compared = 0
        for trial in 0..<200 {
            let angle = rnd() * 6.3, scale = 0.3 + rnd() * 3
            var map = Projective2D(a: cos(angle) / scale, b: sin(angle) / scale, c: 0, d: -sin(angle) / scale, e: cos(angle) / scale, f: 0,
                                   g: rnd() * 60 - 30, h: rnd() * 40 - 20, i: 1)
            if trial % 2 == 1 { map.c = (rnd() - 0.5) * 0.01; map.f = (rnd() - 0.5) * 0.01 }
            let x0 = Int(rnd() * 5), y0 = Int(rnd() * 5)
            let s = ImageSampler(image: image, map: map, x0: x0, y0: y0, x1: w - Int(rnd() * 5), y1: h - Int(rnd() * 5), bilinear: true, tint: 0xFFFF_FFFF)
            let count = 1 + Int(rnd() * 70), startX = Int(rnd() * 40) - 10, y = Int(rnd() * 40) - 10
            var ref = [UInt32](repeating: 0, count: count), fast = [UInt32](repeating: 1, count: count)
            image.premultipliedARGB.withUnsafeBufferPointer { tex in
                if s.map.isAffine {
                    SpanShader.sampleBilinearAffine(s, tex.baseAddress!, x0: startX, y: y, count: count, &ref)
                } else {
                    SpanShader.sampleBilinear(s, tex.baseAddress!, x0: startX, y: y, count: count, &ref, projective: true)
                }
                SpanShader.sampleBilinearKernel(s, tex.baseAddress!, x0: startX, y: y, count: count, &fast)
            }
            XCTAssertEqual(ref, fast, "trial \(trial) (AVX2: \(lamina_kernels_use_avx2()))")
            compared += count
        }
        XCTAssertGreaterThan(compared, 1000)
    }
}

/// The C source-over kernels must equal the Swift reference and `Premultiplied` exactly.
final class OverKernelTests: XCTestCase {
    func testOverKernelsMatchReferenceExactly() {
        var seed: UInt64 = 11
        func rnd() -> UInt32 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: seed >> 33) }
        func premul() -> UInt32 {
            let a = rnd() & 255
            let pick = rnd() % 4
            let alpha = pick == 0 ? 0 : pick == 1 ? 255 : a
            return alpha << 24 | (rnd() % (alpha + 1)) << 16 | (rnd() % (alpha + 1)) << 8 | (rnd() % (alpha + 1))
        }
        for trial in 0..<50 {
            let n = 1 + Int(rnd() % 70)
            let src = (0..<n).map { _ in premul() }, dst = (0..<n).map { _ in premul() }
            let k = trial % 5 == 0 ? 255 : rnd() % 256
            var fast = dst, ref = dst
            src.withUnsafeBufferPointer { s in
                fast.withUnsafeMutableBufferPointer { BlendKernels.over($0.baseAddress!, s.baseAddress!, count: n, scale: k) }
                ref.withUnsafeMutableBufferPointer { BlendKernels.overReference($0.baseAddress!, s.baseAddress!, count: n, scale: k) }
            }
            XCTAssertEqual(fast, ref, "trial \(trial), k \(k)")
            let color = premul()
            var solid = dst
            solid.withUnsafeMutableBufferPointer { BlendKernels.overSolid($0.baseAddress!, color: color, count: n) }
            XCTAssertEqual(solid, dst.map { Premultiplied.over($0, color) }, "solid trial \(trial)")
        }
    }
}
