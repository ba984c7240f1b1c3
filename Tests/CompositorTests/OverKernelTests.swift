import XCTest
import LaminaRandom
import LaminaTestSupport
import CPixelKernels
@testable import Compositor

/// The C source-over kernels, both ways, against the formula: s' = round(s·k/255), then
/// s' + round(d·(255 − s'.alpha)/255), each channel.
final class OverKernelTests: XCTestCase {
    func testOverKernelsMatchTheFormulaBothWays() {
        var rng = SplitMix64(seed: 0x0E7E_12)
        for trial in 0..<300 {
            let n = rng.int(0...70)
            let src = (0..<n).map { _ in rng.premultipliedPixel() }, dst = (0..<n).map { _ in rng.premultipliedPixel() }
            let k = trial % 5 == 0 ? 255 : trial % 11 == 0 ? 0 : UInt32(rng.int(0...255))
            let color = rng.premultipliedPixel()
            let expectedRow = zip(dst, src).map { KernelReference.over($0, $1, k: k) }
            let expectedSolid = dst.map { KernelReference.over($0, color) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst + [0xDEAD_BEEF], solid = dst + [0xDEAD_BEEF]
                    // An opaque pixel after the row: a kernel reading or writing past it would change the sentinel.
                    (src + [0xFF00_FF00]).withUnsafeBufferPointer { s in
                        row.withUnsafeMutableBufferPointer { lamina_over_row($0.baseAddress!, s.baseAddress!, Int32(n), k) }
                    }
                    solid.withUnsafeMutableBufferPointer { lamina_over_solid($0.baseAddress!, color, Int32(n)) }
                    XCTAssertEqual(Array(row.prefix(n)), expectedRow, "row trial \(trial), k \(k), level \(level)")
                    XCTAssertEqual(Array(solid.prefix(n)), expectedSolid, "solid trial \(trial), level \(level)")
                    XCTAssertEqual(row[n], 0xDEAD_BEEF); XCTAssertEqual(solid[n], 0xDEAD_BEEF)
                }
            }
            // The Swift lanes (BlendKernels.overReference) and Premultiplied promise the same.
            var swift = dst + [0xDEAD_BEEF]
            (src + [0]).withUnsafeBufferPointer { s in
                swift.withUnsafeMutableBufferPointer { BlendKernels.overReference($0.baseAddress!, s.baseAddress!, count: n, scale: k) }
            }
            XCTAssertEqual(Array(swift.prefix(n)), expectedRow, "Swift lanes, trial \(trial)")
            XCTAssertEqual(dst.map { Premultiplied.over($0, color) }, expectedSolid, "Premultiplied.over, trial \(trial)")
        }
    }

    /// Rows starting at every offset within a cache line (the AVX-512 row blends a head group up
    /// to a 64-byte boundary first), long enough for the head, opaque runs and a tail, against the
    /// formula at every level.
    func testRowsAtEveryAlignment() {
        var rng = SplitMix64(seed: 0xA119)
        for trial in 0..<160 {
            let offset = trial % 16, n = 32 + rng.int(0...50)
            let k = trial % 3 == 0 ? 255 : UInt32(rng.int(1...254))
            // Runs of opaque pixels among translucent ones (each opaque group path).
            let src = (0..<n).map { i in (i / 20) % 2 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel() }
            let dst = (0..<n).map { _ in rng.premultipliedPixel() }
            let expected = zip(dst, src).map { KernelReference.over($0, $1, k: k) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    // 64-byte aligned storage, the row starting `offset` pixels in.
                    let base = UnsafeMutablePointer<UInt32>.allocate(capacity: n + 32)
                    defer { base.deallocate() }
                    let aligned = UnsafeMutablePointer<UInt32>(bitPattern: (UInt(bitPattern: base) + 63) & ~63)!
                    let row = aligned + offset
                    row.initialize(from: dst, count: n)
                    row[n] = 0xDEAD_BEEF
                    // The source aligned, or not (the head group is blended only when it is not).
                    let sbase = UnsafeMutablePointer<UInt32>.allocate(capacity: n + 32)
                    defer { sbase.deallocate() }
                    let srow = UnsafeMutablePointer<UInt32>(bitPattern: (UInt(bitPattern: sbase) + 63) & ~63)! + (trial / 16) % 3
                    srow.initialize(from: src, count: n)
                    lamina_over_row(row, srow, Int32(n), k)
                    let got = Array(UnsafeBufferPointer(start: row, count: n))
                    if let i = got.indices.first(where: { got[$0] != expected[$0] }) {
                        XCTFail("trial \(trial), \(level), offset \(offset), n \(n), k \(k): pixel \(i) is \(String(got[i], radix: 16)), expected \(String(expected[i], radix: 16))")
                    }
                    XCTAssertEqual(row[n], 0xDEAD_BEEF, "nothing past the row")
                }
            }
        }
    }

    /// Hand-worked: 50 % red over opaque blue. s = 0x80800000; d·(255 − 128)/255 = 255·127/255 = 127
    /// blue; with k = 128 the source halves first: round(128·128/255) = 64 → 0x40400000, and
    /// blue becomes round(255·191/255) = 191.
    func testHandWorkedOverBothWays() {
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var row = [UInt32](repeating: 0xFF00_00FF, count: 9)
                let src = [UInt32](repeating: 0x8080_0000, count: 9)
                lamina_over_row(&row, src, 9, 255)
                XCTAssertEqual(row, [UInt32](repeating: 0xFF80_007F, count: 9), "level \(level)")
                row = [UInt32](repeating: 0xFF00_00FF, count: 9)
                lamina_over_row(&row, src, 9, 128)
                XCTAssertEqual(row, [UInt32](repeating: 0xFF40_00BF, count: 9), "level \(level)")
                lamina_over_solid(&row, 0x8080_0000, 9)
                // 0x80 + round(0x40·127/255) = 128 + 32 = 160; blue round(191·127/255) = 95.
                XCTAssertEqual(row, [UInt32](repeating: 0xFFA0_005F, count: 9), "level \(level)")
            }
        }
    }

    /// Every source alpha against every destination channel value (each pixel's four channels
    /// differ), at opacities 255, 254, 128 and 1, at every level: the vector versions' division by
    /// 255 (a multiply-high by 257) must round exactly as the formula does for every product.
    func testEverySourceAlphaAndDestinationValueAtEveryLevel() {
        var src: [UInt32] = [], dst: [UInt32] = []
        for sa in UInt32(0)...255 {
            for v in UInt32(0)...255 {
                let c = sa * ((v * 7) & 255) / 255
                src.append(sa << 24 | c << 16 | (sa - c) << 8 | (sa * v / 255))
                dst.append((255 - v) << 24 | v << 16 | (v ^ 0x5A) << 8 | (v * 3) & 255)
            }
        }
        for k: UInt32 in [255, 254, 128, 1] {
            let expected = zip(dst, src).map { KernelReference.over($0, $1, k: k) }
            let solid = src[200 * 256 + 77]
            let expectedSolid = dst.map { KernelReference.over($0, solid) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst
                    lamina_over_row(&row, src, Int32(row.count), k)
                    XCTAssertEqual(row, expected, "k \(k), level \(level)")
                    var s = dst
                    lamina_over_solid(&s, solid, Int32(s.count))
                    XCTAssertEqual(s, expectedSolid, "solid, level \(level)")
                }
            }
        }
    }

    /// Rows whose sources are opaque in runs of sixteen and more (the vector versions' path for
    /// opaque groups at an opacity below 1), with a translucent pixel now and then, at every level.
    func testOpaqueRunsAtEveryOpacityAndLevel() {
        var rng = SplitMix64(seed: 0x0FA9)
        for trial in 0..<200 {
            let n = rng.int(1...90)
            let src: [UInt32] = (0..<n).map { _ in rng.int(0...40) == 0 ? rng.premultipliedPixel() : rng.premultipliedPixel() | 0xFF00_0000 }
            let dst = (0..<n).map { _ in rng.premultipliedPixel() }
            let k = trial % 9 == 0 ? 255 : UInt32(rng.int(1...254))
            let expected = zip(dst, src).map { KernelReference.over($0, $1, k: k) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst
                    lamina_over_row(&row, src, Int32(n), k)
                    XCTAssertEqual(row, expected, "trial \(trial), k \(k), \(level)")
                }
            }
        }
    }
}
