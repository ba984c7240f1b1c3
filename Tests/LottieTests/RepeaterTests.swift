import XCTest
import Foundation
@testable import QuartzCore
@testable import Lottie

/// Repeaters (repeater.json): copy k of the items above the repeater moved k steps of its
/// transform, with opacity from `so` to `eo`; positions and areas worked out from the steps.
final class RepeaterTests: LottieTestCase {
    /// A 20 × 20 square stepped 40 to the right, its copy count animated 1 → 4 over 10 frames:
    /// ⌈1 + 3·f/10⌉ copies (1 at frame 0, ⌈2.5⌉ = 3 at frame 5, 4 at frame 10), centred at 20 + 40k.
    func testCopiesStepAndTheirCountAnimates() throws {
        let a = try load("repeater.json")
        func row(_ f: Double) -> CGImage { frame(a, f).cropping(rows: 0..<80).cropping(columns: 0..<200) }
        XCTAssertClose(row(0).coverage(), 400, 1)
        XCTAssertClose(row(5).coverage(), 1200, 1)
        XCTAssertClose(row(5).centroid().map { Double($0.x) }, 60, 0.05)
        let last = row(10)
        XCTAssertClose(last.coverage(), 1600, 1)
        XCTAssertClose(last.centroid().map { Double($0.x) }, 80, 0.05)
        XCTAssertEqual(last.alpha(140, 50), 255); XCTAssertEqual(last.alpha(120, 50), 0)
    }

    /// Scale 50 % a step about the anchor (20, 150) and 60 to the right: copy 1 is 10 × 10 at
    /// (80, 150), copy 2 is 5 × 5 at (140, 150); opacity 100 % → 0 over three copies: 1, ½, 0.
    func testScaleAndOpacityPerCopy() throws {
        let img = frame(try load("repeater.json"), 0)
        XCTAssertEqual(img.alpha(20, 150), 255)
        XCTAssertClose(Double(img.alpha(80, 150)), 127.5, 1.5)
        XCTAssertEqual(img.alpha(86, 150), 0, "copy 1 is 10 wide")
        XCTAssertEqual(img.alpha(140, 150), 0, "copy 2 is transparent")
        XCTAssertClose(img.cropping(rows: 100..<200).cropping(columns: 60..<100).coverage(), 50, 1)
    }

    /// A 4 × 40 bar and its copy turned 90° about its centre, drawn by a fill after the repeater:
    /// a plus of 2 · 160 − 16 = 304 px.
    func testRotationAndAFillAfterTheRepeater() throws {
        let img = frame(try load("repeater.json"), 0).cropping(columns: 200..<300).cropping(rows: 0..<130)
        XCTAssertClose(img.coverage(), 304, 1)
        XCTAssertEqual(img.pixel(x: 30, y: 100), 0xFF00_FF00); XCTAssertEqual(img.alpha(50, 85), 255)
    }

    /// Stacking: each copy is a 20 × 20 square filled red under a black 4-wide stroke, the second
    /// 10 to the right. With `m` 1 the first copy is on top, so at the second's left edge (x 20)
    /// the first's red fill shows; with `m` 2 the second is on top and its black stroke shows.
    func testStackingOrder() throws {
        let img = frame(try load("repeater.json"), 0)
        XCTAssertEqual(img.pixel(x: 20, y: 100), 0xFFFF_0000, "m 1: the first copy on top")
        XCTAssertEqual(img.pixel(x: 120, y: 100), 0xFF00_0000, "m 2: the second copy on top")
    }

    /// An offset of ½ takes half a step as lottie-web does: scale 50 % becomes 50 + 50 · ½ = 75 %
    /// (not √½), so the 40 × 40 square is drawn 30 × 30.
    func testFractionalOffset() throws {
        let img = frame(try load("repeater.json"), 0).cropping(rows: 130..<200).cropping(columns: 200..<300)
        XCTAssertClose(img.coverage(), 900, 1)
    }

    /// Repeaters are no longer diagnosed; absurd expansions are a located error.
    func testDiagnosticsAndLimits() throws {
        XCTAssertEqual(try load("repeater.json").diagnostics, [])
        let rp = "{\"ty\":\"rp\",\"c\":{\"a\":0,\"k\":1000},\"o\":{\"a\":0,\"k\":0},\"m\":1,\"tr\":{\"p\":{\"a\":0,\"k\":[1,0]}}}"
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":100,\"h\":100,\"layers\":[{\"ty\":4,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{},\"shapes\":[{\"ty\":\"gr\",\"it\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[1,1]}},\(rp)]},\(rp)]}]}"
        XCTAssertThrowsError(try LottieAnimation.from(data: Data(json.utf8))) { e in
            XCTAssertEqual((e as? LottieLoadError)?.path, "layers[0].shapes[1]")
        }
    }

    /// A copy count far past any Int (1e308, found by the mutation test) is clamped, not converted:
    /// the file loads or is refused with a located error, and never traps.
    func testHugeCopyCountsDoNotTrap() throws {
        XCTAssertEqual(RepeaterModel.clampedCount(1e308), RepeaterModel.maximumCopies)
        XCTAssertEqual(RepeaterModel.clampedCount(-1e308), 0)
        XCTAssertEqual(RepeaterModel.clampedCount(2.2), 3)
        XCTAssertEqual(RepeaterModel.clampedCount(.nan), 0)
        let text = try String(contentsOf: fixtureURL("repeater.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"c\": {\"a\": 0, \"k\": 3}", with: "\"c\": {\"a\": 0, \"k\": 1e308}")
        XCTAssertTrue(text.contains("1e308"))
        do {
            let a = try LottieAnimation.from(data: Data(text.utf8))
            _ = frame(a, 5)
        } catch {
            XCTAssertNotNil(error as? LottieLoadError, "\(error)")
        }
    }
}
