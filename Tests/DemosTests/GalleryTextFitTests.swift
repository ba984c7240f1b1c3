import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The gallery's tile titles and every demo's caption fit at the default 960x640 (issue 12: 11 of
/// 18 titles and two captions ended in "…"). Widths are measured with the default font provider
/// (the fonts the text layers draw with) and wrapped greedily at spaces here.
final class GalleryTextFitTests: XCTestCase {
    let provider = DefaultFontProvider.shared

    /// The lines `text` wraps to in `width` at `size` (greedy, at spaces).
    func wrap(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if provider.width(of: candidate, fontName: nil, size: size) <= width || current.isEmpty { current = candidate } else { lines.append(current); current = word }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    func testTitlesAndCaptionsFitAt960x640() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let shell = DemoShell(size: CGSize(width: 960, height: 640))
        let lineHeight = try XCTUnwrap(provider.metrics(fontName: nil, size: 15)).lineHeight
        for tile in shell.tiles {
            let title = try XCTUnwrap(tile.sublayers?.first as? CATextLayer)
            let text = try XCTUnwrap(title.string as? String)
            let lines = wrap(text, width: Double(title.bounds.width), size: Double(title.fontSize))
            XCTAssertTrue(title.isWrapped || lines.count == 1, "\(text): \(lines) in \(title.bounds.width)")
            XCTAssertLessThanOrEqual(Double(lines.count) * lineHeight, Double(title.bounds.height), "\(text): \(lines)")
            for l in lines { XCTAssertLessThanOrEqual(provider.width(of: l, fontName: nil, size: 15), Double(title.bounds.width), l) }
            XCTAssertLessThanOrEqual(tile.frame.maxY, shell.contentSize.height, "\(text): the tile is on screen")
        }
        for type in DemoCatalog.all {
            let demo = type.init(size: shell.contentSize)
            // The caption line is 960 - 24 wide at 14 points.
            XCTAssertLessThanOrEqual(provider.width(of: demo.caption, fontName: nil, size: 14), 936, "\(type.name): \(demo.caption)")
        }
    }
}
