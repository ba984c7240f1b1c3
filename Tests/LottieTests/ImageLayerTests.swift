import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Image layers (image.json): a 2 × 1 PNG (red, blue) drawn at its asset's size, 40 × 20, so the
/// left half is red and the right half blue; once embedded as a data URI (layer at (10, 10)) and
/// once as images/two.png beside the JSON (layer at (10, 50)).
final class ImageLayerTests: LottieTestCase {
    /// Both images drawn from the file: red on the left, blue on the right, nothing outside.
    func testEmbeddedAndFileImages() throws {
        let a = try load("image.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        for y in [20, 60] {
            XCTAssertEqual(img.pixel(x: 14, y: y), 0xFFFF_0000, "row \(y)")
            XCTAssertEqual(img.pixel(x: 46, y: y), 0xFF00_00FF, "row \(y)")
        }
        XCTAssertEqual(img.alpha(5, 20), 0); XCTAssertEqual(img.alpha(51, 20), 0); XCTAssertEqual(img.alpha(30, 31), 0)
        XCTAssertClose(img.coverage(), 2 * 40 * 20, 0.5)
    }

    /// An embedded WebP image (lossless, 3 × 1: red, blue, green at alpha 128; made with Pillow,
    /// the bytes of Tests/CoreGraphicsTests/Fixtures/lossless.webp) drawn at its asset's 30 × 10.
    func testEmbeddedWebPImage() throws {
        let webp = "UklGRiwAAABXRUJQVlA4TCAAAAAvAgAAEBcw/wKCIv9HExAU+T+agKDouuWCdyY0JKL/AQ=="
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":30,\"h\":10,\"assets\":[{\"id\":\"i\",\"w\":30,\"h\":10,\"e\":1,\"p\":\"data:image/webp;base64,\(webp)\"}]," +
            "\"layers\":[{\"ty\":2,\"refId\":\"i\",\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}]}"
        let a = try LottieAnimation.from(data: Data(json.utf8))
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        // The end texels are exact where the image is clamped (within half a texel of its sides);
        // the middle one is mixed with its neighbours a little.
        XCTAssertEqual(img.pixel(x: 2, y: 5), 0xFFFF_0000)
        XCTAssertEqual(img.pixel(x: 28, y: 5), 0x8000_8000, "green at alpha 128, premultiplied")
        XCTAssertGreaterThan(img.blue(15, 5), 200)
        XCTAssertEqual(img.red(15, 5), 0)
    }

    /// From data alone the file cannot be found: it is named in the diagnostics and drawn empty,
    /// while the embedded image draws.
    func testFileImageFromDataIsDiagnosed() throws {
        let a = try LottieAnimation.from(data: Data(contentsOf: fixtureURL("image.json")))
        XCTAssertEqual(a.diagnostics.map(\.path), ["assets[1].p"])
        let img = frame(a, 0)
        XCTAssertEqual(img.pixel(x: 14, y: 20), 0xFFFF_0000)
        XCTAssertEqual(img.alpha(14, 60), 0)
    }

    /// An image at a web address is not fetched: named in the diagnostics, drawn empty, no error.
    func testRemoteImageIsDiagnosed() throws {
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"assets\":[{\"id\":\"i\",\"w\":4,\"h\":4,\"u\":\"https://example.com/img/\",\"p\":\"a.png\"}],\"layers\":[{\"ty\":2,\"refId\":\"i\",\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}]}"
        let a = try LottieAnimation.from(data: Data(json.utf8))
        XCTAssertEqual(a.diagnostics.map(\.path), ["assets[0].p"])
        XCTAssertTrue(a.diagnostics[0].message.contains("not fetched"))
        XCTAssertEqual(frame(a, 0).coverage(), 0)
    }

    /// A missing file, a path leaving the folder, bad base64, bytes that are not an image and a
    /// layer naming no image each leave the file playable (as lottie-ios plays it): the problem is
    /// noted once at its JSON path, and the image layer is drawn empty while the rest draws.
    func testBadImagesAreNotedAndDrawnEmpty() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The image layer fills (0, 0)–(4, 4); a solid layer (green) fills the right half, (5, 0)–(10, 10).
        func attempt(_ asset: String, layerRef: String = "i", file: String = #filePath, line: UInt = #line) throws -> (notes: [LottieDiagnostic], image: CGImage) {
            let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"assets\":[\(asset)],\"layers\":[" +
                "{\"ty\":2,\"refId\":\"\(layerRef)\",\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}," +
                "{\"ty\":1,\"sc\":\"#00ff00\",\"sw\":5,\"sh\":10,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[5,0]}}}]}"
            let url = dir.appendingPathComponent("a.json")
            try Data(json.utf8).write(to: url)
            let a = try LottieAnimation(contentsOf: url)
            return (a.diagnostics, frame(a, 0))
        }
        let png = try Data(contentsOf: fixtureURL("images/two.png")).base64EncodedString()
        let cases: [(asset: String, ref: String, path: String, words: String)] = [
            ("{\"id\":\"i\",\"w\":4,\"h\":4,\"u\":\"images/\",\"p\":\"none.png\"}", "i", "assets[0].p", "cannot read the image file \"images/none.png\""),
            ("{\"id\":\"i\",\"w\":4,\"h\":4,\"u\":\"../\",\"p\":\"x.png\"}", "i", "assets[0].p", "inside the animation's folder"),
            ("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,@@@\"}", "i", "assets[0].p", "base64 data URI"),
            ("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,aGVsbG8=\"}", "i", "assets[0].p", "PNG, JPEG, GIF or WebP"),
            ("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,\(png)\"}", "nope", "layers[0].refId", "no image in \"assets\" has the id \"nope\""),
        ]
        for c in cases {
            let (notes, img) = try attempt(c.asset, layerRef: c.ref)
            XCTAssertEqual(notes.map(\.path), [c.path], c.words)
            XCTAssertTrue(notes.first?.message.contains(c.words) ?? false, "\(notes)")
            XCTAssertTrue(notes.first?.message.hasSuffix("drawn empty") ?? false, "\(notes)")
            XCTAssertEqual(img.alpha(2, 2), 0, c.words)
            XCTAssertEqual(img.pixel(x: 7, y: 5), 0xFF00_FF00, c.words)
        }
        // The same image that draws: the check above would see it.
        let (notes, img) = try attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,\(png)\"}")
        XCTAssertEqual(notes, [])
        XCTAssertEqual(img.alpha(2, 2), 255)
    }
}
