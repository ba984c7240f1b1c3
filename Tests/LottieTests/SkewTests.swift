import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Skew (skew.json), as lottie-web applies it between scale and rotation: turn by the axis `sa`,
/// shear x by y · tan(−`sk`), turn back. A 20 × 20 square centred on each transform's origin.
final class SkewTests: LottieTestCase {
    /// `sk` 45 on the x axis: x' = x − y, so 8 above the centre the square spans x −2...18 (and
    /// 8 to the right is inside, 8 to the left is not). Area is kept.
    func testLayerSkew() throws {
        let a = try load("skew.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        XCTAssertEqual(img.alpha(58, 42), 255); XCTAssertEqual(img.alpha(42, 42), 0)
        XCTAssertEqual(img.alpha(42, 58), 255); XCTAssertEqual(img.alpha(58, 58), 0)
        XCTAssertClose(img.cropping(rows: 0..<100).cropping(columns: 0..<100).coverage(), 400, 1)
    }

    /// A group's `sk` −45 on the axis at 90°: y' = y − x, a vertical shear.
    func testGroupSkewAlongAnAxis() throws {
        let img = frame(try load("skew.json"), 0)
        XCTAssertEqual(img.alpha(158, 42), 255); XCTAssertEqual(img.alpha(158, 58), 0)
        XCTAssertEqual(img.alpha(142, 58), 255); XCTAssertEqual(img.alpha(142, 42), 0)
    }

    /// Skew animated 0 → 45°: at frame 5, x' = x − y · tan 22.5°, so the pixel centred (12.5, −8.5)
    /// from the centre is inside (x = 9.0) and (−12.5, −8.5) is not (x = −16.0); at frame 0 neither is.
    func testAnimatedSkew() throws {
        let a = try load("skew.json")
        let f5 = frame(a, 5), f0 = frame(a, 0)
        XCTAssertEqual(f5.alpha(112, 141), 255); XCTAssertEqual(f5.alpha(87, 141), 0)
        XCTAssertEqual(f0.alpha(112, 141), 0)
    }
}
