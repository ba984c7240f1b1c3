import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost

extension GoldenTests {
    /// Writes one PNG with every golden (or those LAMINA_GOLDEN_ONLY selects) to look at after a change:
    ///
    ///     LAMINA_GOLDEN_CONTACT_SHEET=/tmp/sheet.png swift test --filter GoldenTests/testContactSheet
    ///
    /// Goldens with a `.out.png` beside them (a failed comparison) come first, as golden | actual | diff.
    /// Skipped when the variable is not set.
    func testContactSheet() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["LAMINA_GOLDEN_CONTACT_SHEET"], !path.isEmpty else {
            throw XCTSkip("set LAMINA_GOLDEN_CONTACT_SHEET=/path/sheet.png to write a contact sheet of the goldens (Tests/RenderTests/Goldens/README.md)")
        }
        let run = GoldenRun.fromEnvironment(directory: GoldenTests.goldenDir, env)
        let names = run.selected(GoldenTests.allCases).map(\.name)
        XCTAssertFalse(names.isEmpty, "LAMINA_GOLDEN_ONLY=\"\(run.only ?? "")\" matches no golden case")
        let entries = try GoldenContactSheet.entries(in: GoldenTests.goldenDir, names: names)
        XCTAssertEqual(entries.count, names.count, "a golden for every case")
        let failing = entries.filter { $0.actual != nil }.count
        let title = "\(entries.count) goldens in Tests/RenderTests/Goldens" + (failing > 0 ? "; \(failing) with a .out.png first: golden | actual | diff (red: beyond tolerance)" : "; none with a .out.png")
        let sheet = GoldenContactSheet().render(entries, title: title)
        let url = URL(fileURLWithPath: path)
        try PNGCodec.write(sheet, to: url)
        print("contact sheet: \(url.path) (\(sheet.width)x\(sheet.height) px, \(entries.count) goldens, \(failing) with .out.png)")
    }
}

/// The contact sheet's layout and drawing, on small goldens written to a temporary folder.
final class GoldenContactSheetTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        DefaultFontProvider.installAsDefault()
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-sheet-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    static let red: UInt32 = 0xFFE0_3030, yellow: UInt32 = 0xFFF0_C030, blue: UInt32 = 0xFF30_60E0, green: UInt32 = 0xFF30_B040

    func write(_ name: String, _ colour: (Int) -> UInt32) throws {
        let px = (0..<48).map { colour($0 % 8) }            // 8x6, by column
        try PNGCodec.write(CGImage(width: 8, height: 6, premultipliedARGB: px), to: dir.appendingPathComponent(name))
    }

    func testTheSheetShowsEveryGoldenScaledWithTheNearestFilterAndAFailureSideBySide() throws {
        try write("a.png") { $0 < 4 ? Self.red : Self.yellow }
        try write("b.png") { _ in Self.blue }
        try write("b.out.png") { _ in Self.green }
        let entries = try GoldenContactSheet.entries(in: dir, names: ["a", "b", "missing"])
        XCTAssertEqual(entries.map(\.name), ["b", "a"], "the failing golden first; no entry without a golden")
        XCTAssertNotNil(entries[0].diff, "a diff made when there is no .diff.png")
        var sheet = GoldenContactSheet()
        sheet.cell = CGSize(width: 40, height: 30); sheet.labelHeight = 14; sheet.gap = 4; sheet.headerHeight = 20; sheet.columns = 3
        let image = sheet.render(entries, title: "test")
        // Worked out by hand: width 4 + 3 × (40 + 4) = 136; b fills row 0 (three cells), a wraps to
        // row 1; height 20 + 4 + 2 × (30 + 14 + 4) = 120. Cells start at x = 4, 48, 92 and
        // y = 24 (row 0), 72 (row 1); an 8x6 picture is scaled by 5 to fill a 40x30 cell.
        XCTAssertEqual(image.width, 136); XCTAssertEqual(image.height, 120)
        XCTAssertEqual(image.pixel(x: 24, y: 39), Self.blue, "b's golden")
        XCTAssertEqual(image.pixel(x: 4, y: 24), Self.blue, "its top-left texel is not covered by the outline")
        XCTAssertEqual(image.pixel(x: 43, y: 53), Self.blue, "nor its bottom-right one")
        XCTAssertEqual(image.pixel(x: 68, y: 39), Self.green, "b's actual image beside it")
        XCTAssertEqual(image.pixel(x: 112, y: 39), 0xFFFF_0000, "then the diff: red where beyond the tolerance")
        XCTAssertEqual(image.pixel(x: 24, y: 87), Self.yellow, "a on the next row")
        // Nearest filter: texel 3 (red) covers x 4+15 ..< 4+20, texel 4 (yellow) starts at 4+20; a
        // linear filter would blend across that edge.
        XCTAssertEqual(image.pixel(x: 23, y: 87), Self.red)
        XCTAssertEqual(image.pixel(x: 24, y: 80), Self.yellow)
        XCTAssertEqual(image.pixel(x: 19, y: 87), Self.red)
        // The name strips (y 56..<68 and 104..<116) hold dark text pixels.
        func dark(_ x0: Int, _ y0: Int) -> Int {
            var n = 0
            for y in y0..<(y0 + 12) { for x in x0..<(x0 + 40) where (image.pixel(x: x, y: y) >> 8) & 255 < 100 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(dark(4, 56), 3, "b's name")
        XCTAssertGreaterThan(dark(4, 104), 3, "a's name")
    }
}
