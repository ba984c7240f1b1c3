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

    /// A missing file, a path leaving the folder, bad base64 and bytes that are not an image are
    /// located errors; so is a layer naming no image.
    func testBadImagesAreLocatedErrors() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func attempt(_ asset: String, layerRef: String = "i") -> LottieLoadError? {
            let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"assets\":[\(asset)],\"layers\":[{\"ty\":2,\"refId\":\"\(layerRef)\",\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}]}"
            let url = dir.appendingPathComponent("a.json")
            try? Data(json.utf8).write(to: url)
            do { _ = try LottieAnimation(contentsOf: url); return nil } catch { return error as? LottieLoadError }
        }
        let missing = attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"u\":\"images/\",\"p\":\"none.png\"}")
        XCTAssertEqual(missing?.path, "assets[0].p")
        XCTAssertTrue(missing?.message.contains("cannot read the image file \"images/none.png\"") ?? false, missing?.message ?? "no error")
        XCTAssertEqual(attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"u\":\"../\",\"p\":\"x.png\"}")?.path, "assets[0].p")
        XCTAssertEqual(attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,@@@\"}")?.path, "assets[0].p")
        let notImage = attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,aGVsbG8=\"}")
        XCTAssertEqual(notImage?.path, "assets[0].p")
        XCTAssertTrue(notImage?.message.contains("PNG or JPEG") ?? false, notImage?.message ?? "no error")
        let unnamed = attempt("{\"id\":\"i\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,aGVsbG8=\"}".replacingOccurrences(of: "aGVsbG8=", with: try Data(contentsOf: fixtureURL("images/two.png")).base64EncodedString()), layerRef: "nope")
        XCTAssertEqual(unnamed?.path, "layers[0].refId")
    }
}
