import Foundation

extension CGPathSegment {
    /// The command that draws this segment from its start point.
    var command: CGPathCommand {
        switch kind {
        case .line: return .addLine(to: end)
        case .quad: return .addQuadCurve(to: end, control: control1)
        case .cubic: return .addCurve(to: end, control1: control1, control2: control2)
        }
    }

    /// The two halves of the segment split at parameter `t` (de Casteljau), of the same kind.
    func split(at t: CGFloat) -> (CGPathSegment, CGPathSegment) {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch kind {
        case .line:
            let m = lerp(start, end)
            return (CGPathSegment(lineFrom: start, to: m), CGPathSegment(lineFrom: m, to: end))
        case .quad:
            let a = lerp(start, control1), b = lerp(control1, end), m = lerp(a, b)
            return (CGPathSegment(from: start, command: .addQuadCurve(to: m, control: a))!,
                    CGPathSegment(from: m, command: .addQuadCurve(to: end, control: b))!)
        case .cubic:
            let a = lerp(start, control1), b = lerp(control1, control2), c = lerp(control2, end)
            let ab = lerp(a, b), bc = lerp(b, c), m = lerp(ab, bc)
            return (CGPathSegment(from: start, command: .addCurve(to: m, control1: a, control2: ab))!,
                    CGPathSegment(from: m, command: .addCurve(to: end, control1: bc, control2: c))!)
        }
    }

    /// The part of the segment between parameters `t0` and `t1` (clamped to 0...1, t0 <= t1).
    func subsegment(from t0: CGFloat, to t1: CGFloat) -> CGPathSegment {
        let a = max(0, min(1, t0)), b = max(a, min(1, t1))
        if kind == .line {
            return CGPathSegment(lineFrom: a == 0 ? start : point(at: a), to: b == 1 ? end : point(at: b))
        }
        var s = self
        if b < 1 { s = s.split(at: b).0 }
        if a > 0 {
            if b <= 0 { return CGPathSegment(lineFrom: start, to: start) }
            s = s.split(at: a / b).1
        }
        return s
    }

    /// The part of the segment between arc lengths `s0` and `s1` from its start.
    func subsegment(fromLength s0: CGFloat, toLength s1: CGFloat) -> CGPathSegment {
        let t0 = s0 <= 0 ? 0 : parameter(atLength: s0)
        let t1 = parameter(atLength: s1)
        return subsegment(from: t0, to: t1)
    }

    /// `subsegment(fromLength:toLength:)` for a segment whose `length` is known (`total`, exactly
    /// that value, as a trim measures every segment first): the same piece without the segment
    /// measured again for each end (a piece running to the segment's end measures nothing).
    func subsegment(fromLength s0: CGFloat, toLength s1: CGFloat, total: CGFloat) -> CGPathSegment {
        let t0 = s0 <= 0 ? 0 : parameter(atLength: s0, total: total)
        let t1 = parameter(atLength: s1, total: total)
        return subsegment(from: t0, to: t1)
    }
}
