import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Precompositions: a 20 × 20 red square whose centre moves from x 10 at its precomposition's frame
/// 0 to x 110 at frame 10 (so x = 10 + 10 · frame, held before 0), shown by layers with a start
/// offset, a stretch, a time remap, a clip, and through a precomposition inside another; each in its
/// own 40-point band of the 200 × 250 frame (precomp.json).
final class PrecompTests: LottieTestCase {
    /// The square's centre x in the band starting at row `y`, left of the blinking dot at x 150
    /// (nil when nothing is drawn there).
    private func x(_ img: CGImage, band y: Int) -> Double? { img.cropping(rows: y..<(y + 40)).cropping(columns: 0..<140).centroid().map { Double($0.x) } }

    /// `st` 5: the precomposition's frame is the host's minus 5 (frame 10 shows 5; frame 4 shows −1,
    /// before the square's layer's in point 0, so nothing).
    func testStartOffset() throws {
        let a = try load("precomp.json")
        XCTAssertClose(x(frame(a, 10), band: 0), 60, 0.05)
        XCTAssertClose(x(frame(a, 14), band: 0), 100, 0.05)
        XCTAssertNil(x(frame(a, 4), band: 0))
        XCTAssertClose(x(frame(a, 5), band: 0), 10, 0.05)
    }

    /// `sr` 2: frames run at half speed (host frame 10 shows 5, 4 shows 2).
    func testTimeStretch() throws {
        let a = try load("precomp.json")
        XCTAssertClose(x(frame(a, 10), band: 50), 60, 0.05)
        XCTAssertClose(x(frame(a, 4), band: 50), 30, 0.05)
    }

    /// `tm` from 1 s at frame 0 to 0 s at frame 20 (10 fps): the precomposition's frame is
    /// 10 − f / 2, playing backwards (host 0 → 10, 4 → 8, 10 → 5).
    func testTimeRemap() throws {
        let a = try load("precomp.json")
        XCTAssertClose(x(frame(a, 0), band: 100), 110, 0.05)
        XCTAssertClose(x(frame(a, 4), band: 100), 90, 0.05)
        XCTAssertClose(x(frame(a, 10), band: 100), 60, 0.05)
    }

    /// `w` 50: at frame 4 the square spans x 40...60, so only 40...50 shows (10 × 20 = 200 px,
    /// centred on 45); at frame 10 (x 100...120) nothing does.
    func testPrecompSizeClips() throws {
        let a = try load("precomp.json")
        let img = frame(a, 4).cropping(rows: 150..<190)
        XCTAssertClose(img.coverage(), 200, 0.5)
        XCTAssertClose(img.centroid().map { Double($0.x) }, 45, 0.05)
        XCTAssertEqual(img.alpha(49, 10), 255); XCTAssertEqual(img.alpha(50, 10), 0)
        XCTAssertEqual(frame(a, 10).cropping(rows: 150..<190).coverage(), 0)
    }

    /// A precomposition (`sr` 2) holding one with `st` 2: the square's frame is f / 2 − 2
    /// (host 10 → 3, 14 → 5, 4 → 0).
    func testNestedPrecompositions() throws {
        let a = try load("precomp.json")
        XCTAssertClose(x(frame(a, 10), band: 200), 40, 0.05)
        XCTAssertClose(x(frame(a, 14), band: 200), 60, 0.05)
        XCTAssertClose(x(frame(a, 4), band: 200), 10, 0.05)
    }

    /// A 10 × 10 green solid shown from its precomposition's frame 2 until 4, in a layer stretched
    /// 2×: it shows for host frames 4 ≤ f < 8 only.
    func testInnerInAndOutPointsFollowTheStretch() throws {
        let a = try load("precomp.json")
        func dot(_ f: Double) -> Double { frame(a, f).cropping(rows: 0..<12).cropping(columns: 140..<200).coverage() }
        XCTAssertEqual(dot(3), 0)
        XCTAssertEqual(dot(3.9), 0)
        XCTAssertClose(dot(4), 100, 0.5)
        XCTAssertClose(dot(7), 100, 0.5)
        XCTAssertEqual(dot(8), 0)
    }

    /// Played, not held: a layer playing at 10 fps shows frame 10 one second after `play()`, with the
    /// time-remapped precomposition sampled on the same clock.
    func testPlaybackDrivesPrecompositions() throws {
        let a = try load("precomp.json")
        let layer = LottieAnimationLayer(animation: a)
        layer.play()
        at(1)
        let img = render(layer, width: 200, height: 250, at: CACurrentMediaTime())
        XCTAssertClose(x(img, band: 0), 60, 0.05)
        XCTAssertClose(x(img, band: 100), 60, 0.05)
    }

    /// Nothing about precompositions is left in the diagnostics.
    func testNoDiagnostics() throws {
        XCTAssertEqual(try load("precomp.json").diagnostics, [])
    }

    // MARK: Errors

    private func json(assets: String, layers: String) -> Data {
        Data("{\"fr\":10,\"ip\":0,\"op\":10,\"w\":100,\"h\":100,\"assets\":[\(assets)],\"layers\":[\(layers)]}".utf8)
    }

    private func precompLayer(_ ref: String) -> String { "{\"ty\":0,\"refId\":\"\(ref)\",\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}" }

    private func loadError(_ data: Data) -> LottieLoadError? {
        do { _ = try LottieAnimation.from(data: data); return nil } catch { return error as? LottieLoadError }
    }

    /// A precomposition that contains itself through another is a located error, not a hang.
    func testCycleIsALocatedError() {
        let d = json(assets: "{\"id\":\"a\",\"layers\":[\(precompLayer("b"))]},{\"id\":\"b\",\"layers\":[\(precompLayer("a"))]}",
                     layers: precompLayer("a"))
        let e = loadError(d)
        XCTAssertEqual(e?.path, "assets[1].layers[0].refId")
        XCTAssertTrue(e?.message.contains("do not contain themselves") ?? false, e?.message ?? "no error")
        let selfRef = loadError(json(assets: "{\"id\":\"a\",\"layers\":[\(precompLayer("a"))]}", layers: precompLayer("a")))
        XCTAssertEqual(selfRef?.path, "assets[0].layers[0].refId")
    }

    /// A chain of precompositions deeper than the limit is a located error; one at the limit loads.
    func testDeepNestingIsALocatedError() throws {
        func chain(_ n: Int) -> Data {
            let assets = (0..<n).map { i in
                "{\"id\":\"p\(i)\",\"layers\":[" + (i + 1 < n ? precompLayer("p\(i + 1)") : "{\"ty\":3,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}") + "]}"
            }.joined(separator: ",")
            return json(assets: assets, layers: precompLayer("p0"))
        }
        let limit = LottieAnimation.maximumPrecompDepth
        XCTAssertNoThrow(try LottieAnimation.from(data: chain(limit)))
        let e = loadError(chain(limit + 1))
        XCTAssertEqual(e?.path, "assets[\(limit - 1)].layers[0].refId")
        XCTAssertTrue(e?.message.contains("nested at most") ?? false, e?.message ?? "no error")
    }

    /// Precompositions each used many times multiply: past the expanded-layer limit, a located error.
    func testExponentialExpansionIsALocatedError() {
        let uses = Array(repeating: precompLayer("next"), count: 20).joined(separator: ",")
        var assets: [String] = []
        for i in 0..<6 {
            let inner = i == 5 ? "{\"ty\":3,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}" : uses.replacingOccurrences(of: "next", with: "p\(i + 1)")
            assets.append("{\"id\":\"p\(i)\",\"layers\":[\(inner)]}")
        }
        let e = loadError(json(assets: assets.joined(separator: ","), layers: precompLayer("p0")))
        XCTAssertEqual(e?.path, "layers")
        XCTAssertTrue(e?.message.contains("once precompositions are expanded") ?? false, e?.message ?? "no error")
    }

    /// A missing asset is noted at the layer's `refId` (the layer drawn empty, as lottie-ios leaves
    /// it out; see LenientFileTests); a stretch of 0 is a located error.
    func testMissingAssetAndBadStretch() throws {
        XCTAssertNil(loadError(json(assets: "", layers: precompLayer("nope"))))
        let a = try LottieAnimation.from(data: json(assets: "", layers: precompLayer("nope")))
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[0].refId"])
        XCTAssertTrue(a.diagnostics.first?.message.contains("\"nope\"") ?? false, "\(a.diagnostics)")
        let s = loadError(json(assets: "{\"id\":\"a\",\"layers\":[]}", layers: "{\"ty\":0,\"refId\":\"a\",\"ip\":0,\"op\":10,\"st\":0,\"sr\":0,\"ks\":{}}"))
        XCTAssertEqual(s?.path, "layers[0].sr")
    }
}

extension CGImage {
    /// The rows `rows` of the image (a copy).
    func cropping(rows: Range<Int>) -> CGImage { cropping(to: CGRect(x: 0, y: rows.lowerBound, width: width, height: rows.count))! }
    /// The columns `columns` of the image (a copy).
    func cropping(columns: Range<Int>) -> CGImage { cropping(to: CGRect(x: columns.lowerBound, y: 0, width: columns.count, height: height))! }
}
