import Foundation
import CoreGraphics

/// The paths of Lottie's shape items, wound as Lottie players wind them (clockwise from the top
/// right for rectangles, from the top for ellipses; the other way when the item's `d` is 3).
enum ShapePaths {
    /// The handle length of a quarter circle drawn with one cubic curve, per unit of radius.
    static let kappa = 0.5519150244935105707435627

    /// Adds a rectangle centred on `p` of size `s`, corners rounded by `r` (at most half the shorter side).
    static func addRect(to path: CGMutablePath, p: [Double], s: [Double], r: Double, reversed: Bool, transform t: CGAffineTransform) {
        let cx = p.at(0), cy = p.at(1), w = abs(s.at(0)), h = abs(s.at(1))
        let L = cx - w / 2, R = cx + w / 2, T = cy - h / 2, B = cy + h / 2
        let rr = max(0, min(r, w / 2, h / 2))
        func P(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        if rr == 0 {
            let corners = reversed ? [P(R, T), P(L, T), P(L, B), P(R, B)] : [P(R, T), P(R, B), P(L, B), P(L, T)]
            path.move(to: corners[0], transform: t)
            for c in corners.dropFirst() { path.addLine(to: c, transform: t) }
            path.closeSubpath()
            return
        }
        let k = rr * (1 - kappa)
        if !reversed {
            path.move(to: P(R, T + rr), transform: t)
            path.addLine(to: P(R, B - rr), transform: t)
            path.addCurve(to: P(R - rr, B), control1: P(R, B - k), control2: P(R - k, B), transform: t)
            path.addLine(to: P(L + rr, B), transform: t)
            path.addCurve(to: P(L, B - rr), control1: P(L + k, B), control2: P(L, B - k), transform: t)
            path.addLine(to: P(L, T + rr), transform: t)
            path.addCurve(to: P(L + rr, T), control1: P(L, T + k), control2: P(L + k, T), transform: t)
            path.addLine(to: P(R - rr, T), transform: t)
            path.addCurve(to: P(R, T + rr), control1: P(R - k, T), control2: P(R, T + k), transform: t)
        } else {
            path.move(to: P(R, T + rr), transform: t)
            path.addCurve(to: P(R - rr, T), control1: P(R, T + k), control2: P(R - k, T), transform: t)
            path.addLine(to: P(L + rr, T), transform: t)
            path.addCurve(to: P(L, T + rr), control1: P(L + k, T), control2: P(L, T + k), transform: t)
            path.addLine(to: P(L, B - rr), transform: t)
            path.addCurve(to: P(L + rr, B), control1: P(L, B - k), control2: P(L + k, B), transform: t)
            path.addLine(to: P(R - rr, B), transform: t)
            path.addCurve(to: P(R, B - rr), control1: P(R - k, B), control2: P(R, B - k), transform: t)
        }
        path.closeSubpath()
    }

    /// Adds an ellipse centred on `p` of size `s`.
    static func addEllipse(to path: CGMutablePath, p: [Double], s: [Double], reversed: Bool, transform t: CGAffineTransform) {
        let cx = p.at(0), cy = p.at(1), rx = abs(s.at(0)) / 2, ry = abs(s.at(1)) / 2
        let kx = rx * kappa, ky = ry * kappa
        func P(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
        path.move(to: P(cx, cy - ry), transform: t)
        if !reversed {
            path.addCurve(to: P(cx + rx, cy), control1: P(cx + kx, cy - ry), control2: P(cx + rx, cy - ky), transform: t)
            path.addCurve(to: P(cx, cy + ry), control1: P(cx + rx, cy + ky), control2: P(cx + kx, cy + ry), transform: t)
            path.addCurve(to: P(cx - rx, cy), control1: P(cx - kx, cy + ry), control2: P(cx - rx, cy + ky), transform: t)
            path.addCurve(to: P(cx, cy - ry), control1: P(cx - rx, cy - ky), control2: P(cx - kx, cy - ry), transform: t)
        } else {
            path.addCurve(to: P(cx - rx, cy), control1: P(cx - kx, cy - ry), control2: P(cx - rx, cy - ky), transform: t)
            path.addCurve(to: P(cx, cy + ry), control1: P(cx - rx, cy + ky), control2: P(cx - kx, cy + ry), transform: t)
            path.addCurve(to: P(cx + rx, cy), control1: P(cx + kx, cy + ry), control2: P(cx + rx, cy + ky), transform: t)
            path.addCurve(to: P(cx, cy - ry), control1: P(cx + rx, cy - ky), control2: P(cx + kx, cy - ry), transform: t)
        }
        path.closeSubpath()
    }
}
