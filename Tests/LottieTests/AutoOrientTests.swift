import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Auto-orient (auto_orient.json): a 40 × 10 bar centred on its layer's origin turns along the
/// direction its position moves in, added to its own rotation.
final class AutoOrientTests: LottieTestCase {
    /// Moving from (50, 50) to (150, 150): at frame 5 the bar lies along the 45° diagonal through
    /// (100, 100), so (110, 110) is on it (14 along, 0 across) and (110, 90) is not (14 across).
    func testTurnsAlongTheDirectionOfTravel() throws {
        let img = frame(try load("auto_orient.json"), 5)
        XCTAssertEqual(img.alpha(110, 110), 255); XCTAssertEqual(img.alpha(89, 89), 255)
        XCTAssertEqual(img.alpha(110, 90), 0); XCTAssertEqual(img.alpha(90, 110), 0)
        XCTAssertEqual(try load("auto_orient.json").diagnostics, [])
    }

    /// Moving right with its own rotation of 90°: the bar stands upright at (100, 250).
    func testAddsToTheLayersRotation() throws {
        let img = frame(try load("auto_orient.json"), 5)
        XCTAssertEqual(img.alpha(100, 265), 255); XCTAssertEqual(img.alpha(115, 250), 0)
    }
}
