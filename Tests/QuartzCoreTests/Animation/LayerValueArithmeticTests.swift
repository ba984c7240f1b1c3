import XCTest
@testable import QuartzCore

/// The value arithmetic animations are built on: components, interpolation, addition, scaling,
/// subtraction and distance of every kind of layer value, and conversion from the types apps pass
/// (Swift numbers, NSNumber, NSValue). Expected values worked out by hand.
final class LayerValueArithmeticTests: XCTestCase {
    private let grey = CGColor(gray: 0.25, alpha: 0.5)
    private let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)

    func testComponentsOfEachKind() {
        XCTAssertEqual(LayerValue.number(2.5).components, [2.5])
        XCTAssertEqual(LayerValue.bool(true).components, [1])
        XCTAssertEqual(LayerValue.bool(false).components, [0])
        XCTAssertEqual(LayerValue.point(CGPoint(x: 1, y: 2)).components, [1, 2])
        XCTAssertEqual(LayerValue.size(CGSize(width: 3, height: 4)).components, [3, 4])
        XCTAssertEqual(LayerValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4)).components, [1, 2, 3, 4])
        XCTAssertEqual(LayerValue.color(grey).components, [0.25, 0.25, 0.25, 0.5], "grey as sRGB RGBA")
        XCTAssertNil(LayerValue.color(nil).components)
        XCTAssertEqual(LayerValue.numberArray([5, 6]).components, [5, 6])
        let t = CATransform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8, m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        XCTAssertEqual(LayerValue.transform(t).components, (1...16).map(Double.init), "row by row")
        XCTAssertNil(LayerValue.path(nil).components)
        XCTAssertNil(LayerValue.contents(HandedOver(nil)).components)
        XCTAssertNil(LayerValue.colorArray([grey]).components)
    }

    func testFromComponents() {
        guard case .point(let p)? = LayerValue.fromComponents([1, 2], kind: .point) else { return XCTFail() }
        XCTAssertEqual(p, CGPoint(x: 1, y: 2))
        guard case .size(let s)? = LayerValue.fromComponents([3, 4], kind: .size) else { return XCTFail() }
        XCTAssertEqual(s, CGSize(width: 3, height: 4))
        guard case .rect(let r)? = LayerValue.fromComponents([1, 2, 3, 4], kind: .rect) else { return XCTFail() }
        XCTAssertEqual(r, CGRect(x: 1, y: 2, width: 3, height: 4))
        guard case .color(let c?)? = LayerValue.fromComponents([1.5, 0.25, -1, 0.5], kind: .color) else { return XCTFail() }
        XCTAssertEqual(c.components, [1, 0.25, 0, 0.5], "clamped to 0...1")
        guard case .bool(let yes)? = LayerValue.fromComponents([0.5], kind: .bool), case .bool(let no)? = LayerValue.fromComponents([0.49], kind: .bool) else { return XCTFail() }
        XCTAssertTrue(yes); XCTAssertFalse(no)
        guard case .transform(let m)? = LayerValue.fromComponents((1...16).map(Double.init), kind: .transform) else { return XCTFail() }
        XCTAssertEqual(m.m11, 1); XCTAssertEqual(m.m14, 4); XCTAssertEqual(m.m21, 5); XCTAssertEqual(m.m34, 12); XCTAssertEqual(m.m41, 13); XCTAssertEqual(m.m44, 16)
        for (kind, n) in [(ValueKind.number, 0), (.bool, 0), (.point, 1), (.size, 1), (.rect, 3), (.color, 3), (.transform, 15)] {
            XCTAssertNil(LayerValue.fromComponents([Double](repeating: 1, count: n), kind: kind), "\(kind) from \(n)")
        }
        XCTAssertNil(LayerValue.fromComponents([1, 2], kind: .path))
    }

    private func doubles(_ v: LayerValue) -> [Double] { v.components ?? [] }

    func testInterpolation() {
        XCTAssertEqual(doubles(LayerValue.interpolate(.number(2), .number(10), 0.25)), [4])
        XCTAssertEqual(doubles(LayerValue.interpolate(.number(2), .number(10), 1.5)), [14], "beyond the end (an overshooting spring)")
        XCTAssertEqual(doubles(LayerValue.interpolate(.point(CGPoint(x: 0, y: 10)), .point(CGPoint(x: 8, y: 2)), 0.25)), [2, 8])
        XCTAssertEqual(doubles(LayerValue.interpolate(.size(CGSize(width: 4, height: 10)), .size(CGSize(width: 8, height: 2)), 0.75)), [7, 4])
        XCTAssertEqual(doubles(LayerValue.interpolate(.rect(CGRect(x: 0, y: 4, width: 8, height: 12)), .rect(CGRect(x: 4, y: 0, width: 0, height: 4)), 0.25)), [1, 3, 6, 10])
        XCTAssertEqual(doubles(LayerValue.interpolate(.numberArray([0, 4]), .numberArray([4, 0]), 0.25)), [1, 3])
        XCTAssertEqual(doubles(LayerValue.interpolate(.color(grey), .color(orange), 0.5)), [0.625, 0.375, 0.125, 0.75])
        // Colour arrays blend colour by colour when their counts match, else switch halfway.
        guard case .colorArray(let blended) = LayerValue.interpolate(.colorArray([grey, orange]), .colorArray([orange, grey]), 0.5) else { return XCTFail() }
        XCTAssertEqual(blended.map { $0.components ?? [] }, [[0.625, 0.375, 0.125, 0.75], [0.625, 0.375, 0.125, 0.75]])
        guard case .colorArray(let early) = LayerValue.interpolate(.colorArray([grey]), .colorArray([orange, grey]), 0.4),
              case .colorArray(let late) = LayerValue.interpolate(.colorArray([grey]), .colorArray([orange, grey]), 0.6) else { return XCTFail() }
        XCTAssertEqual(early.count, 1); XCTAssertEqual(late.count, 2)
        // Values that cannot blend switch at one half.
        XCTAssertEqual(doubles(LayerValue.interpolate(.bool(false), .bool(true), 0.49)), [0])
        XCTAssertEqual(doubles(LayerValue.interpolate(.bool(false), .bool(true), 0.5)), [1])
        XCTAssertEqual(doubles(LayerValue.interpolate(.numberArray([1]), .numberArray([1, 2]), 0.49)), [1])
        XCTAssertEqual(doubles(LayerValue.interpolate(.numberArray([1]), .numberArray([1, 2]), 0.51)), [1, 2])
        // The ends are the values themselves.
        let a = LayerValue.contents(HandedOver("a")), b = LayerValue.contents(HandedOver("b"))
        guard case .contents(let c0) = LayerValue.interpolate(a, b, 0), case .contents(let c1) = LayerValue.interpolate(a, b, 1) else { return XCTFail() }
        XCTAssertEqual(c0.value as? String, "a"); XCTAssertEqual(c1.value as? String, "b")
        // From no colour: from the target colour made transparent; to no colour likewise.
        XCTAssertEqual(doubles(LayerValue.interpolate(.color(orange), .color(nil), 0.25)), [1, 0.5, 0, 0.75])
    }

    func testAddScaleSubtractDistance() {
        XCTAssertEqual(doubles(LayerValue.add(.number(2), .number(3))), [5])
        XCTAssertEqual(doubles(LayerValue.add(.point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 10, y: 20)))), [11, 22])
        XCTAssertEqual(doubles(LayerValue.add(.number(2), .point(.zero))), [0, 0], "kinds that cannot add: the second")
        XCTAssertEqual(doubles(LayerValue.scale(.number(3), by: 4)), [12])
        XCTAssertEqual(doubles(LayerValue.scale(.rect(CGRect(x: 1, y: 2, width: 3, height: 4)), by: -2)), [-2, -4, -6, -8])
        XCTAssertEqual(doubles(LayerValue.subtract(.point(CGPoint(x: 5, y: 7)), .point(CGPoint(x: 1, y: 10)))), [4, -3])
        XCTAssertEqual(doubles(LayerValue.subtract(.point(CGPoint(x: 5, y: 7)), .number(1))), [5, 7], "kinds that cannot subtract: the first")
        XCTAssertEqual(LayerValue.distance(.point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 4, y: 6))), 5)
        XCTAssertEqual(LayerValue.distance(.number(-2), .number(3)), 5)
        XCTAssertEqual(LayerValue.distance(.number(1), .point(.zero)), 1, "no common components")
        XCTAssertEqual(LayerValue.distance(.path(nil), .path(nil)), 1)
        // Transforms: adding concatenates (the first, then the second), scaling repeats, subtracting
        // undoes the second.
        let a = Ref4.translation(1, 2, 3), b = Ref4.rotation(0.5, 0, 0, 1)
        guard case .transform(let sum) = LayerValue.add(.transform(Ref4.make(a)), .transform(Ref4.make(b))) else { return XCTFail() }
        XCTAssertLessThan(Ref4.distance(Ref4.rows(sum), Ref4.mul(a, b)), 1e-12)
        guard case .transform(let thrice) = LayerValue.scale(.transform(Ref4.make(b)), by: 3) else { return XCTFail() }
        XCTAssertLessThan(Ref4.distance(Ref4.rows(thrice), Ref4.rotation(1.5, 0, 0, 1)), 1e-12)
        for k in [0.0, -2, .nan] {
            guard case .transform(let none) = LayerValue.scale(.transform(Ref4.make(b)), by: k) else { return XCTFail() }
            XCTAssertEqual(Ref4.rows(none), Ref4.identity, "\(k) repeats")
        }
        guard case .transform(let diff) = LayerValue.subtract(.transform(Ref4.make(Ref4.mul(a, b))), .transform(Ref4.make(b))) else { return XCTFail() }
        XCTAssertLessThan(Ref4.distance(Ref4.rows(diff), a), 1e-12)
    }

    func testConversionFromAppValues() {
        for any: Any in [2.5, CGFloat(2.5), Float(2.5), NSNumber(value: 2.5)] {
            XCTAssertEqual(LayerValue.from(any, kind: .number)?.doubleValue, 2.5, "\(type(of: any))")
        }
        for any: Any in [3, Int32(3), Int64(3), UInt(3)] {
            XCTAssertEqual(LayerValue.from(any, kind: .number)?.doubleValue, 3, "\(type(of: any))")
        }
        XCTAssertNil(LayerValue.from("3", kind: .number))
        XCTAssertEqual(LayerValue.from(true, kind: .bool)?.doubleValue, 1)
        XCTAssertEqual(LayerValue.from(0, kind: .bool)?.doubleValue, 0)
        XCTAssertEqual(LayerValue.from(NSValue(point: CGPoint(x: 1, y: 2)), kind: .point)?.components, [1, 2])
        XCTAssertEqual(LayerValue.from(NSValue(size: CGSize(width: 3, height: 4)), kind: .size)?.components, [3, 4])
        XCTAssertEqual(LayerValue.from(NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), kind: .rect)?.components, [1, 2, 3, 4])
        XCTAssertNil(LayerValue.from(NSValue(size: CGSize(width: 3, height: 4)), kind: .point), "a boxed size is not a point")
        XCTAssertNil(LayerValue.from(NSValue(point: .zero), kind: .rect))
        XCTAssertNil(LayerValue.from(NSValue(rect: .zero), kind: .size))
        let affine = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5)
        XCTAssertEqual(LayerValue.from(affine, kind: .transform)?.components, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 4, 5, 0, 1])
        XCTAssertEqual(LayerValue.from(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 2)), kind: .transform)?.components?[0], 2)
        XCTAssertNil(LayerValue.from(NSNumber(value: 1), kind: .transform))
        guard case .color(nil)? = LayerValue.from(NSNull(), kind: .color), case .color(nil)? = LayerValue.from(nil, kind: .color),
              case .color(nil)? = LayerValue.from(Optional<CGColor>.none as Any, kind: .color) else { return XCTFail("no colour") }
        XCTAssertNil(LayerValue.from("red", kind: .color))
        guard case .path(nil)? = LayerValue.from(NSNull(), kind: .path) else { return XCTFail("no path") }
        guard case .contents(let noContents)? = LayerValue.from(NSNull(), kind: .contents), noContents.value == nil else { return XCTFail("no contents") }
        guard case .colorArray(let none)? = LayerValue.from(nil, kind: .colorArray), case .colorArray(let two)? = LayerValue.from([grey, orange] as [Any], kind: .colorArray) else { return XCTFail() }
        XCTAssertTrue(none.isEmpty); XCTAssertEqual(two.count, 2)
        XCTAssertNil(LayerValue.from([grey, 3] as [Any], kind: .colorArray))
        XCTAssertEqual(LayerValue.from([1, 2.5, NSNumber(value: 4)] as [Any], kind: .numberArray)?.components, [1, 2.5, 4])
        XCTAssertNil(LayerValue.from([1, "x"] as [Any], kind: .numberArray))
        guard case .numberArray(let empty)? = LayerValue.from(NSNull(), kind: .numberArray) else { return XCTFail() }
        XCTAssertTrue(empty.isEmpty)
    }

    func testConversionBackToSwiftTypes() {
        XCTAssertEqual(LayerValue.number(2.5).toAny() as? CGFloat, 2.5)
        XCTAssertEqual(LayerValue.number(2.5).toAny(numberType: .float) as? Float, 2.5)
        XCTAssertEqual(LayerValue.number(2.5).toAny(numberType: .double) as? Double, 2.5)
        XCTAssertEqual(LayerValue.number(2.5).toAny(numberType: .int) as? Int, 3, "rounded")
        XCTAssertEqual(LayerValue.number(-2.5).toAny(numberType: .int) as? Int, -3)
        XCTAssertEqual(LayerValue.number(1e30).toAny(numberType: .int) as? Int, 1_000_000_000_000_000_000, "clamped")
        XCTAssertEqual(LayerValue.number(.nan).toAny(numberType: .int) as? Int, 0)
        XCTAssertNil(LayerValue.colorArray([]).toAny())
        XCTAssertNil(LayerValue.numberArray([]).toAny())
        XCTAssertEqual(LayerValue.numberArray([1, 2]).toAny() as? [NSNumber], [1, 2])
        XCTAssertEqual(LayerValue.bool(true).toAny() as? Bool, true)
        XCTAssertFalse(LayerValue.number(.infinity).isFinite)
        XCTAssertFalse(LayerValue.point(CGPoint(x: 0, y: CGFloat.nan)).isFinite)
        XCTAssertFalse(LayerValue.rect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)).isFinite)
        XCTAssertFalse(LayerValue.numberArray([1, .nan]).isFinite)
        var t = CATransform3DIdentity
        t.m43 = .nan
        XCTAssertFalse(LayerValue.transform(t).isFinite)
        XCTAssertTrue(LayerValue.transform(CATransform3DIdentity).isFinite)
        XCTAssertTrue(LayerValue.size(CGSize(width: 1, height: 2)).isFinite)
    }
}
