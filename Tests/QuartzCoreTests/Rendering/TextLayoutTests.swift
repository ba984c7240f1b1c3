import XCTest
import Synchronization
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// A monospaced test font: every character is half the font size wide, lines are 1.25 sizes apart,
/// and a rendered line is a solid mask of its width (rounded) by the size. Widths are therefore
/// known by hand: at 10 px, "abc" is 15 px.
final class MonospacedTestFont: FontProvider {
    private let metricsOff = Atomic<Bool>(false)
    /// When true, the font has no metrics.
    var noMetrics: Bool {
        get { metricsOff.load(ordering: .relaxed) }
        set { metricsOff.store(newValue, ordering: .relaxed) }
    }
    func metrics(fontName: String?, size: Double) -> FontMetrics? {
        noMetrics ? nil : FontMetrics(ascent: 0.8 * size, descent: 0.2 * size, lineHeight: 1.25 * size)
    }
    func width(of text: String, fontName: String?, size: Double) -> Double { Double(text.count) * size / 2 }
    func render(_ text: String, fontName: String?, size: Double) -> AlphaMask? {
        let w = Int(width(of: text, fontName: fontName, size: size).rounded()), h = Int(size.rounded())
        return AlphaMask(width: w, height: h, alpha: [UInt8](repeating: 255, count: w * h))
    }
}

/// The monospaced test font, counting the layouts asked of it (each layout asks for the metrics
/// once) and the widths measured.
final class CountingTestFont: FontProvider {
    private let font = MonospacedTestFont()
    private let metricsCount = Atomic<Int>(0), widthCount = Atomic<Int>(0)
    var metricsCalls: Int { metricsCount.load(ordering: .relaxed) }
    var widthCalls: Int { widthCount.load(ordering: .relaxed) }
    func metrics(fontName: String?, size: Double) -> FontMetrics? { metricsCount.add(1, ordering: .relaxed); return font.metrics(fontName: fontName, size: size) }
    func width(of text: String, fontName: String?, size: Double) -> Double { widthCount.add(1, ordering: .relaxed); return font.width(of: text, fontName: fontName, size: size) }
    func render(_ text: String, fontName: String?, size: Double) -> AlphaMask? { font.render(text, fontName: fontName, size: size) }
}

/// CATextLayer's layout (wrapping, truncation, alignment, line stacking) with the monospaced test
/// font, and the glyph contents a text layer gives the render tree.
final class TextLayoutTests: LaminaTestCase {
    private let font = MonospacedTestFont()

    private func layout(size: Double = 10, scale: Double = 1) -> TextLayout {
        TextLayout(provider: font, fontName: nil, pointSize: size, scale: scale)
    }

    func testWidthsAndFontSizes() {
        XCTAssertEqual(layout().width("abc"), 15)
        XCTAssertEqual(layout(scale: 2).width("abc"), 15, "points, whatever the scale")
        XCTAssertEqual(layout(scale: 2).pixelSize, 20)
        XCTAssertEqual(layout(size: .nan).pixelSize, 36, "Apple's default size for a size that is not a number")
        XCTAssertEqual(layout(size: 5000).pixelSize, 2000)
        XCTAssertEqual(layout(size: 0.25).pixelSize, 1)
    }

    func testGreedyWordWrap() {
        let l = layout()
        // Each character is 5 points: 25 points hold five.
        XCTAssertEqual(l.wrap("aa bb cc", width: 25), ["aa bb", "cc"])
        XCTAssertEqual(l.wrap("aa bb cc", width: 40), ["aa bb cc"])
        XCTAssertEqual(l.wrap("aa bb cc", width: 39), ["aa bb", "cc"])
        XCTAssertEqual(l.wrap("a bcdefghij k", width: 20), ["a", "bcde", "fghi", "j k"], "a word longer than a line is broken")
        XCTAssertEqual(l.wrap("", width: 20), [""])
    }

    func testTruncationKeepsTheMostThatFits() {
        let l = layout()
        // 25 points: five characters, the ellipsis among them.
        XCTAssertEqual(l.truncate("abcdefghij", width: 25, mode: .end), "abcd\u{2026}")
        XCTAssertEqual(l.truncate("abcdefghij", width: 25, mode: .start), "\u{2026}ghij")
        XCTAssertEqual(l.truncate("abcdefghij", width: 25, mode: .middle), "ab\u{2026}ij")
        XCTAssertEqual(l.truncate("abcdefghij", width: 30, mode: .middle), "abc\u{2026}ij")
        XCTAssertEqual(l.truncate("abcdefghij", width: 4, mode: .end), "\u{2026}", "nothing fits: the ellipsis alone")
    }

    func testLinesStackFromTheTopAndAlign() {
        let l = layout()
        let bounds = CGRect(x: 10, y: 20, width: 50, height: 100)
        // Two paragraphs and an empty one between them: lines 12.5 points apart.
        let left = l.lines("ab\n\ncd", bounds: bounds, wrapped: false, truncation: .none, alignment: .left)
        XCTAssertEqual(left.map(\.origin), [CGPoint(x: 10, y: 20), CGPoint(x: 10, y: 45)])
        XCTAssertEqual(left.map(\.mask.width), [10, 10])
        let right = l.lines("ab", bounds: bounds, wrapped: false, truncation: .none, alignment: .right)
        XCTAssertEqual(right.map(\.origin), [CGPoint(x: 50, y: 20)])
        let center = l.lines("abc", bounds: bounds, wrapped: false, truncation: .none, alignment: .center)
        XCTAssertEqual(center.map(\.origin), [CGPoint(x: 27.5, y: 20)])
        // Too wide: kept whole without truncation, cut with it, wrapped when wrapping.
        let long = "abcdefghijkl"
        XCTAssertEqual(l.lines(long, bounds: bounds, wrapped: false, truncation: .none, alignment: .left).map(\.mask.width), [60])
        XCTAssertEqual(l.lines(long, bounds: bounds, wrapped: false, truncation: .end, alignment: .left).map(\.mask.width), [50])
        let wrapped = l.lines(long, bounds: bounds, wrapped: true, truncation: .end, alignment: .left)
        XCTAssertEqual(wrapped.map(\.mask.width), [50, 10])
        XCTAssertEqual(wrapped.map(\.origin.y), [20, 32.5])
        // At scale 2 masks are in pixels and origins in points.
        let sharp = layout(scale: 2).lines("ab", bounds: bounds, wrapped: false, truncation: .none, alignment: .right)
        XCTAssertEqual(sharp.first?.mask.width, 20)
        XCTAssertEqual(sharp.first?.origin, CGPoint(x: 50, y: 20))
        font.noMetrics = true
        XCTAssertTrue(l.lines("ab", bounds: bounds, wrapped: false, truncation: .none, alignment: .left).isEmpty)
        font.noMetrics = false
    }

    // MARK: Through the render tree

    /// The provider installed before the test (a host's), put back after it.
    private var previousProvider: FontProvider?

    override func setUp() {
        super.setUp()
        previousProvider = FontProviders.current
    }

    override func tearDown() {
        FontProviders.current = previousProvider
        super.tearDown()
    }

    private func glyphs(_ t: CATextLayer, deviceScale: Double = 1) -> [RenderGlyphs] {
        CATransaction.flush()
        let b = RenderTreeBuilder()
        b.deviceScale = deviceScale
        return b.build(PresentationSnapshot(root: t, time: CACurrentMediaTime() + 60)).nodes[0].contents.compactMap {
            if case .glyphs(let g) = $0 { return g }
            return nil
        }
    }

    private func textLayer() -> CATextLayer {
        let t = CATextLayer()
        t.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        t.fontSize = 10
        t.foregroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        t.alignmentMode = .center
        return t
    }

    func testTextLayerGivesOneGlyphRunPerLine() {
        FontProviders.current = font
        let t = textLayer()
        t.string = "ab\ncdef"
        let g = glyphs(t)
        XCTAssertEqual(g.map(\.origin), [CGPoint(x: 45, y: 0), CGPoint(x: 40, y: 12.5)])
        XCTAssertEqual(g.map(\.color), [0xFFFF_0000, 0xFFFF_0000])
        XCTAssertEqual(g.map(\.scale), [1, 1])
        // On a 2x target the text is rasterised at 2 pixels per point.
        let sharp = glyphs(t, deviceScale: 2)
        XCTAssertEqual(sharp.map(\.scale), [0.5, 0.5])
        XCTAssertEqual(sharp.map(\.mask.width), [20, 40])
        XCTAssertEqual(sharp.map(\.origin), [CGPoint(x: 45, y: 0), CGPoint(x: 40, y: 12.5)])
        t.contentsScale = 3
        XCTAssertEqual(glyphs(t, deviceScale: 2).map(\.scale), [1.0 / 3, 1.0 / 3], "the finer of contentsScale and the target's")
        t.string = NSAttributedString(string: "xyz")
        XCTAssertEqual(glyphs(t).map(\.mask.width), [45], "an attributed string's characters, at contentsScale 3")
        t.string = ""
        XCTAssertTrue(glyphs(t).isEmpty)
        t.string = 42
        XCTAssertTrue(glyphs(t).isEmpty, "not text")
        t.string = "ab"
        t.foregroundColor = CGColor(gray: 0, alpha: 0)
        XCTAssertTrue(glyphs(t).isEmpty, "transparent text")
    }

    func testDeviceScaleMustBePositiveAndFinite() {
        let b = RenderTreeBuilder()
        XCTAssertEqual(b.deviceScale, 1)
        b.deviceScale = 2.5
        XCTAssertEqual(b.deviceScale, 2.5)
        for bad in [0, -2, Double.nan, .infinity] {
            b.deviceScale = bad
            XCTAssertEqual(b.deviceScale, 1, "\(bad)")
        }
    }

    /// With no provider installed, text is drawn with the default fonts that ship with the
    /// QuartzCore product (this test target links only QuartzCore), with no diagnostic.
    func testWithoutAnInstalledProviderTextIsDrawnWithTheDefaultFonts() {
        FontProviders.current = nil
        let t = textLayer()
        t.string = "ab"
        CATransaction.flush()
        let b = RenderTreeBuilder()
        let contents = b.build(PresentationSnapshot(root: t, time: CACurrentMediaTime())).nodes[0].contents
        XCTAssertFalse(contents.isEmpty, "glyphs drawn with DefaultFontProvider.shared")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// A text layer whose opacity, position or colour changes is not laid out again: a builder
    /// keeps each layout while frames use it. What the layout depends on (string, size, bounds,
    /// alignment, wrapping, the provider) lays it out anew; a frame without the layer lets it go.
    func testLayoutsAreKeptWhileOnlyOpacityPositionOrColourChange() {
        let font = CountingTestFont()
        FontProviders.current = font
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let t = textLayer()
        t.string = "aa bb cc dd"
        t.isWrapped = true
        root.addSublayer(t)
        let builder = RenderTreeBuilder()
        var now = CACurrentMediaTime() + 60
        func frame() -> [RenderGlyphs] {
            CATransaction.flush()
            now += 1.0 / 60
            let tree = builder.build(PresentationSnapshot(root: root, time: now))
            guard tree.nodes.count > 1 else { return [] }
            return tree.nodes[1].contents.compactMap { if case .glyphs(let g) = $0 { return g } else { return nil } }
        }
        let first = frame()
        XCTAssertEqual(first.map(\.origin), [CGPoint(x: 22.5, y: 0)], "55 points of text centred in 100")
        XCTAssertEqual(font.metricsCalls, 1)
        let widths = font.widthCalls
        XCTAssertGreaterThan(widths, 0)
        // Opacity, position and colour: the same lines, no measuring.
        t.opacity = 0.5
        t.position = CGPoint(x: 80, y: 30)
        t.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let moved = frame()
        XCTAssertEqual(font.metricsCalls, 1)
        XCTAssertEqual(font.widthCalls, widths)
        XCTAssertEqual(moved.map(\.origin), first.map(\.origin))
        XCTAssertEqual(moved.map(\.color), [0xFF00_00FF], "the colour is applied to the kept lines")
        // What the layout depends on: laid out again, with the new result.
        t.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        XCTAssertEqual(frame().map(\.origin), [CGPoint(x: 2.5, y: 0), CGPoint(x: 2.5, y: 12.5)], "wrapped into 30 points: two lines of 25")
        XCTAssertEqual(font.metricsCalls, 2)
        t.string = "aa"
        XCTAssertEqual(frame().map(\.origin), [CGPoint(x: 10, y: 0)])
        t.alignmentMode = .left
        XCTAssertEqual(frame().map(\.origin), [CGPoint(x: 0, y: 0)])
        t.fontSize = 20
        XCTAssertEqual(frame().map(\.mask.width), [20])
        XCTAssertEqual(font.metricsCalls, 5)
        _ = frame()
        XCTAssertEqual(font.metricsCalls, 5, "unchanged again: kept")
        // Another provider lays it out with its own metrics.
        let other = CountingTestFont()
        FontProviders.current = other
        _ = frame()
        XCTAssertEqual(other.metricsCalls, 1)
        FontProviders.current = font
        // A frame without the layer lets its layout go.
        t.isHidden = true
        XCTAssertTrue(frame().isEmpty)
        t.isHidden = false
        XCTAssertEqual(frame().map(\.mask.width), [20])
        XCTAssertEqual(font.metricsCalls, 6, "laid out anew after a frame without it")
    }
}
