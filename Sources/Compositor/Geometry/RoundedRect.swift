import Foundation
import CoreGraphics

/// Polygons for rectangles with rounded corners, in layer coordinates.
enum RoundedRect {
    /// The outline of `rect` with radius `radius` on the corners selected by `corners` (bit 0 minX/minY,
    /// 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY), clockwise on a y-down screen. The radius is clamped to
    /// half the shorter side, as Core Animation does. `pixelsPerUnit` sets how finely arcs are cut.
    static func polygon(_ rect: CGRect, radius: Double, corners: UInt8, pixelsPerUnit: Double) -> [(x: Double, y: Double)] {
        let r = clampedRadius(rect, radius)
        return polygon(rect, radius: r, corners: corners, steps: r > 0 ? arcSteps(radius: r, pixelsPerUnit: pixelsPerUnit) : 2)
    }

    /// The radius `polygon` rounds `rect`'s corners with: `radius` (0 when not finite) clamped to
    /// 0 ... half the shorter side.
    static func clampedRadius(_ rect: CGRect, _ radius: Double) -> Double {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        return max(0, min(radius.isFinite ? radius : 0, (x1 - x0) / 2, (y1 - y0) / 2))
    }

    /// How many segments `polygon` cuts a quarter arc of (clamped) radius `r` into at
    /// `pixelsPerUnit`: about one every 1.5 device pixels of arc, 2 ... 64.
    static func arcSteps(radius r: Double, pixelsPerUnit: Double) -> Int {
        let devR = r * (pixelsPerUnit.isFinite ? max(pixelsPerUnit, 0.01) : 1)
        let steps = (devR * Double.pi / 2 / 1.5).rounded(.up)
        return steps.isNaN ? 2 : Int(min(max(steps, 2), 64))
    }

    /// `polygon` with the radius already clamped (`clampedRadius`) and each quarter arc cut into
    /// `steps` segments (2 ... 64).
    static func polygon(_ rect: CGRect, radius r: Double, corners: UInt8, steps: Int) -> [(x: Double, y: Double)] {
        let x0 = Double(rect.minX), y0 = Double(rect.minY), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        if r <= 0 || corners & 0xF == 0 { return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] }
        let n = min(max(steps, 2), 64)
        var pts: [(x: Double, y: Double)] = []
        pts.reserveCapacity(4 * (n + 1))
        // (corner bit, centre, start angle) going clockwise on screen: top-right, bottom-right, bottom-left, top-left.
        let spec: [(UInt8, Double, Double, Double, Double, Double)] = [
            (2, x1 - r, y0 + r, -Double.pi / 2, x1, y0),
            (8, x1 - r, y1 - r, 0, x1, y1),
            (4, x0 + r, y1 - r, Double.pi / 2, x0, y1),
            (1, x0 + r, y0 + r, Double.pi, x0, y0),
        ]
        let arc = arcs[n]
        for (q, (bit, cx, cy, _, sx, sy)) in spec.enumerated() {
            if corners & bit == 0 { pts.append((sx, sy)); continue }
            // Quarter q starts at angle (q − 1)·π/2: rotate the first quarter's unit arc.
            for (c, s) in arc {
                let (x, y): (Double, Double)
                switch q {
                case 0: (x, y) = (s, -c)
                case 1: (x, y) = (c, s)
                case 2: (x, y) = (-s, c)
                default: (x, y) = (-c, -s)
                }
                pts.append((cx + r * x, cy + r * y))
            }
        }
        return pts
    }

    /// For n = 0...64: the points (cos a, sin a) for a = k·(π/2)/n, k = 0...n.
    static let arcs: [[(Double, Double)]] = (0...64).map { n in
        n == 0 ? [] : (0...n).map { k in let a = Double.pi / 2 * Double(k) / Double(n); return (cos(a), sin(a)) }
    }
}
