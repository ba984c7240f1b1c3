import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points (Apple's
/// `CAMediaTimingFunction`). `evaluate(_:)` maps input time to output progress exactly to 1e-6 for
/// any control points, including x control points outside 0...1 (then the smallest curve parameter
/// whose x equals the input is used) and y overshoot. Inputs outside 0...1 are clamped.
open class CAMediaTimingFunction: NSObject {
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    // Polynomial coefficients: x(s) = ((ax s + bx) s + cx) s, same for y.
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double
    private let isLinear: Bool
    /// Whether x(s) is monotone on [0, 1] (control x within 0...1), so Newton from a good guess suffices.
    private let monotoneX: Bool

    /// One of Apple's predefined curves.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    /// A curve with control points (c1x, c1y) and (c2x, c2y). Non-finite values are replaced by the
    /// linear curve's and reported.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        var p = [c1x, c1y, c2x, c2y].map(Double.init)
        if !p.allSatisfy({ $0.isFinite }) {
            LaminaDiagnostics.report("CAMediaTimingFunction: control points \(p) are not finite; using linear")
            p = [0, 0, 1, 1]
        }
        self.c1x = p[0]; self.c1y = p[1]; self.c2x = p[2]; self.c2y = p[3]
        let (x1, y1, x2, y2) = (p[0], p[1], p[2], p[3])
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
        isLinear = x1 == y1 && x2 == y2
        monotoneX = (0...1).contains(x1) && (0...1).contains(x2)
        super.init()
    }

    /// Writes control point `idx` (0: (0, 0), 1: first, 2: second, 3: (1, 1)) into `ptr[0...1]`.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let pts: [(Double, Double)] = [(0, 0), (c1x, c1y), (c2x, c2y), (1, 1)]
        let p = pts[min(max(idx, 0), 3)]
        ptr[0] = Float(p.0); ptr[1] = Float(p.1)
    }

    /// Two functions are equal when their control points are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CAMediaTimingFunction else { return false }
        return c1x == o.c1x && c1y == o.c1y && c2x == o.c2x && c2y == o.c2y
    }

    /// A hash of the control points.
    open override var hash: Int { var h = Hasher(); h.combine(c1x); h.combine(c1y); h.combine(c2x); h.combine(c2y); return h.finalize() }

    /// A description with the control points.
    open override var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }

    @inline(__always) private func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The output progress for input time `t` (clamped to 0...1); exact at both ends.
    func evaluate(_ t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        if isLinear { return t }
        return y(solveX(t))
    }

    /// The smallest s in [0, 1] with x(s) = t, to 1e-12 in x.
    private func solveX(_ t: Double) -> Double {
        if monotoneX {
            // Newton from the identity guess, falling back to bisection.
            var s = t
            for _ in 0..<8 {
                let e = x(s) - t
                if abs(e) < 1e-12 { return s }
                let d = dx(s)
                if abs(d) < 1e-9 { break }
                let n = s - e / d
                if n < 0 || n > 1 { break }
                s = n
            }
            var lo = 0.0, hi = 1.0
            s = t
            for _ in 0..<80 {
                let v = x(s)
                if abs(v - t) < 1e-12 { return s }
                if v < t { lo = s } else { hi = s }
                s = (lo + hi) / 2
            }
            return s
        }
        // Non-monotone x: find the first sample interval whose x range reaches t, then bisect it.
        let n = 256
        var prevS = 0.0, prevX = 0.0
        for i in 1...n {
            let s = Double(i) / Double(n)
            let xv = x(s)
            if (prevX - t) * (xv - t) <= 0 {
                var lo = prevS, hi = s
                let rising = xv >= prevX
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    if (x(mid) < t) == rising { lo = mid } else { hi = mid }
                }
                return (lo + hi) / 2
            }
            prevS = s; prevX = xv
        }
        return t
    }
}
