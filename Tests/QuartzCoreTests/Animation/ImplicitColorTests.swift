import XCTest
@testable import QuartzCore

final class ImplicitColorTests: LaminaTestCase {
    /// Listing 7.1: the implicit colour change passes through the colours in between.
    func testImplicitColourAnimationInterpolatesRGB() {
        let l = makeLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        at(0.125)
        let c = l.presentation()!.backgroundColor!.srgbComponents
        // The default curve at 0.5 (0.125 s of 0.25 s): 0.802403387585, from the independent table of
        // NamedTimingFunctionReferenceTests (reference/timing_functions.py).
        let f = 0.802403387585
        XCTAssertClose(Double(c.red), f, 1e-6)
        XCTAssertClose(Double(c.blue), 1 - f, 1e-6)
        XCTAssertClose(Double(c.alpha), 1, 1e-9)
    }
}
