import Foundation

/// Arc length along one curve segment, measured once: the lengths at 64 equal parameter steps (8-point
/// Gauss–Legendre per step), so that finding the parameter at a length costs a binary search and a
/// few Newton steps inside one step, instead of integrating from the start each time. The dasher
/// asks for two parameters per dash; a long curve with a fine pattern asks hundreds of thousands of
/// times. Lamina's own (`@_spi(LaminaInternal)`): also used by QuartzCore's keyframe paths.
@_spi(LaminaInternal) public struct ArcLengthTable: Sendable {
    /// The segment measured.
    public let segment: CGPathSegment
    /// Lengths from t = 0 to t = i / steps, for i in 0...steps.
    private let cumulative: [Double]
    private static let steps = 64

    /// Measures `segment`.
    public init(_ segment: CGPathSegment) {
        self.segment = segment
        var c = [0.0]
        c.reserveCapacity(ArcLengthTable.steps + 1)
        if segment.kind == .line {
            c.append(Double(segment.length))
        } else {
            let n = Double(ArcLengthTable.steps)
            for i in 0..<ArcLengthTable.steps {
                c.append(c[i] + ArcLengthTable.integrate(segment, Double(i) / n, Double(i + 1) / n))
            }
        }
        cumulative = c
    }

    /// The segment's length.
    public var total: CGFloat { CGFloat(cumulative.last!) }

    /// ∫ |B'(t)| dt from a to b by 8-point Gauss–Legendre.
    private static func integrate(_ s: CGPathSegment, _ a: Double, _ b: Double) -> Double {
        let h = (b - a) / 2, m = (a + b) / 2
        var sum = 0.0
        for (x, w) in CGPathSegment.gl { sum += w * s.speed(m + h * x) }
        return h * sum
    }

    /// The parameter t at which the arc length from the start is `s` (clamped to the segment),
    /// accurate to 1e-7 of the length.
    public func parameter(atLength s: CGFloat) -> CGFloat {
        let total = cumulative.last!, target = Double(s)
        guard total > 0, target > 0 else { return 0 }
        if target >= total { return 1 }
        if segment.kind == .line { return CGFloat(target / total) }
        // The step holding the length: cumulative[i] <= target < cumulative[i + 1].
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 { let mid = (lo + hi) / 2; if cumulative[mid] <= target { lo = mid } else { hi = mid } }
        let n = Double(ArcLengthTable.steps)
        let a = Double(lo) / n, b = Double(lo + 1) / n
        let base = cumulative[lo], span = cumulative[lo + 1] - base
        var l = a, h = b
        var t = span > 0 ? a + (b - a) * (target - base) / span : a
        for _ in 0..<30 {
            let f = base + ArcLengthTable.integrate(segment, a, t) - target
            if abs(f) < total * 1e-7 { return CGFloat(t) }
            if f > 0 { h = t } else { l = t }
            let d = segment.speed(t)
            var next = d > 1e-12 ? t - f / d : (l + h) / 2
            if next <= l || next >= h { next = (l + h) / 2 }
            t = next
        }
        return CGFloat(t)
    }

    /// The point at arc length `s`.
    func point(atLength s: CGFloat) -> CGPoint { segment.point(at: parameter(atLength: s)) }

    /// The part of the segment between arc lengths `s0` and `s1`.
    func subsegment(fromLength s0: CGFloat, toLength s1: CGFloat) -> CGPathSegment {
        segment.subsegment(from: s0 <= 0 ? 0 : parameter(atLength: s0), to: parameter(atLength: s1))
    }
}
