import XCTest
import QuartzCore
import HeadlessFrame

/// The QuartzCore product alone: text with no setup, a PNG decoded into a CGImage, a frame compared
/// with its golden (frame.png beside this file; LAMINA_RECORD_GOLDENS=1 writes it).
final class HeadlessFrameTests: XCTestCase {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    func testFrameWithTextAndImageMatchesItsGolden() throws {
        let frame = try HeadlessFrame.render(png: here.appendingPathComponent("badge.png"))
        XCTAssertEqual(frame.width, 200)
        XCTAssertEqual(frame.height, 120)
        let px = frame.premultipliedARGB
        // Glyphs: within the text layer, pixels far darker than the white background.
        let t = HeadlessFrame.textFrame
        var dark = 0
        for y in Int(t.minY)..<Int(t.maxY) { for x in Int(t.minX)..<Int(t.maxX) where px[y * 200 + x] & 0xFF < 100 { dark += 1 } }
        XCTAssertGreaterThan(dark, 150, "the text layer drew no glyphs")
        // The image: its layer is not the white background everywhere.
        let i = HeadlessFrame.imageFrame
        var notWhite = 0
        for y in Int(i.minY)..<Int(i.maxY) { for x in Int(i.minX)..<Int(i.maxX) where px[y * 200 + x] != 0xFFFF_FFFF { notWhite += 1 } }
        XCTAssertGreaterThan(notWhite, 1000, "the PNG-backed layer drew nothing")

        let golden = here.appendingPathComponent("frame.png")
        if ProcessInfo.processInfo.environment["LAMINA_RECORD_GOLDENS"] == "1" {
            try PNGCodec.write(frame, to: golden)
            // A recording run fails, so that it is never mistaken for a comparison that passed.
            XCTFail("LAMINA_RECORD_GOLDENS=1: wrote \(golden.path); look at it, then run again without it")
            return
        }
        let expected = try XCTUnwrap(ImageDecoder.image(contentsOf: golden), "no golden at \(golden.path)")
        XCTAssertEqual(expected.width, frame.width)
        XCTAssertEqual(expected.height, frame.height)
        // Per channel, 8 levels of tolerance (anti-aliased glyph edges), as Lamina's own text goldens.
        var worst = 0
        for (a, b) in zip(expected.premultipliedARGB, px) {
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 8, "the frame differs from frame.png by \(worst) levels")
    }
}
