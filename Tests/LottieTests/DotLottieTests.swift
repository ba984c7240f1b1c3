import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// dotLottie (`.lottie`) files, written by Python's zipfile (Fixtures/dotlottie): v1.lottie
/// (manifest version "1.0", `animations/square.json`, `images/img_0.png`, "u": "/images/") and
/// v2.lottie (version "2", `a/` and `i/`, two animations). Each animation draws the 2 × 1 PNG of
/// image.json (red, blue) at 40 × 20 from (10, 50) and a 20 × 20 square centred on (30, 20), green in
/// "square" and "green", white in "white".
final class DotLottieTests: LottieTestCase {
    func url(_ name: String) -> URL { fixtureURL("dotlottie/" + name) }

    func testVersion1FileWithItsImage() throws {
        let file = try DotLottieFile(contentsOf: url("v1.lottie"))
        XCTAssertEqual(file.animations.map(\.configuration.id), ["square"])
        let first = try XCTUnwrap(file.animation())
        XCTAssertEqual(first.configuration.loopMode, .loop)
        XCTAssertEqual(first.configuration.speed, 2)
        XCTAssertEqual(first.animation.diagnostics, [], "the image is read from the archive")
        let img = frame(first.animation, 0)
        XCTAssertEqual(img.pixel(x: 14, y: 60), 0xFFFF_0000, "the image's red half, from images/img_0.png")
        XCTAssertEqual(img.pixel(x: 46, y: 60), 0xFF00_00FF)
        XCTAssertEqual(img.pixel(x: 30, y: 20), 0xFF00_FF00, "the green square")
        XCTAssertClose(img.coverage(), 40 * 20 + 20 * 20, 0.5)
        // The layer takes the manifest's loop mode and speed, as lottie-ios's.
        let layer = LottieAnimationLayer(dotLottie: file)
        XCTAssertEqual(layer.loopMode, .loop)
        XCTAssertEqual(layer.animationSpeed, 2)
        XCTAssertTrue(layer.animation === first.animation)
        // The synchronous loader gives the same.
        let sync = DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: url("v1.lottie").path)
        XCTAssertEqual(try sync.get().animations.count, 1)
    }

    func testVersion2FileWithTwoAnimations() throws {
        let file = try DotLottieFile(data: Data(contentsOf: url("v2.lottie")), filename: "v2.lottie")
        XCTAssertEqual(file.animations.map(\.configuration.id), ["green", "white"])
        let white = try XCTUnwrap(file.animation(for: "white"))
        XCTAssertEqual(white.configuration.loopMode, .autoReverse, "mode bounce")
        XCTAssertEqual(white.configuration.speed, -1, "direction -1")
        XCTAssertTrue(file.animation(at: 1)?.animation === white.animation)
        XCTAssertNil(file.animation(at: 2))
        XCTAssertNil(file.animation(for: "nope"))
        let img = frame(white.animation, 0)
        XCTAssertEqual(img.pixel(x: 30, y: 20), 0xFFFF_FFFF)
        XCTAssertEqual(img.pixel(x: 14, y: 60), 0xFFFF_0000, "i/img_0.png")
        let layer = LottieAnimationLayer()
        layer.loadAnimation("white", from: file)
        XCTAssertEqual(layer.loopMode, .autoReverse)
        layer.loadAnimation(atIndex: 0, from: file)
        XCTAssertEqual(layer.loopMode, .playOnce)
        XCTAssertEqual(layer.animationSpeed, 1)
        // An id the file does not hold: no animation, said once.
        let none = LottieAnimationLayer(dotLottie: file, animationId: "nope")
        XCTAssertNil(none.animation)
        XCTAssertEqual(laminaMessages.filter { $0.contains("no animation \"nope\"") }.count, 1, "\(laminaMessages)")
    }

    /// Broken archives give located errors (file, place, what was expected), never a crash.
    func testMalformedFilesAreLocatedErrors() {
        func failure(_ name: String) -> LottieLoadError? {
            do { _ = try DotLottieFile(contentsOf: url(name)); return nil } catch { return error as? LottieLoadError }
        }
        let cases: [(String, String, String)] = [
            ("truncated.lottie", "(archive)", "zip archive"),
            ("no_manifest.lottie", "(archive)", "manifest.json"),
            ("missing_animation.lottie", "animations[0].id", "animations/nowhere.json"),
            ("bad_json.lottie", "layers[0].ip", "in point"),
            ("bomb.lottie", "manifest.json", "at most 256 MiB uncompressed"),
            ("liar.lottie", "animations/square.json", "inflates to more"),
        ]
        for (name, path, words) in cases {
            guard let e = failure(name) else { XCTFail("\(name) loaded"); continue }
            XCTAssertEqual(e.path, path, "\(name): \(e)")
            XCTAssertTrue(e.message.contains(words), "\(name): \(e)")
            XCTAssertTrue(e.file?.contains(name) ?? false, "\(name): \(e)")
        }
        // An image the archive does not hold leaves the animation playable: noted where the
        // asset names it, its layers drawn empty (as lottie-ios draws an image it cannot find).
        do {
            let missing = try DotLottieFile(contentsOf: url("missing_image.lottie")).animations[0].animation
            XCTAssertEqual(missing.diagnostics.map(\.path), ["assets[0].p"])
            XCTAssertTrue(missing.diagnostics.first?.message.contains("images/img_0.png") ?? false, "\(missing.diagnostics)")
            XCTAssertTrue(missing.diagnostics.first?.message.hasSuffix("drawn empty") ?? false, "\(missing.diagnostics)")
        } catch {
            XCTFail("missing_image.lottie: \(error)")
        }
        XCTAssertTrue(failure("missing_animation.lottie")?.file?.hasSuffix("(manifest.json)") ?? false)
        XCTAssertTrue(failure("bad_json.lottie")?.file?.hasSuffix("(animations/square.json)") ?? false)
        // Not a zip at all.
        XCTAssertThrowsError(try DotLottieFile(data: Data("{}".utf8), filename: "x.lottie")) { e in
            XCTAssertEqual((e as? LottieLoadError)?.path, "(archive)")
        }
    }

    /// Deterministic corruptions of both good files (bytes flipped, cut short): each loads or throws
    /// a `LottieLoadError`; none crashes or hangs.
    func testCorruptedArchivesNeverCrash() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var errors = 0, loaded = 0
        for name in ["v1.lottie", "v2.lottie"] {
            let good = try Data(contentsOf: url(name))
            for _ in 0..<100 {
                var bytes = [UInt8](good)
                for _ in 0..<(1 + Int(next() % 4)) {
                    let i = Int(next() % UInt64(bytes.count))
                    bytes[i] = next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: next())
                }
                if next() % 5 == 0 { bytes.removeLast(Int(next() % UInt64(bytes.count / 2))) }
                do { _ = try DotLottieFile(data: Data(bytes), filename: name); loaded += 1 } catch is LottieLoadError { errors += 1 }
            }
        }
        XCTAssertEqual(errors + loaded, 200)
        XCTAssertGreaterThan(errors, 30, "most corruptions are caught")
    }
}
