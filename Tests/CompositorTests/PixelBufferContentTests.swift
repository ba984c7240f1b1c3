import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// `PixelBuffer.nonTransparentBounds(in:)` against the box of non-zero pixels found one by one.
final class PixelBufferContentTests: XCTestCase {
    func testBoundsOfWhatIsNotTransparentWithinARectangle() {
        var rng = SplitMix64(seed: 0xB0B5)
        for round in 0..<300 {
            var b = PixelBuffer(width: rng.int(1...40), height: rng.int(1...30))
            for _ in 0..<rng.int(0...5) { b[rng.int(0...(b.width - 1)), rng.int(0...(b.height - 1))] = rng.anyPixel() | 1 }
            let rect = IntRect(x: rng.int(-5...30), y: rng.int(-5...25), width: rng.int(0...45), height: rng.int(0...35))
            var expected = IntRect.empty
            for y in 0..<b.height {
                for x in 0..<b.width where b[x, y] != 0 && x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY {
                    expected = expected.union(IntRect(x: x, y: y, width: 1, height: 1))
                }
            }
            XCTAssertEqual(b.nonTransparentBounds(in: rect), expected, "round \(round), rect \(rect)")
        }
        // Hand-worked: pixels at (2, 1) and (7, 4) in a 10x6 buffer.
        var b = PixelBuffer(width: 10, height: 6)
        b[2, 1] = 0x0100_0000; b[7, 4] = 0xFF00_0000
        XCTAssertEqual(b.nonTransparentBounds(in: IntRect(x: 0, y: 0, width: 10, height: 6)), IntRect(x: 2, y: 1, width: 6, height: 4))
        XCTAssertEqual(b.nonTransparentBounds(in: IntRect(x: 3, y: 0, width: 7, height: 6)), IntRect(x: 7, y: 4, width: 1, height: 1))
        XCTAssertEqual(b.nonTransparentBounds(in: IntRect(x: 3, y: 0, width: 4, height: 6)), .empty)
    }
}
