import XCTest
import Compositor
@testable import QuartzCore

/// DejaVu Sans's metrics at whole pixel sizes, worked out from the font's own tables: head's
/// unitsPerEm 2048 and hhea's ascender 1901, descender -483, lineGap 0 (read with a few lines of
/// Python's struct module from Assets/Fonts/DejaVuSans.ttf). At p pixels: ascent = ceil(1901 p/2048),
/// descent = floor(483 p/2048), line height = ceil(2384 p/2048).
final class FontMetricsTests: XCTestCase {
    func testDejaVuSansMetricsFollowTheFontTables() throws {
        let provider = DefaultFontProvider()
        let expected: [(Double, FontMetrics)] = [
            (12, FontMetrics(ascent: 12, descent: 2, lineHeight: 14)),
            (17, FontMetrics(ascent: 16, descent: 4, lineHeight: 20)),
            (24, FontMetrics(ascent: 23, descent: 5, lineHeight: 28)),
        ]
        for (px, m) in expected {
            XCTAssertEqual(provider.metrics(fontName: "Helvetica", size: px), m, "\(px) px")
        }
    }

    /// Kerning: DejaVu Sans kerns "AV" tighter than its two letters' advances side by side.
    func testKerningTightensAV() {
        let provider = DefaultFontProvider()
        let a = provider.width(of: "A", fontName: nil, size: 48)
        let v = provider.width(of: "V", fontName: nil, size: 48)
        let av = provider.width(of: "AV", fontName: nil, size: 48)
        XCTAssertLessThan(av, a + v - 1, "A \(a) + V \(v) vs AV \(av)")
    }
}
