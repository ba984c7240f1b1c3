import Foundation

/// A path that can be built up element by element (Apple's `CGMutablePath`). Every adding method
/// takes an optional transform applied to its points (identity by default).
public class CGMutablePath: CGPath, @unchecked Sendable {  // unchecked: Apple's CGMutablePath is Sendable; like Apple's, it must not be mutated while another thread reads it (layers copy it when set)
    /// An empty path.
    public init() { super.init(commands: []) }

    /// A path with the given commands (a Lamina addition).
    public override init(commands: [CGPathCommand]) { super.init(commands: commands) }

    private var subpathStart: CGPoint {
        for c in commands.reversed() { if case .move(let p) = c { return p } }
        return .zero
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        commands.append(.move(to: point.applying(transform)))
    }

    /// Adds a line to `point` (starting a subpath at it when the path is empty).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        if commands.isEmpty { move(to: point, transform: transform); return }
        commands.append(.addLine(to: point.applying(transform)))
    }

    /// Adds a cubic Bézier curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        if commands.isEmpty { commands.append(.move(to: control1.applying(transform))) }
        commands.append(.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }

    /// Adds a quadratic Bézier curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        if commands.isEmpty { commands.append(.move(to: control.applying(transform))) }
        commands.append(.addQuadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    /// Closes the current subpath.
    public func closeSubpath() {
        if !commands.isEmpty { commands.append(.closeSubpath) }
    }

    /// Adds a rectangle as a closed subpath (min corner, then +x, then +y).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Adds a polyline through `points` (a move to the first, lines to the rest).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let f = points.first else { return }
        move(to: f, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds an ellipse inscribed in `rect` as four cubic curves, closed.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let k: CGFloat = 0.5522847498307936
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ry * k), control2: CGPoint(x: cx + rx * k, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - rx * k, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ry * k), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ry * k), control2: CGPoint(x: cx - rx * k, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + rx * k, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ry * k), transform: transform)
        closeSubpath()
    }

    /// Adds a rounded rectangle (corner radii clamped to half the sides), closed.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let cw = max(0, min(cornerWidth, r.width / 2)), ch = max(0, min(cornerHeight, r.height / 2))
        if cw == 0 || ch == 0 { addRect(r, transform: transform); return }
        let k: CGFloat = 0.5522847498307936
        move(to: CGPoint(x: r.minX + cw, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - cw, y: r.minY), transform: transform)
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ch), control1: CGPoint(x: r.maxX - cw + cw * k, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + ch - ch * k), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ch), transform: transform)
        addCurve(to: CGPoint(x: r.maxX - cw, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ch + ch * k), control2: CGPoint(x: r.maxX - cw + cw * k, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX + cw, y: r.maxY), transform: transform)
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ch), control1: CGPoint(x: r.minX + cw - cw * k, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - ch + ch * k), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ch), transform: transform)
        addCurve(to: CGPoint(x: r.minX + cw, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ch - ch * k), control2: CGPoint(x: r.minX + cw - cw * k, y: r.minY), transform: transform)
        closeSubpath()
    }

    /// Adds an arc of the circle at `center` from `startAngle` to `endAngle` (radians, measured from +x
    /// toward +y); `clockwise` false means increasing angle. A line joins the current point to the
    /// arc's start; a new subpath starts there when the path is empty. At most 90° per cubic.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity) {
        let twoPi = 2 * CGFloat.pi
        let d = endAngle - startAngle
        let sweep: CGFloat
        if abs(d) >= twoPi { sweep = clockwise ? -twoPi : twoPi }
        else if clockwise { sweep = d > 0 ? d - twoPi : d }
        else { sweep = d < 0 ? d + twoPi : d }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// Adds an arc starting at `startAngle` and sweeping `delta` radians (negative: decreasing angle).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if commands.isEmpty || commands.last == .closeSubpath { move(to: start, transform: transform) }
        else { addLine(to: start, transform: transform) }
        let n = max(1, Int((abs(delta) / (CGFloat.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(n)
        let k = 4 / 3 * tan(step / 4)
        var a = startAngle
        for _ in 0..<n {
            let b = a + step
            let p0 = CGPoint(x: cos(a), y: sin(a)), p3 = CGPoint(x: cos(b), y: sin(b))
            let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
            func map(_ p: CGPoint) -> CGPoint { CGPoint(x: center.x + radius * p.x, y: center.y + radius * p.y) }
            addCurve(to: map(p3), control1: map(c1), control2: map(c2), transform: transform)
            a = b
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End` (a line to the first tangent point is added first).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let p0 = currentPoint, p1 = tangent1End, p2 = tangent2End
        let v1 = CGVector(dx: p0.x - p1.x, dy: p0.y - p1.y), v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let l1 = (v1.dx * v1.dx + v1.dy * v1.dy).squareRoot(), l2 = (v2.dx * v2.dx + v2.dy * v2.dy).squareRoot()
        guard l1 > 0, l2 > 0, radius > 0 else { addLine(to: p1, transform: transform); return }
        let u1 = CGVector(dx: v1.dx / l1, dy: v1.dy / l1), u2 = CGVector(dx: v2.dx / l2, dy: v2.dy / l2)
        let cosT = max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy))
        let theta = acos(cosT)
        guard theta > 1e-9, theta < .pi - 1e-9 else { addLine(to: p1, transform: transform); return }
        let dist = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + u1.dx * dist, y: p1.y + u1.dy * dist)
        let t2 = CGPoint(x: p1.x + u2.dx * dist, y: p1.y + u2.dy * dist)
        let bis = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bl = (bis.dx * bis.dx + bis.dy * bis.dy).squareRoot()
        let cd = radius / sin(theta / 2)
        let center = CGPoint(x: p1.x + bis.dx / bl * cd, y: p1.y + bis.dy / bl * cd)
        let a1 = atan2(t1.y - center.y, t1.x - center.x), a2 = atan2(t2.y - center.y, t2.x - center.x)
        var delta = a2 - a1
        while delta > .pi { delta -= 2 * .pi }
        while delta < -.pi { delta += 2 * .pi }
        // addRelativeArc draws the line from the current point to the arc's start (t1) itself.
        addRelativeArc(center: center, radius: radius, startAngle: a1, delta: delta, transform: transform)
    }

    /// Appends another path's elements, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        commands += path.commands.map { $0.applying(transform) }
    }
}
