import XCTest
import QuartzCore
@testable import SDLHost

/// The swipe recogniser: a press–drag–release that travels mostly sideways.
final class SwipeRecognizerTests: XCTestCase {
    func testSwipesNeedMostlyHorizontalTravel() {
        var s = SwipeRecognizer()
        s.down(CGPoint(x: 300, y: 100)); XCTAssertEqual(s.up(CGPoint(x: 200, y: 110)), .left)
        s.down(CGPoint(x: 100, y: 100)); XCTAssertEqual(s.up(CGPoint(x: 220, y: 90)), .right)
        s.down(CGPoint(x: 100, y: 100)); XCTAssertNil(s.up(CGPoint(x: 120, y: 100)), "too short: a click")
        s.down(CGPoint(x: 100, y: 100)); XCTAssertNil(s.up(CGPoint(x: 180, y: 180)), "diagonal")
        XCTAssertNil(s.up(CGPoint(x: 0, y: 0)), "no press")
    }
}
