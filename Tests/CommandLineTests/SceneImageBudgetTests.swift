import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import SDLHost
@testable import Scenes
@testable import lamina

/// Images in a scene by identity, within a budget: one file reached by its path, a hard link and a
/// symbolic link is decoded once and counted once; a scene whose decoded images would pass
/// `Scene.imageBudget` stops at the image that passes it, with a located error naming it and the
/// sizes (checked from the header before decoding when the header gives the size); the default is
/// the documented 1 GiB, and `--image-budget` changes it.
final class SceneImageBudgetTests: XCTestCase {
    var dir: URL!
    var savedLoader: ((URL) -> CGImage?)?
    var savedAssets: URL?
    var savedBudget = 0
    /// The files the loader decoded, in order.
    var decoded: [String] = []

    override func setUpWithError() throws {
        CAMediaClock.manualTime = 0
        dir = try RecordingHarness.folder("image-budget-\(name.hashValue & 0xFFFF)")
        savedLoader = Scene.imageLoader
        savedAssets = Scene.assetsDirectory
        savedBudget = Scene.imageBudget
        Scene.assetsDirectory = nil
        Scene.imageLoader = { [unowned self] url in decoded.append(url.lastPathComponent); return try? PNGCodec.read(contentsOf: url) }
    }

    override func tearDownWithError() throws {
        Scene.imageLoader = savedLoader
        Scene.assetsDirectory = savedAssets
        Scene.imageBudget = savedBudget
        CAMediaClock.manualTime = nil
        try? FileManager.default.removeItem(at: dir)
    }

    /// pic.png (6x4: 96 bytes decoded), its hard link hard.png and its symbolic link soft.png,
    /// and other.png (2x2: 16 bytes).
    func writeImages() throws {
        try PNGCodec.write(CGImage(width: 6, height: 4, premultipliedARGB: Array(repeating: 0xFF20_4060, count: 24)), to: dir.appendingPathComponent("pic.png"))
        try FileManager.default.linkItem(at: dir.appendingPathComponent("pic.png"), to: dir.appendingPathComponent("hard.png"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("soft.png"), withDestinationURL: dir.appendingPathComponent("pic.png"))
        try PNGCodec.write(CGImage(width: 2, height: 2, premultipliedARGB: Array(repeating: 0xFFFF_FFFF, count: 4)), to: dir.appendingPathComponent("other.png"))
    }

    /// A scene file in the test's folder whose layers show `images`, one layer each (named l0, l1...).
    func scene(_ images: [String]) throws -> URL {
        let file = dir.appendingPathComponent("scene.yaml")
        let layers = images.enumerated().map { "  - {name: l\($0.offset), frame: [0, 0, 10, 10], contents: \($0.element)}" }
        try ("layers:\n" + layers.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The folder, symbolic links resolved, as the scene's errors name the files in it.
    var realDir: String { URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path }

    /// The path, a hard link and a symbolic link to one PNG: one decode, one CGImage shared by the
    /// three layers, its bytes counted once (96 + 16 = 112 with the other image).
    func testAPathAHardLinkAndASymlinkDecodeOnce() throws {
        try writeImages()
        for order in [["pic.png", "hard.png", "soft.png", "other.png"], ["hard.png", "other.png", "soft.png", "pic.png"]] {
            decoded = []
            let s = try Scene.load(contentsOf: try scene(order))
            XCTAssertEqual(decoded.count, 2, "one decode for the three names of one file, one for the other: \(decoded)")
            let images = (0..<4).map { s.layers["l\($0)"]?.contents as? CGImage }
            let pic = order.indices.filter { order[$0] != "other.png" }.map { images[$0] }
            XCTAssertTrue(pic[0] != nil && pic[0] === pic[1] && pic[1] === pic[2], "one image for the path and both links (\(order))")
            XCTAssertEqual(pic[0]?.width, 6)
            XCTAssertEqual(s.decodedImageBytes, 112, "6x4x4 + 2x2x4, the shared file counted once")
        }
    }

    /// A budget of 111 bytes refuses other.png (16 bytes over the 96 of pic.png, its links not
    /// counted again) at its `contents` value, naming it and the sizes, before decoding it; 112
    /// bytes, exactly what the images take, loads.
    func testTheBudgetRefusesWithALocatedErrorNamingTheImage() throws {
        try writeImages()
        let file = try scene(["pic.png", "hard.png", "soft.png", "other.png"])
        Scene.imageBudget = 111
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            // Line 5 is the fourth layer's; "  - {name: l3, frame: [0, 0, 10, 10], contents: " is 48 characters.
            XCTAssertEqual(e as? SceneError, SceneError(file: file.path, line: 5, column: 49, message:
                "the image \"other.png\" (\(realDir)/other.png) needs 16 bytes decoded (the size its header gives), but 1 image already takes 96 bytes "
                + "of the scene's decoded-image budget of 111 bytes; raise it with --image-budget (Scene.imageBudget) or use smaller images"))
        }
        XCTAssertEqual(decoded, ["pic.png"], "other.png refused from its header, never decoded")
        Scene.imageBudget = 112
        decoded = []
        XCTAssertEqual(try Scene.load(contentsOf: file).decodedImageBytes, 112)
        XCTAssertEqual(decoded.count, 2)
    }

    /// A file whose header gives no size (here not an image format the header reader knows, decoded
    /// by the scene's own loader) is decoded, then counted and refused; the refusal's message names
    /// a path holding a control character escaped, never raw.
    func testAnImageWithoutASizeInItsHeaderIsRefusedOnceDecodedAndItsNameEscaped() throws {
        let name = "bell\u{7}.raw"
        try Data("ten by ten".utf8).write(to: dir.appendingPathComponent(name))
        Scene.imageLoader = { [unowned self] url in
            decoded.append(url.lastPathComponent)
            return CGImage(width: 10, height: 10, premultipliedARGB: Array(repeating: 0xFF00_00FF, count: 100))
        }
        let file = dir.appendingPathComponent("scene.yaml")
        try "layers:\n  - {name: a, frame: [0, 0, 10, 10], contents: \"bell\\a.raw\"}\n".write(to: file, atomically: true, encoding: .utf8)
        Scene.imageBudget = 399
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            let error = e as? SceneError
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.column, 48)
            XCTAssertEqual(error?.message, "the image \"\(name)\" (\(realDir)/\(name)) needs 400 bytes decoded, which is more than the scene's decoded-image budget "
                           + "of 399 bytes; raise it with --image-budget (Scene.imageBudget) or use smaller images")
            let text = "\(e)"
            XCTAssertTrue(text.contains("bell\\u{7}.raw") && !text.contains("\u{7}"), text)
        }
        XCTAssertEqual(decoded, [name])
        Scene.imageBudget = 400
        XCTAssertEqual(try Scene.load(contentsOf: file).decodedImageBytes, 400)
    }

    /// The default is 1 GiB (1,073,741,824 bytes) in the library, in `lamina` without the flag,
    /// and in the Scenes documentation's "Scene files" article; the flag's sizes are read in binary units.
    func testTheDefaultBudgetIsTheDocumentedOneAndTheFlagChangesIt() throws {
        XCTAssertEqual(Scene.Limits.defaultImageBudget, 1_073_741_824)
        XCTAssertEqual(savedBudget, 1_073_741_824, "Scene.imageBudget before any test changed it")
        XCTAssertEqual(SceneImageCache().budget, savedBudget, "a load takes Scene.imageBudget")
        XCTAssertEqual(try ImageBudgetOption.parse([]).bytes(), 1_073_741_824)
        for (given, bytes) in [("64M", 67_108_864), ("1.5G", 1_610_612_736), ("2048", 2_147_483_648), ("512k", 524_288), ("3GiB", 3_221_225_472)] {
            XCTAssertEqual(try ImageBudgetOption.parse(["--image-budget", given]).bytes(), bytes, given)
        }
        for bad in ["0", "-1", "abc", "1e3", "M", "2000000G", "nan", "inf"] {
            XCTAssertThrowsError(try ImageBudgetOption.parse(["--image-budget", bad]), bad)
        }
        let article = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Scenes/Scenes.docc/SceneFiles.md"), encoding: .utf8)
        let text = article.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(text.contains("decoded-image budget") && text.contains("1 GiB by default") && text.contains("--image-budget"),
                      "Sources/Scenes/Scenes.docc/SceneFiles.md documents the budget, its default and the flag")
    }

    /// `lamina` as a user runs it: eval, render, record and bench soak refuse a scene past
    /// `--image-budget` with the located error (exit status 65), load it within; a size that is
    /// not one is refused naming the option.
    func testTheCommandsTakeTheBudgetFlag() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        // Two distinct 32x32 images: 4 KiB each decoded.
        for (name, argb) in [("a.png", UInt32(0xFF20_4060)), ("b.png", 0xFF60_4020)] {
            try PNGCodec.write(CGImage(width: 32, height: 32, premultipliedARGB: Array(repeating: argb, count: 1024)), to: dir.appendingPathComponent(name))
        }
        let file = try scene(["a.png", "b.png"]).path
        let refusal = "\(file):3:49: the image \"b.png\" (\(realDir)/b.png) needs 4 KiB decoded (the size its header gives), but 1 image already takes 4 KiB "
            + "of the scene's decoded-image budget of 6 KiB; raise it with --image-budget (Scene.imageBudget) or use smaller images\n"
        let out = dir.appendingPathComponent("out").path
        for args in [["eval", file], ["render", file, "-o", out + ".png"], ["record", file, "-o", out, "--duration", "0.1", "--fps", "10"],
                     ["bench", "soak", file, "--frames", "10", "--warmup", "1"]] {
            let refused = try LaminaCommand.run(args + ["--image-budget", "6K"])
            XCTAssertEqual(refused.status, 65, args.joined(separator: " "))
            XCTAssertEqual(refused.err, refusal, args.joined(separator: " "))
        }
        let within = try LaminaCommand.run(["eval", file, "--image-budget", "8K"])
        XCTAssertEqual(within.status, 0, within.err)
        let bad = try LaminaCommand.run(["eval", file, "--image-budget", "0"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.err.contains("--image-budget 0: give a size such as 512M"), bad.err)
    }

    /// The header reader gives the size of a PNG, a JPEG (past an APP0 segment) and a GIF's screen,
    /// and nothing for a cut or unknown header.
    func testHeadersGiveTheirSizesBeforeDecoding() throws {
        let png = dir.appendingPathComponent("h.png"), jpg = dir.appendingPathComponent("h.jpg")
        try PNGCodec.write(CGImage(width: 6, height: 4, premultipliedARGB: Array(repeating: 0xFF20_4060, count: 24)), to: png)
        try ImageFileWriter.jpeg(CGImage(width: 7, height: 5, premultipliedARGB: Array(repeating: 0xFF20_4060, count: 35))).write(to: jpg)
        func size(_ url: URL) -> [Int]? { SceneImageHeader.size(of: url).map { [$0.width, $0.height] } }
        XCTAssertEqual(size(png), [6, 4])
        XCTAssertEqual(size(jpg), [7, 5])
        let gif = dir.appendingPathComponent("h.gif")
        try Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x09, 0x01, 0x03, 0x00, 0, 0, 0]).write(to: gif)
        XCTAssertEqual(size(gif), [265, 3], "little-endian 0x0109 by 0x0003")
        // SOI, an APP0 of 16 bytes, SOF2 (progressive) of 17: precision 8, height 0x0203, width 0x0405.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array(repeating: 0, count: 14) + [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x02, 0x03, 0x04, 0x05]
        XCTAssertEqual(SceneImageHeader.jpegSize(jpeg).map { [$0.width, $0.height] }, [1029, 515])
        XCTAssertNil(SceneImageHeader.jpegSize(Array(jpeg.prefix(24))), "cut inside the frame header")
        XCTAssertNil(SceneImageHeader.jpegSize([0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x04, 0, 0, 0xFF, 0xDA, 0x00, 0x02]), "a table, then scan data: no frame")
        let text = dir.appendingPathComponent("h.txt")
        try Data("not an image at all".utf8).write(to: text)
        XCTAssertNil(size(text))
    }
}
