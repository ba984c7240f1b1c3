import XCTest
import Compositor
import LaminaRandom
@testable import SDLHost

/// `WindowSurfacePresenter.export`: a large rectangle copied on two threads (its halves) into a
/// framebuffer with padded rows is what one `PixelBuffer.export` writes, bit for bit, with and
/// without an overlay, on seeded random frames.
final class SurfaceExportTests: XCTestCase {
    func testTheTwoHalvesAreOneExport() {
        var rng = SplitMix64(seed: 0xE4_70)
        for round in 0..<4 {
            let w = 1300 + rng.int(0...40), h = 900 + rng.int(0...41)
            var scene = PixelBuffer(width: w, height: h), overlay = PixelBuffer(width: w, height: h)
            for i in 0..<(w * h) {
                scene.pixels[i] = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
                if rng.chance(0.1) { let a = UInt32(rng.int(0...255)); overlay.pixels[i] = a << 24 | a << 16 | (a / 2) << 8 | a / 3 }
            }
            let r = round == 0 ? IntRect(x: 0, y: 0, width: w, height: h)
                : IntRect(x: rng.int(0...20), y: rng.int(0...20), width: w - 40 - rng.int(0...20), height: h - 40 - rng.int(0...21))
            let pitch = (w + 7) * 4
            for top in [nil, overlay] {
                var one = [UInt32](repeating: 0x1234_5678, count: pitch / 4 * h), two = one
                let a = one.withUnsafeMutableBytes { scene.export(r, overlay: top, to: $0.baseAddress! + r.y * pitch + r.x * 4, pitch: pitch) }
                let b = two.withUnsafeMutableBytes { WindowSurfacePresenter.export(scene, r, overlay: top, to: $0.baseAddress! + r.y * pitch + r.x * 4, pitch: pitch) }
                XCTAssertGreaterThanOrEqual(r.area, 1 << 20, "round \(round): large enough to be split")
                XCTAssertEqual(a, b)
                XCTAssertTrue(one == two, "round \(round), overlay \(top != nil): the framebuffer of one export")
            }
        }
    }
}
