import XCTest
import QuartzCore

/// The C names Apple code reaches through `import QuartzCore`, written as client code writes them
/// (only `import QuartzCore`, no `@testable`). Expected values are Apple's <math.h>:
/// `#define MAXFLOAT 0x1.fffffep+127f` and `#define HUGE MAXFLOAT`.
final class DarwinNamesTests: XCTestCase {
    func testHugeAndMaxFloatAreApplesFloatConstants() {
        // 0x1.fffffep+127 = (2 - 2^-23) * 2^127, the largest finite Float, as Apple defines both.
        let expected: Float = 0x1.fffffep+127
        let huge: Float = HUGE        // a Float, as on Apple (it would not compile as another type)
        let maxFloat: Float = MAXFLOAT
        XCTAssertEqual(huge, expected)
        XCTAssertEqual(maxFloat, expected)
        XCTAssertEqual(huge.bitPattern, 0x7F7F_FFFF, "the IEEE bits of 0x1.fffffep+127f")
        XCTAssertTrue(huge.isFinite, "HUGE is MAXFLOAT, not infinity, on Apple")
    }

    func testRepeatCountHugeAsLoadingIndicatorsWriteIt() {
        // The idiom of the loading-indicator libraries: repeat "for ever".
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.repeatCount = HUGE
        let b = CAKeyframeAnimation(keyPath: "opacity")
        b.repeatCount = MAXFLOAT
        XCTAssertEqual(a.repeatCount, 0x1.fffffep+127)
        XCTAssertEqual(b.repeatCount, 0x1.fffffep+127)
    }
    // M_PI, M_PI_2, FLT_MAX, DBL_MAX and the like come from Glibc with Apple's types; Swift marks
    // them deprecated on Apple and Linux alike, so they are not referenced here (each use warns).
}
