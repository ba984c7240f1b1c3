import XCTest
@testable import QuartzCore

/// Every CAValueFunction against its matrix built by hand with Ref4 (Apple's row-vector
/// convention), not through Lamina's CATransform3DMake functions.
final class ValueFunctionTests: XCTestCase {
    private func matrix(_ name: CAValueFunctionName, _ values: [CGFloat]) -> Ref4.M {
        Ref4.rows(CAValueFunction(name: name)!.transform(from: values))
    }

    func testEachFunctionBuildsItsTransform() {
        let rows: [(CAValueFunctionName, [CGFloat], Ref4.M)] = [
            (.rotateX, [0.7], Ref4.rotation(0.7, 1, 0, 0)),
            (.rotateY, [0.7], Ref4.rotation(0.7, 0, 1, 0)),
            (.rotateZ, [0.7], Ref4.rotation(0.7, 0, 0, 1)),
            (.scale, [2, 3, 5], Ref4.scale(2, 3, 5)),
            (.scale, [2], Ref4.scale(2, 2, 2)),
            (.scaleX, [2], Ref4.scale(2, 1, 1)),
            (.scaleY, [3], Ref4.scale(1, 3, 1)),
            (.scaleZ, [5], Ref4.scale(1, 1, 5)),
            (.translate, [2, 3, 5], Ref4.translation(2, 3, 5)),
            (.translate, [2, 3], Ref4.translation(2, 3, 0)),
            (.translate, [2], Ref4.translation(2, 0, 0)),
            (.translateX, [2], Ref4.translation(2, 0, 0)),
            (.translateY, [3], Ref4.translation(0, 3, 0)),
            (.translateZ, [5], Ref4.translation(0, 0, 5)),
        ]
        for (name, values, expected) in rows {
            XCTAssertLessThan(Ref4.distance(matrix(name, values), expected), 1e-12, "\(name.rawValue) \(values)")
        }
    }

    func testMissingValuesCountAsZero() {
        XCTAssertEqual(matrix(.translate, []), Ref4.identity)
        XCTAssertEqual(matrix(.translateZ, []), Ref4.identity)
        XCTAssertEqual(matrix(.rotateZ, []), Ref4.identity)
        XCTAssertEqual(matrix(.scale, []), Ref4.scale(0, 0, 0))
    }

    func testEveryAppleNameIsKnown() {
        for raw in ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX", "translateY", "translateZ"] {
            XCTAssertEqual(CAValueFunction(name: CAValueFunctionName(rawValue: raw))?.name.rawValue, raw)
        }
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "rotate")))
    }
}
