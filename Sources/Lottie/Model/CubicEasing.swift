import Foundation

/// A keyframe easing curve: the cubic bezier from (0, 0) to (1, 1) through (x1, y1) and (x2, y2),
/// read as y for a given x (the same curve `CAMediaTimingFunction(controlPoints:)` describes).
/// Used where the model is evaluated outside Core Animation (static parts, sampled paths).
struct CubicEasing {
    let x1, y1, x2, y2: Double

    init(_ p: (Double, Double, Double, Double)) {
        x1 = min(max(p.0, 0), 1); y1 = p.1; x2 = min(max(p.2, 0), 1); y2 = p.3
    }

    private func curve(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    /// y at `x` (0...1): the curve parameter found by bisection (x(s) never decreases with x1, x2 in 0...1).
    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if curve(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return curve(y1, y2, (lo + hi) / 2)
    }
}
