import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost

/// Golden-image tests: every case renders on virtual time and is compared with Goldens/<name>.png.
/// Tolerance: each case states the largest allowed per-channel difference (2 by default, 8 for text
/// whose glyph rasterisation comes from the system's SDL2_ttf/FreeType); any pixel beyond it fails.
/// On failure the actual image and a diff image (differences amplified, red where beyond the
/// tolerance) are written next to the golden as <name>.out.png and <name>.diff.png, and named in
/// the failure. Set LAMINA_RECORD_GOLDENS=1 to (re)write goldens instead of comparing: that run
/// always fails, listing what it rewrote; LAMINA_GOLDEN_ONLY=part limits a run to the cases whose
/// names contain `part` (and fails when none does). `testContactSheet` draws every golden into one
/// PNG to look at (see Goldens/README.md).
final class GoldenTests: XCTestCase {
    static let goldenDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let allCases: [GoldenCase] = LayerCases.all + TransitionCases.all + ContentsCases.all + TransformCases.all + IntersectionCases.all + ShapeTextCases.all + BlendCases.all + TiledCases.all

    override class func setUp() {
        super.setUp()
        DefaultFontProvider.installAsDefault()
    }

    func testCaseNamesAreUnique() {
        let names = GoldenTests.allCases.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertGreaterThanOrEqual(names.count, 60)
    }

    func testEveryGolden() throws {
        let run = GoldenRun.fromEnvironment(directory: GoldenTests.goldenDir)
        if let failure = try run.check(GoldenTests.allCases) { XCTFail(failure) }
    }
}

/// Renders a case on virtual time with CARenderer.
/// The case's tree is built at media time 0 and drawn by a frame scheduler at the case's time, as
/// every frame is drawn.
enum GoldenRenderer {
    static func render(_ c: GoldenCase, threads: Int = 1) -> CGImage {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let root = c.build()
        let r = CARenderer(size: c.size, scale: c.scale)
        r.threads = threads
        r.layer = root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: r)
        CATransaction.flush()
        try? scheduler.frame(at: c.time)
        return r.makeImage()
    }
}

/// Compares two images and writes the actual and diff images when they differ.
enum ImageDiff {
    /// nil when every channel of every pixel is within `tolerance`; otherwise a message naming the
    /// files written.
    static func compare(actual: CGImage, expected: CGImage, tolerance: Int, name: String, directory: URL) -> String? {
        guard actual.width == expected.width, actual.height == expected.height else {
            return "\(name): size \(actual.width)x\(actual.height), golden \(expected.width)x\(expected.height)"
        }
        let (diff, bad, worst) = picture(actual: actual, expected: expected, tolerance: tolerance)
        guard bad > 0 else { return nil }
        let out = directory.appendingPathComponent(name + ".out.png"), d = directory.appendingPathComponent(name + ".diff.png")
        _ = try? PNGCodec.write(actual, to: out)
        _ = try? PNGCodec.write(diff, to: d)
        return "\(name): \(bad) pixels beyond tolerance \(tolerance) (worst \(worst)); wrote \(out.path) and \(d.path)"
    }

    /// The diff picture of two images of one size: each pixel grey-cyan in proportion to its largest
    /// channel difference (×40), red where that is beyond `tolerance`; with the number of such
    /// pixels and the largest difference.
    static func picture(actual: CGImage, expected: CGImage, tolerance: Int) -> (image: CGImage, bad: Int, worst: Int) {
        var worst = 0, bad = 0
        var diff = [UInt32](repeating: 0, count: actual.width * actual.height)
        for i in 0..<diff.count {
            let a = actual.premultipliedARGB[i], e = expected.premultipliedARGB[i]
            var m = 0
            for s in stride(from: 0, through: 24, by: 8) { m = max(m, abs(Int((a >> UInt32(s)) & 255) - Int((e >> UInt32(s)) & 255))) }
            worst = max(worst, m)
            if m > tolerance { bad += 1; diff[i] = 0xFFFF_0000 }
            else { let g = UInt32(min(255, m * 40)); diff[i] = 0xFF00_0000 | g << 8 | g }
        }
        return (CGImage(width: actual.width, height: actual.height, premultipliedARGB: diff), bad, worst)
    }
}
