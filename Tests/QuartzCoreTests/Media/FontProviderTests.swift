import XCTest
import Foundation
import Compositor
@testable import QuartzCore


/// The FreeType font provider (DefaultFontProvider) against the `FontProvider` contract, using the DejaVu fonts in Assets/Fonts.
final class FontProviderTests: XCTestCase {
    private let provider = DefaultFontProvider()

    /// Coverage summed over the mask.
    private func ink(_ m: AlphaMask) -> Int { m.alpha.reduce(0) { $0 + Int($1) } }

    /// The last row of the mask holding any coverage, or nil when it is blank.
    private func lastInkedRow(_ m: AlphaMask) -> Int? {
        (0..<m.height).last { y in (0..<m.width).contains { m.alpha[y * m.width + $0] > 0 } }
    }

    func testDefaultFontIsFoundThroughAssetsLookup() throws {
        let assets = try XCTUnwrap(DefaultFontProvider.assetsDirectory, "Assets folder not found")
        XCTAssertTrue(FileManager.default.fileExists(atPath: assets.appendingPathComponent("Fonts/DejaVuSans.ttf").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: assets.appendingPathComponent("Fonts/DejaVuSans-LICENSE.txt").path))
        XCTAssertNotNil(provider.metrics(fontName: nil, size: 13))
    }

    func testMetricsArePositiveAndConsistent() throws {
        for size in [9.0, 12, 13, 17, 24, 48] {
            let m = try XCTUnwrap(provider.metrics(fontName: nil, size: size))
            XCTAssertGreaterThan(m.ascent, 0, "size \(size)")
            XCTAssertGreaterThan(m.descent, 0, "size \(size)")
            XCTAssertGreaterThanOrEqual(m.lineHeight, m.ascent + m.descent - 1, "size \(size)")
            XCTAssertLessThan(m.ascent, size * 1.5, "size \(size)")
        }
        let small = try XCTUnwrap(provider.metrics(fontName: nil, size: 12))
        let large = try XCTUnwrap(provider.metrics(fontName: nil, size: 48))
        XCTAssertGreaterThan(large.lineHeight, small.lineHeight * 3)
    }

    func testFractionalSizesRoundToWholePixels() {
        XCTAssertEqual(provider.metrics(fontName: nil, size: 16.6), provider.metrics(fontName: nil, size: 17))
        XCTAssertEqual(provider.width(of: "Hello", fontName: nil, size: 12.4), provider.width(of: "Hello", fontName: nil, size: 12))
    }

    func testWidthsOrderByGlyphWidth() {
        let wide = provider.width(of: "MMMM", fontName: nil, size: 17)
        let narrow = provider.width(of: "iiii", fontName: nil, size: 17)
        XCTAssertGreaterThan(wide, narrow)
        XCTAssertGreaterThan(narrow, 0)
        XCTAssertEqual(provider.width(of: "", fontName: nil, size: 17), 0)
    }

    func testRenderHelloHasLineHeightBaselineAtAscentAndInk() throws {
        for size in [12.0, 13, 17, 24] {
            let m = try XCTUnwrap(provider.metrics(fontName: nil, size: size))
            let hello = try XCTUnwrap(provider.render("Hello", fontName: nil, size: size))
            // The mask is ascent + descent tall (no glyph of "Hello" reaches below the descent); for DejaVu Sans this
            // equals the line skip.
            XCTAssertEqual(Double(hello.height), m.ascent + m.descent, "size \(size)")
            XCTAssertEqual(Double(hello.height), m.lineHeight, "size \(size)")
            XCTAssertEqual(Double(hello.width), provider.width(of: "Hello", fontName: nil, size: size), accuracy: 1)
            XCTAssertEqual(hello.alpha.count, hello.width * hello.height)
            XCTAssertGreaterThan(ink(hello), 0)
            XCTAssertGreaterThan(hello.alpha.max() ?? 0, 128, "stems are solidly covered")

            let dash = try XCTUnwrap(provider.render("-", fontName: nil, size: size))
            XCTAssertGreaterThan(ink(hello), ink(dash))

            // "x" sits on the baseline: its lowest inked row is the row just above it.
            let x = try XCTUnwrap(provider.render("x", fontName: nil, size: size))
            XCTAssertEqual(lastInkedRow(x), Int(m.ascent) - 1, "baseline of size \(size)")
        }
    }

    func testEmptyTextRendersNothing() {
        XCTAssertNil(provider.render("", fontName: nil, size: 17))
    }

    func testUnknownFontNamesFallBackToDefault() throws {
        let fallback = try XCTUnwrap(provider.metrics(fontName: "No Such Font 123", size: 17))
        XCTAssertEqual(fallback, provider.metrics(fontName: nil, size: 17))
        XCTAssertNotNil(provider.render("Hello", fontName: "No Such Font 123", size: 17))
        XCTAssertEqual(provider.width(of: "Hello", fontName: "No Such Font 123", size: 17),
                       provider.width(of: "Hello", fontName: nil, size: 17))
    }

    func testApplyUINamesMapToDejaVu() throws {
        let regular = provider.width(of: "Hello World", fontName: nil, size: 17)
        for name in ["Helvetica", "HelveticaNeue", ".SFUI", ".SFUI-Regular", "SystemFont", "system"] {
            XCTAssertEqual(provider.width(of: "Hello World", fontName: name, size: 17), regular, name)
        }
        let bold = provider.width(of: "Hello World", fontName: "Helvetica-Bold", size: 17)
        XCTAssertGreaterThan(bold, regular, "Helvetica-Bold should map to DejaVu Sans Bold")
    }

    func testFontNameMayBeAPath() throws {
        let assets = try XCTUnwrap(DefaultFontProvider.assetsDirectory)
        let boldPath = assets.appendingPathComponent("Fonts/DejaVuSans-Bold.ttf").path
        XCTAssertEqual(provider.width(of: "Hello", fontName: boldPath, size: 17),
                       provider.width(of: "Hello", fontName: "Helvetica-Bold", size: 17))
    }

    func testConcurrentUseIsSafe() {
        let texts = ["Hello", "Lamina", "Core Animation", "-", "MMMM", "iiii"]
        let provider = self.provider
        let expected = texts.map { provider.render($0, fontName: nil, size: 15) }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let t = i % texts.count
            let size = [15.0, 11, 22][i % 3]
            let mask = provider.render(texts[t], fontName: i % 2 == 0 ? nil : "Helvetica", size: size)
            XCTAssertNotNil(mask)
            if size == 15 { XCTAssertEqual(mask, expected[t]) }
        }
    }

    func testInstallAsDefaultIsIdempotent() {
        let previous = FontProviders.current
        defer { FontProviders.current = previous }
        DefaultFontProvider.installAsDefault()
        let first = FontProviders.current
        XCTAssertNotNil(first)
        XCTAssertTrue(first is DefaultFontProvider)
        DefaultFontProvider.installAsDefault()
        XCTAssertTrue(FontProviders.current === first)
    }
}

/// Open fonts are bounded however many sizes text asks for, and text still renders after the cache
/// starts again.
final class FontCacheBoundTests: XCTestCase {
    func testManySizesKeepABoundedNumberOfFontsOpen() throws {
        let p = DefaultFontProvider()
        // Measured before the cache fills: the font at 24 px as first opened.
        let widthBefore = p.width(of: "Hg", fontName: nil, size: 24)
        let maskBefore = try XCTUnwrap(p.render("Hg", fontName: nil, size: 24))
        let widthAt9 = p.width(of: "Hg", fontName: nil, size: 9)
        XCTAssertGreaterThan(widthBefore, widthAt9, "the sizes differ, so a font reopened at the wrong size would show")
        for size in 1...200 { _ = p.width(of: "Hg", fontName: nil, size: Double(size)) }
        XCTAssertLessThanOrEqual(p.openFontCount, DefaultFontProvider.openFontLimit)
        XCTAssertGreaterThan(p.openFontCount, 0)
        let mask = try XCTUnwrap(p.render("Hg", fontName: nil, size: 24))
        XCTAssertGreaterThan(mask.alpha.reduce(0) { $0 + Int($1) }, 0, "glyphs drawn after eviction")
        // After eviction the font is opened again at the same size: the same width and glyphs.
        XCTAssertEqual(p.width(of: "Hg", fontName: nil, size: 24), widthBefore)
        XCTAssertEqual(mask, maskBefore)
        XCTAssertEqual(p.width(of: "Hg", fontName: nil, size: 9), widthAt9)
    }
}
