import Foundation

/// Boolean operations on paths, with the names Apple's CGPath has had since macOS 14 and iOS 17.
///
/// Lamina computes them on the paths' outlines with curves flattened to lines within
/// ``CGPath/lamina_booleanFlatness`` units: the result is made of straight lines (Apple's keeps curves),
/// closed subpaths that go counter-clockwise around filled areas and clockwise around holes (in a
/// y-up frame), and it fills the same with either fill rule. Open subpaths count as closed, as
/// when they are filled.
extension CGPath {
    /// How far from a curve its flattened outline may stray in a boolean operation, in path units
    /// (a Lamina constant: 0.01, as `contains(_:using:transform:)` flattens).
    public static let lamina_booleanFlatness: CGFloat = 0.01

    /// The area inside this path or `other` (both read with `rule`).
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        boolean(other, rule: rule, .union)
    }

    /// The area inside both this path and `other` (both read with `rule`).
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        boolean(other, rule: rule, .intersection)
    }

    /// The area inside this path and outside `other` (both read with `rule`).
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        boolean(other, rule: rule, .difference)
    }

    /// The area inside exactly one of this path and `other` (both read with `rule`).
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        boolean(other, rule: rule, .exclusiveOr)
    }

    /// The area this path fills with `rule`, as outlines that neither cross nor overlap.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        boolean(CGPath(commands: []), rule: rule, .normalize)
    }

    /// Lamina's addition: `operation` of this path and `other` (both read with `rule`), as the
    /// methods above compute it, or nil when that would take more than `maximumSteps` elementary
    /// steps (an edge, a pair of edges tested, a crossing found, an edge read by a ray cast): a
    /// bound on the time taken by outlines read from files, whose edges may cross each other
    /// millions of times.
    public func lamina_combined(_ operation: CGPathBooleanOperation, with other: CGPath, using rule: CGPathFillRule = .winding,
                                maximumSteps: Int) -> CGPath? {
        let op: PolygonBoolean.Operation
        switch operation {
        case .union: op = .union
        case .intersection: op = .intersection
        case .subtracting: op = .difference
        case .symmetricDifference: op = .exclusiveOr
        }
        return combined(other, rule: rule, op, budget: maximumSteps)
    }

    private func boolean(_ other: CGPath, rule: CGPathFillRule, _ op: PolygonBoolean.Operation) -> CGPath {
        combined(other, rule: rule, op, budget: .max) ?? CGPath(commands: [])
    }

    private func combined(_ other: CGPath, rule: CGPathFillRule, _ op: PolygonBoolean.Operation, budget: Int) -> CGPath? {
        guard let result = PolygonBoolean.combine(flattened(tolerance: Self.lamina_booleanFlatness), other.flattened(tolerance: Self.lamina_booleanFlatness),
                                                  rule: rule, operation: op, budget: budget) else { return nil }
        let m = CGMutablePath()
        for c in result {
            m.addLines(between: c)
            m.closeSubpath()
        }
        return CGPath(commands: m.commands)
    }
}

/// Lamina's addition: a boolean operation of two paths, for `CGPath.lamina_combined(_:with:using:maximumSteps:)`.
public enum CGPathBooleanOperation: Sendable, Equatable {
    /// `union(_:using:)`: inside either path.
    case union
    /// `intersection(_:using:)`: inside both.
    case intersection
    /// `subtracting(_:using:)`: inside the first, outside the second.
    case subtracting
    /// `symmetricDifference(_:using:)`: inside exactly one.
    case symmetricDifference
}
