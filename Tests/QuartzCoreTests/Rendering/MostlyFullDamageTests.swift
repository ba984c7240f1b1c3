import XCTest
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// A renderer whose frames change almost all over, three in a row, redraws the next seven whole
/// without comparing them, then compares again: a smaller change is found again then. Every frame
/// has the pixels a fresh renderer draws.
final class MostlyFullDamageTests: LaminaTestCase {
    func testFramesChangingAllOverAreRedrawnWholeThenComparedAgain() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let back = CALayer()
        back.frame = root.bounds
        back.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let flash = CABasicAnimation(keyPath: "backgroundColor")
        flash.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        flash.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        flash.duration = 10
        back.add(flash, forKey: "flash")
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(back)
        root.addSublayer(dot)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 40, height: 40))
        r.layer = root
        let whole = 40 * 40
        var areas: [Int] = []
        for k in 1...11 {
            if k == 4 {
                // From here on only the small dot moves.
                back.removeAnimation(forKey: "flash")
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 2.0; move.toValue = 38.0; move.duration = 10
                dot.add(move, forKey: "move")
                CATransaction.flush()
            }
            CAMediaClock.manualTime = t0 + 0.1 * Double(k)
            let t = CACurrentMediaTime()
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            areas.append(r.damageRect.width * r.damageRect.height)
            let fresh = CARenderer(size: CGSize(width: 40, height: 40))
            fresh.layer = root
            fresh.beginFrame(atTime: t); fresh.render(); fresh.endFrame()
            XCTAssertTrue(r.pixelBuffer.pixels == fresh.pixelBuffer.pixels, "frame \(k) differs from a fresh renderer's")
        }
        // Frames 1-3 change all over (the first has no frame before it); 4-10 are redrawn whole
        // uncompared, though from 5 on only the dot moves; 11 is compared: the dot's few pixels.
        XCTAssertEqual(Array(areas[0..<10]), Array(repeating: whole, count: 10))
        XCTAssertGreaterThan(areas[10], 0)
        XCTAssertLessThan(areas[10], whole / 4)
    }
}
