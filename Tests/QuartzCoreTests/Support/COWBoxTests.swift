import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// COWBox and LayerState.subclass changed in place: copies stay apart (values), a box held once
/// is changed where it is (no copy of the whole value made to change one part of it).
final class COWBoxTests: XCTestCase {
    /// A field set on a copy of a state (which shares the original's box) leaves the original's.
    func testFieldSetOnACopyLeavesTheOriginal() {
        var a = LayerState()
        a.subclass.lineWidth = 3
        var b = a
        b.subclass.lineWidth = 7
        XCTAssertEqual(a.subclass.lineWidth, 3)
        XCTAssertEqual(b.subclass.lineWidth, 7)
        var box = COWBox([1, 2])
        let copy = box
        box.value.append(3)
        XCTAssertEqual(copy.value, [1, 2])
        XCTAssertEqual(box.value, [1, 2, 3])
    }

    /// A state without subclass fields gets them, at their defaults, when one is set.
    func testFieldSetOnAPlainStateStartsFromTheDefaults() {
        var s = LayerState()
        XCTAssertNil(s.sub)
        s.subclass.strokeEnd = 0.5
        XCTAssertEqual(s.subclass.strokeEnd, 0.5)
        XCTAssertEqual(s.subclass.lineWidth, 1)
        XCTAssertEqual(LayerState.defaultSubclass.strokeEnd, 1)
    }

    /// Changing part of the value in a box held once keeps the value's storage: an array in it is
    /// changed where it is (a copy out and back would have made the array's storage shared, and
    /// the change would have copied it elsewhere).
    func testABoxHeldOnceIsChangedWhereItIs() {
        var box = COWBox([Int](repeating: 0, count: 1000))
        let before = box.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        box.value[5] = 1
        let after = box.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        XCTAssertEqual(before, after)
        XCTAssertEqual(box.value[5], 1)
        var s = LayerState()
        s.subclass.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        let colors = s.subclass.colors.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        s.subclass.colors[0] = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(s.subclass.colors.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, colors)
    }
}
