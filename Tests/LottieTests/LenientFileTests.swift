import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// What real exporters write and lottie-ios plays, found by comparing with lottie-ios's own
/// snapshots (`scripts/lottie_ios_snapshots.py`): colours with a fourth component, "no clip"
/// precomposition sizes, layers naming assets that are not there, and keyframes eased per dimension.
final class LenientFileTests: LottieTestCase {
    private func animation(_ layers: String, assets: String = "[]") throws -> LottieAnimation {
        try LottieAnimation.from(data: Data("{\"fr\":10,\"ip\":0,\"op\":10,\"w\":20,\"h\":20,\"assets\":\(assets),\"layers\":[\(layers)]}".utf8))
    }

    /// A shape layer filling (0, 0)–(size, size) with `fill`, stroked with `stroke` when given.
    private func square(fill: String, stroke: String? = nil, size: Int = 20) -> String {
        let st = stroke.map { ",{\"ty\":\"st\",\"c\":{\"a\":0,\"k\":\($0)},\"o\":{\"a\":0,\"k\":100},\"w\":{\"a\":0,\"k\":4},\"lc\":1,\"lj\":1}" } ?? ""
        return "{\"ty\":4,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{},\"shapes\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[\(size / 2),\(size / 2)]},\"s\":{\"a\":0,\"k\":[\(size),\(size)]},\"r\":{\"a\":0,\"k\":0}}," +
            "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":\(fill)},\"o\":{\"a\":0,\"k\":100}}\(st)]}"
    }

    /// A fill's or stroke's colour is its first three components; a fourth (here 0, which would
    /// hide it) is ignored, as every player ignores it; opacity comes from `o`.
    func testColoursIgnoreAFourthComponent() throws {
        let fill = frame(try animation(square(fill: "[1,0,0,0]")), 0)
        XCTAssertEqual(fill.pixel(x: 10, y: 10), 0xFFFF_0000)
        let animated = frame(try animation(square(fill: "[{\"t\":0,\"s\":[0,0,1,0],\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}},{\"t\":10,\"s\":[0,0,1,0]}]")), 5)
        XCTAssertEqual(animated.pixel(x: 10, y: 10), 0xFF00_00FF)
        let stroke = frame(try animation(square(fill: "[0,0,1,1]", stroke: "[0,1,0,0]", size: 10)), 0)
        // The stroke, 4 wide, centred on the square's edge x = 10.
        XCTAssertEqual(stroke.pixel(x: 11, y: 5), 0xFF00_FF00)
        XCTAssertEqual(stroke.pixel(x: 5, y: 5), 0xFF00_00FF)
        // An easing that overshoots takes white past 1 on every component: still white (clamped),
        // not read as 0...255 (lottie-ios reads that only from keyframe values).
        // (Progress at frame 1 is about −0.4: 1 + 0.4 × 0.5 on each component.)
        let over = "[{\"t\":0,\"s\":[1,1,1,1],\"i\":{\"x\":[0.7],\"y\":[1]},\"o\":{\"x\":[0.2],\"y\":[-1.5]}},{\"t\":10,\"s\":[0.5,0.5,0.5,1]}]"
        let overshoot = frame(try animation(square(fill: over)), 1)
        XCTAssertEqual(overshoot.pixel(x: 10, y: 10), 0xFFFF_FFFF)
    }

    /// A precomposition sized 99999 (exporters' "no clip") plays, and clips nothing in view.
    func testHugePrecompositionSizeClipsNothing() throws {
        let a = try animation("{\"ty\":0,\"refId\":\"c\",\"w\":99999,\"h\":99999,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}",
                              assets: "[{\"id\":\"c\",\"layers\":[\(square(fill: "[0,1,0]"))]}]")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        XCTAssertEqual(img.pixel(x: 19, y: 19), 0xFF00_FF00)
        XCTAssertClose(img.coverage(), 400, 0.5)
        // Sizes past any use are still an error, located.
        XCTAssertThrowsError(try animation("{\"ty\":0,\"refId\":\"c\",\"w\":1e12,\"h\":10,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}",
                                           assets: "[{\"id\":\"c\",\"layers\":[]}]")) { e in
            XCTAssertEqual((e as? LottieLoadError)?.path, "layers[0].w")
        }
    }

    /// On the animation's last frame (`op`, where lottie-ios shows progress 1), a precomposition's
    /// layers that last until its end still show, as its own layers do (lottie-ios keeps every
    /// layer whose out point, in the animation's time, is the end); one that ended earlier does not.
    func testPrecompositionLayersShowOnTheLastFrame() throws {
        let inner = square(fill: "[0,1,0]", size: 10) + "," +
            square(fill: "[1,0,0]", size: 20).replacingOccurrences(of: "\"op\":10", with: "\"op\":5")
        let a = try animation("{\"ty\":0,\"refId\":\"c\",\"w\":20,\"h\":20,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}",
                              assets: "[{\"id\":\"c\",\"layers\":[\(inner)]}]")
        let last = frame(a, 10)
        XCTAssertEqual(last.pixel(x: 5, y: 5), 0xFF00_FF00)
        XCTAssertEqual(last.alpha(15, 15), 0)
        // Before its out point the red square shows (the check above would see it).
        XCTAssertEqual(frame(a, 4).pixel(x: 15, y: 15), 0xFFFF_0000)
    }

    /// A precomposition layer naming no asset is noted and drawn empty; the other layers draw.
    func testMissingPrecompositionIsNotedAndLeftOut() throws {
        let a = try animation("{\"ty\":0,\"refId\":\"gone\",\"w\":20,\"h\":20,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{}}," + square(fill: "[0,0,1]", size: 10))
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[0].refId"])
        XCTAssertTrue(a.diagnostics[0].message.contains("no precomposition in \"assets\" has the id \"gone\""), a.diagnostics[0].message)
        let img = frame(a, 0)
        XCTAssertEqual(img.pixel(x: 5, y: 5), 0xFF00_00FF)
        XCTAssertEqual(img.alpha(15, 15), 0)
    }

    /// Keyframes eased per dimension are named once for their property, at the first of them, with
    /// how many more there are.
    func testPerDimensionEasingIsNamedOncePerProperty() throws {
        func key(_ t: Int, _ v: Int) -> String {
            "{\"t\":\(t),\"s\":[\(v),\(v),100],\"i\":{\"x\":[0.2,0.8,0.5],\"y\":[1,1,1]},\"o\":{\"x\":[0.1,0.3,0.5],\"y\":[0,0,0]}}"
        }
        let scale = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[50,50,100],\"i\":{\"x\":[0.5],\"y\":[1]},\"o\":{\"x\":[0.5],\"y\":[0]}},\(key(3, 80)),\(key(6, 90)),\(key(8, 100)),{\"t\":10,\"s\":[100,100,100]}]}"
        let a = try animation("{\"ty\":3,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{\"s\":\(scale)}}")
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[0].ks.s.k[1]"])
        XCTAssertTrue(a.diagnostics[0].message.contains("and in 2 later keyframes"), a.diagnostics[0].message)
    }
}
