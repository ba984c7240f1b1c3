import XCTest
import Foundation
@testable import QuartzCore
@testable import Lottie

/// Registered font files (`LottieFonts`, `LAMINA_FONTS`) draw the font text whose `fonts.list`
/// entry names them: here a copy of DejaVu Sans Mono in a folder of its own (the file's names,
/// read with fontTools, not through Lamina: PostScript "DejaVuSansMono", family "DejaVu Sans
/// Mono", style "Book"; 2048 units per em, every advance 1233 units).
final class LottieFontsTests: LottieTestCase {
    private var folder: URL!

    override func setUp() {
        super.setUp()
        LottieFonts.removeAll()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-fonts-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Fonts/DejaVuSansMono.ttf")
        try? FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("Mono.ttf"))
        try? Data("not a font".utf8).write(to: folder.appendingPathComponent("broken.otf"))
    }

    override func tearDown() {
        unsetenv("LAMINA_FONTS")
        LottieFonts.removeAll()
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// "IIII" in the font `name` (family `family`, style `style`) at size 20.48 (0.01 per unit) from x = 10.
    private func text(name: String, family: String, style: String) throws -> LottieAnimation {
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":100,\"h\":40,\"fonts\":{\"list\":[{\"fName\":\"\(name)\",\"fFamily\":\"\(family)\",\"fStyle\":\"\(style)\"}]}," +
            "\"layers\":[{\"ty\":5,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[10,30]}},\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":{\"t\":\"IIII\",\"f\":\"\(name)\",\"s\":20.48,\"j\":0,\"tr\":0,\"lh\":24,\"fc\":[0,0,0]}}]}}}]}"
        return try LottieAnimation.from(data: Data(json.utf8))
    }

    /// A folder's fonts are registered (a file that is not a font skipped) and found by PostScript
    /// name, by family and style, and by a family with one face; the text is drawn from the
    /// registered file, with no diagnostic; an unknown font still falls back, said.
    func testRegisteredFontDrawsItsText() throws {
        XCTAssertEqual(try LottieFonts.register(folderAt: folder), 1)
        let path = folder.appendingPathComponent("Mono.ttf").path
        XCTAssertEqual(LottieFonts.face(family: "", style: "", name: "DejaVuSansMono")?.file, path)
        XCTAssertEqual(LottieFonts.face(family: "dejavu sans mono", style: "BOOK", name: "Other")?.file, path)
        XCTAssertEqual(LottieFonts.face(family: "DejaVu Sans Mono", style: "Oblique", name: "Other")?.file, path, "the family's only face")
        XCTAssertNil(LottieFonts.face(family: "Arial", style: "Regular", name: "ArialMT"))

        let a = try text(name: "DejaVuSansMono", family: "DejaVu Sans Mono", style: "Book")
        XCTAssertEqual(a.diagnostics, [])
        guard case .text(let model) = a.layers[0].content else { return XCTFail("not a text layer") }
        XCTAssertEqual(BundledOutlines.source(for: model.keyframes[0].document, fonts: a.textFonts), .registered(file: path, index: 0))
        // Every advance 1233 units = 12.33 px: the four I's ink centres 12.33 apart, the first near 10 + 6.17.
        let img = frame(a, 0)
        XCTAssertNotNil(img.opaqueExtent(), "nothing drawn")
        let columns = (0..<100).filter { x in (5..<35).contains { img.alpha(x, $0) == 255 } }
        let runs = columns.reduce(into: [[Int]]()) { r, x in if let last = r.last?.last, last == x - 1 { r[r.count - 1].append(x) } else { r.append([x]) } }
        XCTAssertEqual(runs.count, 4, "\(runs)")
        let centres = runs.map { Double($0.first! + $0.last!) / 2 + 0.5 }
        for k in 1..<centres.count { XCTAssertClose(centres[k] - centres[k - 1], 12.33, 1, "\(centres)") }
        XCTAssertClose(centres[0], 10 + 6.17, 1)

        let unknown = try text(name: "ArialMT", family: "Arial", style: "Regular")
        XCTAssertEqual(unknown.diagnostics.map(\.path), ["fonts.list[0]"])
        XCTAssertTrue(unknown.diagnostics[0].message.contains("nor registered"), unknown.diagnostics[0].message)
    }

    /// Unregistered, the same document is drawn in the closest bundled font and says so.
    func testWithoutRegistrationTheBundledFontIsUsed() throws {
        let a = try text(name: "DejaVuSansMono", family: "DejaVu Sans Mono", style: "Book")
        XCTAssertEqual(a.diagnostics.map(\.path), ["fonts.list[0]"])
        guard case .text(let model) = a.layers[0].content else { return XCTFail("not a text layer") }
        XCTAssertEqual(BundledOutlines.source(for: model.keyframes[0].document, fonts: a.textFonts), .bundled("DejaVuSansMono.ttf"))
    }

    /// `LAMINA_FONTS` lists folders and files, read on the first look-up.
    func testEnvironmentListsFonts() throws {
        setenv("LAMINA_FONTS", "/nonexistent-lamina-fonts:" + folder.path, 1)
        LottieFonts.removeAll()
        XCTAssertEqual(LottieFonts.face(family: "", style: "", name: "DejaVuSansMono")?.file, folder.appendingPathComponent("Mono.ttf").path)
        XCTAssertTrue(laminaMessages.contains { $0.contains("LAMINA_FONTS: no file or folder /nonexistent-lamina-fonts") }, "\(laminaMessages)")
    }

    /// A file FreeType cannot read is a located error naming it.
    func testBrokenFontIsALocatedError() {
        let broken = folder.appendingPathComponent("broken.otf")
        XCTAssertThrowsError(try LottieFonts.register(fileAt: broken)) { e in
            XCTAssertEqual((e as? LottieLoadError)?.file, broken.path)
        }
    }
}
