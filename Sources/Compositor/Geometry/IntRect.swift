import Foundation

/// An integer pixel rectangle (half-open: x ..< x + width, y ..< y + height).
public struct IntRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width (>= 0 when normalised).
    public var width: Int
    /// Height (>= 0 when normalised).
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }

    /// The empty rectangle at the origin.
    public static let empty = IntRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// One past the right column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// The number of pixels.
    public var area: Int { isEmpty ? 0 : width * height }

    /// The common part (empty when disjoint).
    public func intersection(_ o: IntRect) -> IntRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    /// The smallest rectangle holding both (an empty side is ignored).
    public func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels touched by a real-valued box (outward rounding), clamped to ±2^30 so it never overflows.
    public static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double) -> IntRect {
        guard minX <= maxX, minY <= maxY else { return .empty }
        func c(_ v: Double) -> Int { Int(min(max(v.isNaN ? 0 : v, -1_073_741_824), 1_073_741_824)) }
        let x0 = c(minX.rounded(.down)), y0 = c(minY.rounded(.down)), x1 = c(maxX.rounded(.up)), y1 = c(maxY.rounded(.up))
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels wholly inside a real-valued box (inward rounding, clamped like `covering`);
    /// empty when none is.
    public static func inside(minX: Double, minY: Double, maxX: Double, maxY: Double) -> IntRect {
        func c(_ v: Double) -> Int { Int(min(max(v.isNaN ? 0 : v, -1_073_741_824), 1_073_741_824)) }
        let x0 = c(minX.rounded(.up)), y0 = c(minY.rounded(.up)), x1 = c(maxX.rounded(.down)), y1 = c(maxY.rounded(.down))
        return x1 > x0 && y1 > y0 ? IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    /// "x,y wxh".
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
