import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Drop shadow effects (drop_shadow.json), as lottie-web draws them: the layer's alpha blurred with
/// a standard deviation of softness / 4, moved `distance` towards `direction` (clockwise from up),
/// in the shadow colour at opacity / 255, under the layer. Two 40 × 40 red solids, blue shadows.
final class DropShadowTests: LottieTestCase {
    /// Direction 180° (down), distance 20, softness 0: a sharp copy 20 lower, under the solid.
    func testSharpShadow() throws {
        let img = frame(try load("drop_shadow.json"), 0)
        XCTAssertEqual(img.pixel(x: 60, y: 70), 0xFFFF_0000, "the solid is on top")
        XCTAssertEqual(img.pixel(x: 60, y: 90), 0xFF00_00FF, "the shadow below it")
        XCTAssertEqual(img.alpha(60, 101), 0); XCTAssertEqual(img.alpha(35, 90), 0)
    }

    /// Direction 90° (right), distance 30, softness 40 (σ 10): the shadow of the square x 160...200,
    /// y 40...80, blurred: at a pixel, the product of Φ differences along x and y.
    func testSoftShadow() throws {
        let img = frame(try load("drop_shadow.json"), 0)
        func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }
        func expected(_ x: Int, _ y: Int) -> Double {
            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
            return 255 * (phi((cx - 160) / 10) - phi((cx - 200) / 10)) * (phi((cy - 40) / 10) - phi((cy - 80) / 10))
        }
        for (x, y) in [(200, 60), (215, 60), (185, 85), (180, 95)] {
            XCTAssertClose(Double(img.alpha(x, y)), expected(x, y), 6, "(\(x), \(y))")
        }
        XCTAssertEqual(img.pixel(x: 150, y: 60), 0xFFFF_0000)
    }

    /// The drop shadow is drawn; another effect is named with its path.
    func testDiagnostics() throws {
        XCTAssertEqual(try load("drop_shadow.json").diagnostics.map(\.path), ["layers[1].ef[1]"])
    }
}
