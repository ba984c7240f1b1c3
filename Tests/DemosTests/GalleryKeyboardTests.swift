import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The gallery from the keyboard (issue 12): arrows select a tile (three columns at 960x640, so
/// Down moves by three), Return opens it, the window title follows, Q asks to quit.
final class GalleryKeyboardTests: XCTestCase {
    func testArrowsReturnTitleAndQuit() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let shell = DemoShell(size: CGSize(width: 960, height: 640))
        var titles: [String] = [], quits = 0
        shell.onTitleChange = { titles.append($0) }
        shell.onQuit = { quits += 1 }
        XCTAssertEqual(shell.title, "Lamina \u{2014} demos")
        XCTAssertNil(shell.selectedTile)
        shell.handle(.key("Right"))
        XCTAssertEqual(shell.selectedTile, 0, "the first arrow selects the first tile")
        shell.handle(.key("Left"))
        XCTAssertEqual(shell.selectedTile, 0, "nothing left of the first")
        shell.handle(.key("Right"))
        shell.handle(.key("Down"))
        XCTAssertEqual(shell.selectedTile, 4, "tile 1, one row of three down")
        XCTAssertEqual(shell.tiles[4].borderWidth, 2, "outlined")
        XCTAssertEqual(shell.tiles[1].borderWidth, 0)
        XCTAssertNil(shell.current)
        shell.handle(.key("Return"))
        let fifth = DemoCatalog.all[4]
        XCTAssertTrue(shell.current.map { type(of: $0) == fifth } ?? false)
        XCTAssertEqual(titles.last, "Lamina \u{2014} " + fifth.title)
        shell.handle(.key("Escape"))
        XCTAssertNil(shell.current)
        XCTAssertEqual(titles.last, "Lamina \u{2014} demos")
        shell.handle(.key("Q"))
        XCTAssertEqual(quits, 1)
    }
}

/// A demo's caption that says its state follows it (issue 12: hit-test's caption kept "(off)").
final class DemoCaptionTests: XCTestCase {
    func testHitTestCaptionFollowsT() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let shell = DemoShell(size: CGSize(width: 960, height: 640), open: "hit-test")
        XCTAssertTrue(shell.caption.hasSuffix("(off)."), shell.caption)
        shell.handle(.key("T"))
        XCTAssertTrue(shell.caption.hasSuffix("(on)."), shell.caption)
        shell.handle(.key("T"))
        XCTAssertTrue(shell.caption.hasSuffix("(off)."), shell.caption)
    }
}
