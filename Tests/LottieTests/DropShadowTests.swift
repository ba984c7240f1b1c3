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

    /// A drop shadow layer style (`sy`, `ty` 1), as lottie-ios draws it: angle 90 (straight down),
    /// distance 20, size 20 (σ = size / 2 = 10), opacity 100 of 100, a blue shadow of a 40 × 40 red
    /// solid at (80, 40): at a pixel, the product of Φ differences along x and y.
    func testDropShadowLayerStyle() throws {
        func json(_ extra: String) -> Data {
            Data(("{\"fr\":10,\"ip\":0,\"op\":10,\"w\":200,\"h\":160,\"layers\":[{\"ty\":1,\"sc\":\"#ff0000\",\"sw\":40,\"sh\":40," +
                  "\"ip\":0,\"op\":10,\"st\":0,\"ks\":{\"p\":{\"a\":0,\"k\":[80,40]}}\(extra)}]}").utf8)
        }
        let style = ",\"sy\":[{\"ty\":1,\"nm\":\"Drop Shadow\",\"c\":{\"a\":0,\"k\":[0,0,1,1]},\"o\":{\"a\":0,\"k\":100},\"a\":{\"a\":0,\"k\":90}," +
            "\"s\":{\"a\":0,\"k\":20},\"d\":{\"a\":0,\"k\":20},\"ch\":{\"a\":0,\"k\":0},\"no\":{\"a\":0,\"k\":0}},{\"ty\":2,\"nm\":\"Inner Shadow\"}]"
        let a = try LottieAnimation.from(data: json(style))
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[0].sy[1]"], "the inner shadow is named, the drop shadow drawn")
        let img = frame(a, 0)
        func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }
        func expected(_ x: Int, _ y: Int) -> Double {
            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
            return 255 * (phi((cx - 80) / 10) - phi((cx - 120) / 10)) * (phi((cy - 60) / 10) - phi((cy - 100) / 10))
        }
        for (x, y) in [(100, 85), (100, 100), (75, 90), (125, 70), (100, 110)] {
            XCTAssertClose(Double(img.alpha(x, y)), expected(x, y), 6, "(\(x), \(y))")
        }
        XCTAssertEqual(img.pixel(x: 100, y: 60), 0xFFFF_0000, "the solid is on top")
        // Without the style nothing lies below the solid.
        XCTAssertEqual(frame(try LottieAnimation.from(data: json("")), 0).alpha(100, 90), 0)
    }

    /// The drop shadow is drawn; another effect is named with its path.
    func testDiagnostics() throws {
        XCTAssertEqual(try load("drop_shadow.json").diagnostics.map(\.path), ["layers[1].ef[1]"])
    }
}
