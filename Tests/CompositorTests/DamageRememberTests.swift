import XCTest
import CoreGraphics
@testable import Compositor

/// DamageTracker.remember (a frame redrawn whole, not compared): the next frame's damage is the
/// same as after comparing that frame, worked out by hand for a move, and nothing when it repeats.
final class DamageRememberTests: XCTestCase {
    typealias Layer = DamageTrackerTests.Layer
    let frame = IntRect(x: 0, y: 0, width: 40, height: 30)

    func root(_ layers: [Layer]) -> Layer { Layer(1, 0, 0, 40, 30, color: 0, layers) }

    /// A 6 × 4 layer at (10, 5) remembered, then at (20, 12): old (9, 4) 8 × 6 and new (19, 11) 8 × 6,
    /// union (9, 4)…(27, 17), as when the first frame was compared.
    func testDamageAfterARememberedFrameIsAsAfterAComparedOne() {
        let a = root([Layer(2, 10, 5, 6, 4)]), b = root([Layer(2, 20, 12, 6, 4)])
        var compared = DamageTracker()
        _ = compared.damage(for: root([]).tree, toDevice: .identity, frame: frame)
        _ = compared.damage(for: a.tree, toDevice: .identity, frame: frame)
        var remembered = DamageTracker()
        _ = remembered.damage(for: root([]).tree, toDevice: .identity, frame: frame)
        remembered.remember(a.tree, toDevice: .identity)
        let expected = IntRect(x: 9, y: 4, width: 18, height: 13)
        XCTAssertEqual(compared.damage(for: b.tree, toDevice: .identity, frame: frame), expected)
        XCTAssertEqual(remembered.damage(for: b.tree, toDevice: .identity, frame: frame), expected)
        // Remembered several times over (only the last counts), then the same tree: no damage.
        remembered.remember(a.tree, toDevice: .identity)
        remembered.remember(b.tree, toDevice: .identity)
        XCTAssertTrue(remembered.damage(for: b.tree, toDevice: .identity, frame: frame).isEmpty)
        // A remembered first frame counts as a previous frame (not all damage); reset forgets it.
        var first = DamageTracker()
        first.remember(a.tree, toDevice: .identity)
        XCTAssertTrue(first.damage(for: a.tree, toDevice: .identity, frame: frame).isEmpty)
        first.remember(a.tree, toDevice: .identity)
        first.reset()
        XCTAssertEqual(first.damage(for: a.tree, toDevice: .identity, frame: frame), frame)
    }
}
