import XCTest
import Synchronization
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Images in scenes: found next to the scene first, then in Assets/; refused when the path (or a
/// symbolic link on it) leaves both folders, and when the image is over the pixel limits, with a
/// located message.
final class SceneAssetTests: XCTestCase {
    var root: URL!
    var sceneDir: URL!
    var assetsDir: URL!
    var savedLoader: (@Sendable (URL) -> CGImage?)?
    var savedAssets: URL?
    /// The files the loader was asked for (the loader may run on any thread).
    private let loads = LoadedFiles()
    var loaded: [URL] { loads.urls.withLock { $0 } }

    override func setUpWithError() throws {
        CAMediaClock.manualTime = 0
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-assets-\(getpid())-\(name.hashValue & 0xFFFF)")
        sceneDir = root.appendingPathComponent("scene")
        assetsDir = root.appendingPathComponent("Assets")
        for d in [sceneDir!, assetsDir.appendingPathComponent("Sequence"), root.appendingPathComponent("outside")] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        }
        savedLoader = Scene.imageLoader
        savedAssets = Scene.assetsDirectory
        Scene.assetsDirectory = assetsDir
        let loads = loads
        loads.urls.withLock { $0.removeAll() }
        Scene.imageLoader = { url in loads.urls.withLock { $0.append(url) }; return try? PNGCodec.read(contentsOf: url) }
    }

    override func tearDownWithError() throws {
        Scene.imageLoader = savedLoader
        Scene.assetsDirectory = savedAssets
        CAMediaClock.manualTime = nil
        try? FileManager.default.removeItem(at: root)
    }

    /// A real PNG of `width` x `height` pixels of one colour.
    func writePNG(_ url: URL, width: Int = 3, height: Int = 2, argb: UInt32 = 0xFF10_2030) throws {
        try PNGCodec.write(CGImage(width: width, height: height, premultipliedARGB: Array(repeating: argb, count: width * height)), to: url)
    }

    func load(_ contents: String) throws -> Scene {
        let file = sceneDir.appendingPathComponent("s.yaml")
        try "layers:\n  - name: pic\n    frame: [0, 0, 10, 10]\n    contents: \"\(contents)\"\n".write(to: file, atomically: true, encoding: .utf8)
        return try Scene.load(contentsOf: file)
    }

    func error(_ contents: String) -> SceneError? {
        do { _ = try load(contents); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    func testAPathIsFoundNextToTheSceneThenInAssets() throws {
        try writePNG(assetsDir.appendingPathComponent("Sequence/frame01.png"), width: 5)
        let fromAssets = try load("Sequence/frame01.png")
        XCTAssertEqual((fromAssets.layers["pic"]?.contents as? CGImage)?.width, 5)
        XCTAssertEqual(fromAssets.assets.map(\.lastPathComponent), ["frame01.png"])
        XCTAssertTrue(fromAssets.assets[0].path.contains("/Assets/Sequence/"), fromAssets.assets[0].path)

        // The same path next to the scene wins over Assets/.
        try FileManager.default.createDirectory(at: sceneDir.appendingPathComponent("Sequence"), withIntermediateDirectories: true)
        try writePNG(sceneDir.appendingPathComponent("Sequence/frame01.png"), width: 7)
        let local = try load("Sequence/frame01.png")
        XCTAssertEqual((local.layers["pic"]?.contents as? CGImage)?.width, 7)
        XCTAssertTrue(local.assets[0].path.contains("/scene/Sequence/"), local.assets[0].path)

        let missing = error("Sequence/nothing.png")
        XCTAssertTrue(missing?.message.contains("next to the scene or in Assets/") ?? false, missing?.message ?? "")
        XCTAssertEqual(missing?.line, 4)
    }

    func testTheRepositorysAssetsFolderServesScenes() throws {
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
        let s = try load("Sequence/frame01.png")
        XCTAssertNotNil(s.layers["pic"]?.contents as? CGImage)
    }

    func testPathsThatLeaveBothFoldersAreRefused() throws {
        try writePNG(root.appendingPathComponent("outside/x.png"))
        for path in ["../outside/x.png", "../../etc/passwd", "Sequence/../../outside/x.png", root.appendingPathComponent("outside/x.png").path, "/etc/passwd"] {
            let e = error(path)
            XCTAssertTrue(e?.message.contains("leaves the scene's folder and Assets/") ?? false, "\(path): \(e?.message ?? "no error")")
            XCTAssertEqual(e?.line, 4, path)
        }
        XCTAssertTrue(loaded.isEmpty, "nothing outside was read: \(loaded)")
    }

    func testSymbolicLinksAreResolvedBeforeTheCheck() throws {
        try writePNG(root.appendingPathComponent("outside/x.png"))
        try writePNG(assetsDir.appendingPathComponent("Sequence/in.png"), width: 4)
        // A link next to the scene to a file outside: refused, though its own path is inside.
        try FileManager.default.createSymbolicLink(at: sceneDir.appendingPathComponent("escape.png"), withDestinationURL: root.appendingPathComponent("outside/x.png"))
        let e = error("escape.png")
        XCTAssertTrue(e?.message.contains("leaves the scene's folder and Assets/") ?? false, e?.message ?? "no error")
        // A linked folder leading outside, too.
        try FileManager.default.createSymbolicLink(at: sceneDir.appendingPathComponent("out"), withDestinationURL: root.appendingPathComponent("outside"))
        XCTAssertTrue(error("out/x.png")?.message.contains("leaves") ?? false)
        XCTAssertTrue(loaded.isEmpty, "nothing outside was read: \(loaded)")
        // A link from the scene's folder into Assets/ stays inside the allowed folders.
        try FileManager.default.createSymbolicLink(at: sceneDir.appendingPathComponent("shared.png"), withDestinationURL: assetsDir.appendingPathComponent("Sequence/in.png"))
        let s = try load("shared.png")
        XCTAssertEqual((s.layers["pic"]?.contents as? CGImage)?.width, 4)
    }

    /// A PNG whose header declares `width` x `height` (the rest is not a valid image).
    func writeHeader(_ url: URL, width: UInt32, height: UInt32) throws {
        var d: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        for v in [width, height] { d += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        d += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(d).write(to: url)
    }

    func testImagesOverThePixelLimitsAreRefusedBeforeDecoding() throws {
        try writeHeader(sceneDir.appendingPathComponent("wide.png"), width: 20_000, height: 10)
        let wide = error("wide.png")
        XCTAssertTrue(wide?.message.contains("is 20000x10 pixels") ?? false, wide?.message ?? "no error")
        XCTAssertTrue(wide?.message.contains("16384 pixels a side") ?? false)
        XCTAssertEqual(wide?.line, 4)
        try writeHeader(sceneDir.appendingPathComponent("many.png"), width: 9000, height: 9000)
        XCTAssertTrue(error("many.png")?.message.contains("is 9000x9000 pixels") ?? false)
        try writeHeader(sceneDir.appendingPathComponent("max.png"), width: UInt32.max, height: UInt32.max)
        XCTAssertTrue(error("max.png")?.message.contains("pixels a side") ?? false)
        XCTAssertTrue(loaded.isEmpty, "over-limit images were not decoded: \(loaded)")
        // Within the limits, the same header goes on to the decoder (which cannot read the rest).
        try writeHeader(sceneDir.appendingPathComponent("ok.png"), width: 16, height: 16)
        XCTAssertTrue(error("ok.png")?.message.contains("cannot read the image") ?? false)
        XCTAssertEqual(loaded.count, 1)
    }

    func testImagesThatDecodeOverTheLimitsAreRefused() throws {
        // A format whose header is not read: the decoded size is checked.
        try Data("not a png".utf8).write(to: sceneDir.appendingPathComponent("big.img"))
        Scene.imageLoader = { _ in CGImage(width: 16_385, height: 1, premultipliedARGB: Array(repeating: 0, count: 16_385)) }
        let e = error("big.img")
        XCTAssertTrue(e?.message.contains("is 16385x1 pixels") ?? false, e?.message ?? "no error")
        Scene.imageLoader = { _ in CGImage(width: 1, height: 16_385, premultipliedARGB: Array(repeating: 0, count: 16_385)) }
        XCTAssertTrue(error("big.img")?.message.contains("is 1x16385 pixels") ?? false)
        // 16,384 a side is allowed.
        Scene.imageLoader = { _ in CGImage(width: 16_384, height: 1, premultipliedARGB: Array(repeating: 0xFF00_00FF, count: 16_384)) }
        XCTAssertEqual((try load("big.img").layers["pic"]?.contents as? CGImage)?.width, 16_384)
    }

    /// The limits at their edges (scenes/README.md: "images of at most 16,384 pixels a side and
    /// 64 Mpx"), from PNG headers: 16,384 a side and 8192 x 8192 = 67,108,864 pixels pass the
    /// header check (and reach the decoder, which cannot read these header-only files); one pixel
    /// more either way is refused with the whole message.
    func testTheLimitsAreSixteenThousandThreeHundredEightyFourASideAndSixtyFourMegapixels() throws {
        for (w, h) in [(16_384, 1), (1, 16_384), (8192, 8192), (16_384, 4096)] {
            try writeHeader(sceneDir.appendingPathComponent("ok.png"), width: UInt32(w), height: UInt32(h))
            XCTAssertEqual(error("ok.png")?.message.hasPrefix("cannot read the image \"ok.png\""), true, "\(w)x\(h)")
        }
        XCTAssertEqual(loaded.count, 4, "each went on to the decoder")
        for (w, h) in [(16_385, 1), (1, 16_385), (8192, 8193), (8193, 8192), (16_384, 4097)] {
            try writeHeader(sceneDir.appendingPathComponent("over.png"), width: UInt32(w), height: UInt32(h))
            let e = error("over.png")
            XCTAssertEqual(e?.message, "the image \"over.png\" is \(w)x\(h) pixels; images are limited to 16384 pixels a side and 67108864 pixels (64 Mpx) in all")
            XCTAssertEqual(e?.line, 4); XCTAssertEqual(e?.column, 15)
        }
        XCTAssertEqual(loaded.count, 4, "none of those was decoded")
        // Only a PNG's header is read: a wrong signature byte or a first chunk that is not IHDR
        // leaves the size to the decoder; so does a file shorter than a header.
        var header = [UInt8](try Data(contentsOf: sceneDir.appendingPathComponent("over.png")))
        for (i, v) in [(0, UInt8(0x88)), (7, 0x0B), (12, 0x48), (15, 0x53)] {
            var d = header
            d[i] = v
            try Data(d).write(to: sceneDir.appendingPathComponent("odd.png"))
            XCTAssertEqual(error("odd.png")?.message.hasPrefix("cannot read the image"), true, "byte \(i)")
        }
        header.removeLast(header.count - 23)
        try Data(header).write(to: sceneDir.appendingPathComponent("short.png"))
        XCTAssertEqual(error("short.png")?.message.hasPrefix("cannot read the image"), true)
        XCTAssertEqual(loaded.count, 9)
        // The size is read big-endian: 0x00010203 x 0x00000102 = 66051 x 258.
        try writeHeader(sceneDir.appendingPathComponent("be.png"), width: 0x0001_0203, height: 0x0102)
        XCTAssertTrue(error("be.png")?.message.contains("is 66051x258 pixels") ?? false)
    }

    /// The exact messages: the places looked at, in order; a folder is not an image; an absolute
    /// path inside a folder is found; without a scene file (and no Assets/) no path resolves.
    func testLookupMessagesNameWhatWasLookedAt() throws {
        let scene = sceneDir.standardizedFileURL.path, assets = assetsDir.standardizedFileURL.path
        XCTAssertEqual(error("nope.png")?.message,
                       "cannot find the image \"nope.png\" next to the scene or in Assets/ (looked for \(scene)/nope.png, \(assets)/nope.png)")
        try FileManager.default.createDirectory(at: sceneDir.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        let folder = try XCTUnwrap(error("folder.png"))
        XCTAssertTrue(folder.message.hasPrefix("the image path \"folder.png\" is not a file ("), folder.message)
        XCTAssertEqual(folder.line, 4); XCTAssertEqual(folder.column, 15)
        try writePNG(assetsDir.appendingPathComponent("abs.png"), width: 6)
        XCTAssertEqual((try load(assetsDir.appendingPathComponent("abs.png").path).layers["pic"]?.contents as? CGImage)?.width, 6)
        XCTAssertEqual(error("")?.message, "expected an image path")
        // A folder's own path is not inside it.
        XCTAssertTrue(error(assets)?.message.contains("leaves the scene's folder and Assets/") ?? false, error(assets)?.message ?? "no error")
        Scene.assetsDirectory = nil
        XCTAssertThrowsError(try Scene.parse("layers: [{contents: a.png}]", file: "s.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "images need a scene file (its folder resolves \"a.png\")")
        }
        XCTAssertThrowsError(try Scene.parse("layers: [{class: CATextLayer, font: a.ttf}]", file: "s.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "font files need a scene file (its folder resolves \"a.ttf\")")
        }
    }
}

/// The files a test's image loader was asked for.
private final class LoadedFiles: Sendable {
    let urls = Mutex<[URL]>([])
}
