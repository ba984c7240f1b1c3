import XCTest
import LaminaTestSupport
import Foundation
import Compositor
@testable import QuartzCore


/// A font file that does not work (text named .ttf, a truncated font, a PNG named .otf, a path to
/// nothing) is reported once through LaminaDiagnostics, naming the file, and text set in it still
/// draws (in DejaVu Sans, as Core Animation falls back to its default face), never silently nothing.
final class FontProviderFailureTests: XCTestCase {
    var dir: URL!
    let log = MessageLog()
    var messages: [String] {
        get { log.messages }
        set { log.messages = newValue }
    }

    override func setUpWithError() throws {
        dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-badfonts-\(getpid())-\(name.hashValue & 0xFFFF)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let log = log
        LaminaDiagnostics.handler = { log.append($0) }
    }

    override func tearDownWithError() throws {
        LaminaDiagnostics.handler = nil
        try? FileManager.default.removeItem(at: dir)
    }

    private func ink(_ m: AlphaMask?) -> Int { m?.alpha.reduce(0) { $0 + Int($1) } ?? 0 }

    func testBrokenFontFilesAreReportedOnceAndTextStillDraws() throws {
        let assets = try XCTUnwrap(DefaultFontProvider.assetsDirectory)
        let real = try Data(contentsOf: assets.appendingPathComponent("Fonts/DejaVuSans.ttf"))
        let text = dir.appendingPathComponent("notes.ttf"), cut = dir.appendingPathComponent("cut.ttf")
        let fake = dir.appendingPathComponent("image.otf"), missing = dir.appendingPathComponent("missing.ttf")
        try Data("a text file, not a font\n".utf8).write(to: text)
        try real.prefix(3000).write(to: cut)
        try Data(contentsOf: assets.appendingPathComponent("Sequence/frame01.png")).write(to: fake)
        let provider = DefaultFontProvider()
        for file in [text, cut, fake, missing] {
            for size in [12.0, 12, 20] {
                let mask = provider.render("Hello", fontName: file.path, size: size)
                XCTAssertGreaterThan(ink(mask), 0, "\(file.lastPathComponent) at \(size): text still draws")
                XCTAssertGreaterThan(provider.width(of: "Hello", fontName: file.path, size: size), 0)
                XCTAssertNotNil(provider.metrics(fontName: file.path, size: size))
            }
            let about = messages.filter { $0.contains(file.path) }
            XCTAssertEqual(about.count, 1, "reported once: \(messages)")
            XCTAssertTrue(about.first?.contains("drawn in DejaVu Sans") ?? false, about.first ?? "")
        }
        XCTAssertTrue(messages.contains { $0.contains(missing.path) && $0.contains("no such file") }, "\(messages)")
        // A working font file says nothing.
        let good = dir.appendingPathComponent("good.ttf")
        try real.write(to: good)
        messages.removeAll()
        XCTAssertGreaterThan(ink(provider.render("Hello", fontName: good.path, size: 12)), 0)
        XCTAssertEqual(messages, [])
    }
}
