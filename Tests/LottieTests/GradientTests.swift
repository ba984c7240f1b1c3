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

    /// Gradients leave nothing in the diagnostics; a radial highlight is named (it is not drawn yet).
    func testDiagnostics() throws {
        XCTAssertEqual(try load("gradient.json").diagnostics, [])
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
         {"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]}},
         {"ty":"gf","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[90,50]},"h":{"a":0,"k":30},"a":{"a":0,"k":45},"o":{"a":0,"k":100},"r":1,
          "g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}}}]}]}
        """
        let a = try LottieAnimation.from(data: Data(json.utf8))
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[0].shapes[1].h"])
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
