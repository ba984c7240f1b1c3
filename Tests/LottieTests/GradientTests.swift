import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Gradient fills and strokes (gradient.json), compared with colours worked out from the stops:
/// a pixel's gradient parameter is where its centre projects onto s→e (linear) or its distance
/// from s over |e − s| (radial); colour and opacity are each linear between their own stops.
/// Lamina's gradients go through a 256-entry table, so values may be off by 2 levels.
final class GradientTests: LottieTestCase {
    private let tol = 2.0

    /// Linear, red → blue from x 0 to 100: at pixel x, t = (x + 0.5) / 100.
    func testLinearGradientFill() throws {
        let img = frame(try load("gradient.json"), 0)
        for x in [0, 25, 50, 75, 99] {
            let t = (Double(x) + 0.5) / 100
            XCTAssertEqual(img.alpha(x, 10), 255)
            XCTAssertClose(Double(img.red(x, 10)), 255 * (1 - t), tol, "x \(x)")
            XCTAssertClose(Double(img.blue(x, 10)), 255 * t, tol, "x \(x)")
        }
        XCTAssertEqual(img.alpha(50, 21), 0, "only the rectangle is painted")
        XCTAssertEqual(img.alpha(101, 10), 0)
    }

    /// Opacity stops 1 → 0 at the same places as the colours: premultiplied red (1 − t)², blue t (1 − t).
    func testOpacityStops() throws {
        let img = frame(try load("gradient.json"), 0)
        for x in [10, 50, 80] {
            let t = (Double(x) + 0.5) / 100
            XCTAssertClose(Double(img.alpha(x, 40)), 255 * (1 - t), tol, "x \(x)")
            XCTAssertClose(Double(img.red(x, 40)), 255 * (1 - t) * (1 - t), tol, "x \(x)")
            XCTAssertClose(Double(img.blue(x, 40)), 255 * t * (1 - t), tol, "x \(x)")
        }
    }

    /// Opacity stops 1, 0, 1 at 0, 0.5, 1 between colour stops at 0 and 1: the opacity has its own
    /// stops (alpha 2·|t − 0.5|) while the colour stays linear red → blue.
    func testOpacityStopsBetweenColourStops() throws {
        let img = frame(try load("gradient.json"), 0)
        for x in [10, 25, 50, 70, 90] {
            let t = (Double(x) + 0.5) / 100, a = 2 * abs(t - 0.5)
            XCTAssertClose(Double(img.alpha(x, 70)), 255 * a, tol, "x \(x)")
            XCTAssertClose(Double(img.red(x, 70)), 255 * a * (1 - t), tol, "x \(x)")
            XCTAssertClose(Double(img.blue(x, 70)), 255 * a * t, tol, "x \(x)")
        }
    }

    /// Radial, black at the centre (50, 140) to white at radius 50, white beyond.
    func testRadialGradientFill() throws {
        let img = frame(try load("gradient.json"), 0)
        for (x, y) in [(50, 140), (75, 140), (50, 110), (80, 160), (99, 189)] {
            let d = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 140)
            XCTAssertClose(Double(img.green(x, y)), 255 * min(1, d / 50), tol, "(\(x), \(y))")
            XCTAssertEqual(img.alpha(x, y), 255)
        }
    }

    /// A gradient stroke 10 wide along y 30 from x 110 to 190, red → green along it: painted only
    /// within 5 of the line, the colour following x.
    func testGradientStroke() throws {
        let img = frame(try load("gradient.json"), 0)
        for x in [115, 150, 185] {
            let t = (Double(x) + 0.5 - 110) / 80
            XCTAssertEqual(img.alpha(x, 30), 255)
            XCTAssertClose(Double(img.red(x, 30)), 255 * (1 - t), tol, "x \(x)")
            XCTAssertClose(Double(img.green(x, 30)), 255 * t, tol, "x \(x)")
        }
        XCTAssertEqual(img.alpha(150, 26), 255); XCTAssertEqual(img.alpha(150, 24), 0, "half the width is 5")
        XCTAssertEqual(img.alpha(108, 30), 0, "butt caps")
    }

    /// Stops whose colours animate red → blue (locations fixed): halfway at frame 5 everywhere.
    func testAnimatedStopColours() throws {
        let a = try load("gradient.json")
        XCTAssertClose(Double(frame(a, 0).red(150, 80)), 255, tol)
        let mid = frame(a, 5)
        for x in [112, 150, 188] {
            XCTAssertClose(Double(mid.red(x, 80)), 127.5, tol); XCTAssertClose(Double(mid.blue(x, 80)), 127.5, tol)
        }
    }

    /// A stop moving from 0.5 to 1 (red at 0 to blue at that stop): at frame 5 it is at 0.75, so at
    /// pixel x the blue share is t / 0.75.
    func testAnimatedStopLocations() throws {
        let img = frame(try load("gradient.json"), 5)
        for x in [120, 140, 165, 180] {
            let t = (Double(x) + 0.5 - 110) / 80, b = min(1, t / 0.75)
            XCTAssertClose(Double(img.blue(x, 130)), 255 * b, tol, "x \(x)")
            XCTAssertClose(Double(img.red(x, 130)), 255 * (1 - b), tol, "x \(x)")
        }
    }

    /// Gradients leave nothing in the diagnostics.
    func testNoDiagnostics() throws {
        XCTAssertEqual(try load("gradient.json").diagnostics, [])
    }

    /// A radial gradient with a highlight, as lottie-web draws it: from the focal point `h` % of the
    /// radius from the centre (towards `e` turned by `a`) to the circle. At a point p, t is |p − f|
    /// over the distance from f to the circle along the ray through p. Black → white; radius 40
    /// around (50, 50); highlight 50 % at an angle animated 0° → 180° over 10 frames, so the focal
    /// point is (70, 50) at frame 0 and (50, 70) at frame 5.
    func testRadialHighlight() throws {
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
         {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},
         {"ty":"gf","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[90,50]},"h":{"a":0,"k":50},
          "a":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[180]}]},"o":{"a":0,"k":100},"r":1,
          "g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1]}}}]}]}
        """
        let a = try LottieAnimation.from(data: Data(json.utf8))
        XCTAssertEqual(a.diagnostics, [])
        func expected(_ x: Int, _ y: Int, focal f: (Double, Double)) -> Double {
            let px = Double(x) + 0.5 - f.0, py = Double(y) + 0.5 - f.1, len = hypot(px, py)
            guard len > 0 else { return 0 }
            let dx = px / len, dy = py / len
            // |f + u d − c|² = r²: u² + 2 u (d·(f − c)) + |f − c|² − r² = 0, the positive root.
            let fx = f.0 - 50, fy = f.1 - 50
            let b = dx * fx + dy * fy, c = fx * fx + fy * fy - 1600
            let u = -b + (b * b - c).squareRoot()
            return 255 * min(1, len / u)
        }
        let f0 = frame(a, 0)
        // By hand: the centre of pixel (30, 50) is about 39.5 left of the focal point, whose ray
        // meets the circle 60 away (at x 10): t ≈ 0.66.
        XCTAssertClose(Double(f0.green(30, 50)), 255 * 39.5 / 60, 3)
        for (x, y) in [(70, 50), (79, 49), (30, 50), (50, 20), (60, 75), (95, 95)] {
            XCTAssertClose(Double(f0.green(x, y)), expected(x, y, focal: (70, 50)), 3, "frame 0 (\(x), \(y))")
        }
        let f5 = frame(a, 5)
        for (x, y) in [(50, 70), (50, 30), (30, 50), (75, 60)] {
            XCTAssertClose(Double(f5.green(x, y)), expected(x, y, focal: (50, 70)), 3, "frame 5 (\(x), \(y))")
        }
    }

    /// A highlighted gradient wider than the largest backing image (4000 points) is drawn at a lower
    /// resolution, still right: black → white from the focal point (2000 + 0.5 · 1000, 20) to the
    /// circle of radius 1000 around (2000, 20), checked along the axis where t is the distance from
    /// the focal point over the distance from it to the circle.
    func testLargeHighlightedGradient() throws {
        let json = """
        {"fr":10,"ip":0,"op":10,"w":4000,"h":40,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
         {"ty":"rc","p":{"a":0,"k":[2000,20]},"s":{"a":0,"k":[4000,40]},"r":{"a":0,"k":0}},
         {"ty":"gf","t":2,"s":{"a":0,"k":[2000,20]},"e":{"a":0,"k":[3000,20]},"h":{"a":0,"k":50},"a":{"a":0,"k":0},"o":{"a":0,"k":100},"r":1,
          "g":{"p":2,"k":{"a":0,"k":[0,0,0,0,1,1,1,1]}}}]}]}
        """
        let img = frame(try LottieAnimation.from(data: Data(json.utf8)), 0)
        // Right of the focal point (2500) the circle is 500 away; left of it, 1500.
        for (x, t) in [(2750, 250.0 / 500), (2999, 1.0), (2000, 500.0 / 1500), (1250, 1250.0 / 1500), (100, 1.0)] {
            XCTAssertClose(Double(img.green(x, 20)), 255 * t, 4, "x \(x)")
            XCTAssertEqual(img.alpha(x, 20), 255)
        }
    }

    /// Stops that do not match `g.p` are a located error.
    func testBadStopsAreALocatedError() {
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
         {"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[90,50]},"o":{"a":0,"k":100},"r":1,"g":{"p":3,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}]}]}
        """
        XCTAssertThrowsError(try LottieAnimation.from(data: Data(json.utf8))) { e in
            let l = e as? LottieLoadError
            XCTAssertEqual(l?.path, "layers[0].shapes[0].g.k")
            XCTAssertTrue(l?.message.contains("12 numbers for 3 colour stops") ?? false, l?.message ?? "")
        }
    }
}
