import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Layer blend modes (blend.json): over a red solid, green screened (red + green − red·green:
/// yellow), green multiplied (red·green: black), and blue by difference (|red − blue|: magenta).
final class BlendModeTests: LottieTestCase {
    func testBlendModes() throws {
        let a = try load("blend.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        XCTAssertEqual(img.pixel(x: 15, y: 50), 0xFFFF_FF00, "screen")
        XCTAssertEqual(img.pixel(x: 50, y: 50), 0xFF00_0000, "multiply")
        XCTAssertEqual(img.pixel(x: 85, y: 50), 0xFFFF_00FF, "difference")
    }

    /// Hard mix (17) has no compositing filter: named in the diagnostics.
    func testHardMixIsDiagnosed() throws {
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"layers\":[{\"ty\":1,\"bm\":17,\"ip\":0,\"op\":10,\"st\":0,\"sw\":10,\"sh\":10,\"sc\":\"#ffffff\",\"ks\":{}}]}"
        XCTAssertEqual(try LottieAnimation.from(data: Data(json.utf8)).diagnostics.map(\.path), ["layers[0].bm"])
    }
}
