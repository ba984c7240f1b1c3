import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Masks (mask.json: 100 × 100 red solids, each in its own square of the 200 × 300 frame, masks in
/// the solid's coordinates) and track mattes (matte.json), with the areas and pixels worked out from
/// the mask rectangles.
final class MaskTests: LottieTestCase {
    private func square(_ img: CGImage, _ x: Int, _ y: Int) -> CGImage { img.cropping(rows: y..<(y + 100)).cropping(columns: x..<(x + 100)) }

    /// Add (10...50)² then subtract (30...50)²: an L of 40² − 20² = 1200 px.
    func testAddThenSubtract() throws {
        let img = frame(try load("mask.json"), 0)
        XCTAssertClose(square(img, 0, 0).coverage(), 1200, 1)
        XCTAssertEqual(img.alpha(20, 20), 255); XCTAssertEqual(img.alpha(40, 40), 0); XCTAssertEqual(img.alpha(60, 60), 0)
    }

    /// Add (0...60)² then intersect (40...100)²: the overlap, (40...60)² = 400 px.
    func testIntersect() throws {
        let img = frame(try load("mask.json"), 0)
        XCTAssertClose(square(img, 100, 0).coverage(), 400, 1)
        XCTAssertEqual(img.alpha(150, 50), 255); XCTAssertEqual(img.alpha(120, 20), 0); XCTAssertEqual(img.alpha(180, 80), 0)
    }

    /// Inverted at 50 %: half opaque outside (20...80)², nothing inside: (10000 − 3600) / 2 px.
    func testInvertedMaskWithOpacity() throws {
        let img = frame(try load("mask.json"), 0)
        XCTAssertClose(square(img, 0, 100).coverage(), 3200, 20)
        XCTAssertClose(Double(img.alpha(10, 110)), 127.5, 1.5); XCTAssertEqual(img.alpha(50, 150), 0)
    }

    /// A first mask that subtracts cuts from the whole layer: the right half stays.
    func testFirstMaskSubtracts() throws {
        let img = frame(try load("mask.json"), 0)
        XCTAssertEqual(img.alpha(125, 150), 0); XCTAssertEqual(img.alpha(175, 150), 255)
        XCTAssertClose(square(img, 100, 100).coverage(), 5000, 1)
    }

    /// Expanded by 10: the 40² square grows to 60² with corners rounded by 10: 3600 − (4 − π)·100.
    func testExpansion() throws {
        let img = frame(try load("mask.json"), 0)
        XCTAssertClose(square(img, 0, 200).coverage(), 3600 - (4 - Double.pi) * 100, 4)
        XCTAssertEqual(img.alpha(21, 250), 255); XCTAssertEqual(img.alpha(18, 250), 0)
    }

    /// Expansion below zero shrinks the mask, and inverted masks expand and shrink too
    /// (mask_expansion.json, one 100 × 100 solid per square): (20...80)² shrunk by 10 is 40²;
    /// everything but (30...70)² grown by 10 (60², corners rounded by 10); everything but it shrunk
    /// by 10 (20²); and an expansion animated −10 → 10: 20², 40², then the rounded 60².
    func testNegativeAndInvertedExpansion() throws {
        let a = try load("mask_expansion.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        let grown = 3600 - (4 - Double.pi) * 100
        XCTAssertClose(square(img, 0, 0).coverage(), 1600, 1)
        XCTAssertEqual(img.alpha(31, 31), 255); XCTAssertEqual(img.alpha(28, 50), 0)
        XCTAssertClose(square(img, 100, 0).coverage(), 10000 - grown, 5)
        XCTAssertClose(square(img, 0, 100).coverage(), 9600, 1)
        XCTAssertEqual(img.alpha(50, 150), 0); XCTAssertEqual(img.alpha(35, 135), 255)
        XCTAssertClose(square(img, 100, 100).coverage(), 400, 1)
        XCTAssertClose(square(frame(a, 5), 100, 100).coverage(), 1600, 1)
        XCTAssertClose(square(frame(a, 10), 100, 100).coverage(), grown, 5)
    }

    /// Darken, difference and lighten after adding (0...60)², with (40...100)² (mask_modes.json):
    /// the overlap (400), both but the overlap (6400), both (6800); and a 50 % mask then a full
    /// difference on the left half: |½ − 1| = ½ on the left, ½ on the right.
    func testLightenDarkenDifference() throws {
        let a = try load("mask_modes.json")
        XCTAssertEqual(a.diagnostics.count, 4)
        XCTAssertTrue(a.diagnostics.allSatisfy { $0.message.contains("drawn as add, intersect or xor") })
        let img = frame(a, 0)
        XCTAssertClose(square(img, 0, 0).coverage(), 400, 1)
        XCTAssertClose(square(img, 100, 0).coverage(), 6400, 1)
        XCTAssertEqual(img.alpha(150, 50), 0, "the overlap is cut out")
        XCTAssertClose(square(img, 0, 100).coverage(), 6800, 1)
        XCTAssertClose(Double(img.alpha(125, 150)), 127.5, 1.5); XCTAssertClose(Double(img.alpha(175, 150)), 127.5, 1.5)
    }

    /// Mask opacity animated 0 → 100 %: half at frame 5.
    func testAnimatedMaskOpacity() throws {
        let a = try load("mask.json")
        XCTAssertEqual(frame(a, 0).alpha(150, 250), 0)
        XCTAssertClose(Double(frame(a, 5).alpha(150, 250)), 127.5, 1.5)
    }

    /// Alpha matte (x < 50 of the red solid shows), inverted alpha matte (x ≥ 150 of the green one),
    /// and a matte named by `tp` whose layer moves down 50 over 10 frames (rows 100...150 at frame 0,
    /// 125...175 at frame 5, of the blue solid); matte layers are not drawn themselves.
    func testTrackMattes() throws {
        let a = try load("matte.json")
        let img = frame(a, 0)
        XCTAssertEqual(img.pixel(x: 25, y: 50), 0xFFFF_0000); XCTAssertEqual(img.alpha(75, 50), 0)
        XCTAssertEqual(img.alpha(125, 50), 0); XCTAssertEqual(img.pixel(x: 175, y: 50), 0xFF00_FF00)
        XCTAssertEqual(img.pixel(x: 100, y: 120), 0xFF00_00FF); XCTAssertEqual(img.alpha(100, 160), 0)
        XCTAssertClose(img.cropping(rows: 100..<200).coverage(), 200 * 50, 1)
        let f5 = frame(a, 5)
        XCTAssertEqual(f5.alpha(100, 120), 0); XCTAssertEqual(f5.alpha(100, 130), 255); XCTAssertEqual(f5.alpha(100, 180), 0)
    }

    /// Masks and track mattes leave no diagnostics; lighten masks are named.
    func testDiagnostics() throws {
        XCTAssertEqual(try load("mask.json").diagnostics, [])
        XCTAssertEqual(try load("matte.json").diagnostics, [])
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
         {"ty":1,"td":1,"ip":0,"op":10,"st":0,"sw":10,"sh":10,"sc":"#ffffff","ks":{}},
         {"ty":1,"tt":3,"ip":0,"op":10,"st":0,"sw":10,"sh":10,"sc":"#ffffff","ks":{},
          "masksProperties":[{"mode":"l","pt":{"a":0,"k":{"c":true,"v":[[0,0],[5,0],[5,5]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}]}]}
        """
        let d = try LottieAnimation.from(data: Data(json.utf8)).diagnostics.map(\.path)
        XCTAssertEqual(Set(d), ["layers[1].masksProperties[0].mode"])
    }
}
