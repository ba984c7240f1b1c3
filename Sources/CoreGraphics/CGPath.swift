import Foundation

/// An immutable graphics path (Apple's `CGPath`): subpaths of lines and Bézier curves.
public class CGPath: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {  // unchecked: a non-final class (CGMutablePath is its subclass, as on Apple); a CGPath's elements never change
    /// The path's drawing commands in order (a Lamina addition).
    public internal(set) var commands: [CGPathCommand]

    init(commands: [CGPathCommand]) { self.commands = commands }

    /// A rectangle path, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(commands: m.commands)
    }

    /// An ellipse inscribed in `rect`, optionally transformed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(commands: m.commands)
    }

    /// A rounded rectangle, optionally transformed.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(commands: m.commands)
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(commands: commands) }

    /// An immutable copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return applying(t)
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(commands: commands) }

    /// A mutable copy with every point transformed.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(commands: commands.map { $0.applying(transform?.pointee ?? .identity) })
    }

    /// A copy with every point mapped by `t` (a Lamina addition).
    public func applying(_ t: CGAffineTransform) -> CGPath { CGPath(commands: commands.map { $0.applying(t) }) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { commands.isEmpty }

    /// The end point of the last element (the subpath start after a close), or .zero when empty.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, cur = CGPoint.zero
        for c in commands {
            switch c {
            case .move(let p): start = p; cur = p
            case .addLine(let p), .addQuadCurve(let p, _), .addCurve(let p, _, _): cur = p
            case .closeSubpath: cur = start
            }
        }
        return cur
    }

    /// The bounding box of every point including control points (.null when empty).
    public var boundingBox: CGRect {
        var pts: [CGPoint] = []
        for c in commands {
            switch c {
            case .move(let p), .addLine(let p): pts.append(p)
            case .addQuadCurve(let p, let c1): pts += [p, c1]
            case .addCurve(let p, let c1, let c2): pts += [p, c1, c2]
            case .closeSubpath: break
            }
        }
        return CGPath.bounds(of: pts)
    }

    /// The tight bounding box of the drawn path (curve extrema, not control points).
    public var boundingBoxOfPath: CGRect {
        var pts: [CGPoint] = []
        var cur = CGPoint.zero
        for c in commands {
            switch c {
            case .move(let p): pts.append(p); cur = p
            case .addLine(let p): pts.append(p); cur = p
            case .addQuadCurve, .addCurve:
                let s = CGPathSegment(from: cur, command: c)!
                pts.append(s.end)
                for t in s.extremaParameters() { pts.append(s.point(at: t)) }
                cur = s.end
            case .closeSubpath: break
            }
        }
        return CGPath.bounds(of: pts)
    }

    static func bounds(of pts: [CGPoint]) -> CGRect {
        guard let f = pts.first else { return .null }
        var minX = f.x, minY = f.y, maxX = f.x, maxY = f.y
        for p in pts { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Calls `block` with each element in order.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let buf = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { buf.deallocate() }
        for c in commands {
            let type: CGPathElementType
            switch c {
            case .move(let p): buf[0] = p; type = .moveToPoint
            case .addLine(let p): buf[0] = p; type = .addLineToPoint
            case .addQuadCurve(let p, let c1): buf[0] = c1; buf[1] = p; type = .addQuadCurveToPoint
            case .addCurve(let p, let c1, let c2): buf[0] = c1; buf[1] = c2; buf[2] = p; type = .addCurveToPoint
            case .closeSubpath: type = .closeSubpath
            }
            var e = CGPathElement(type: type, points: buf)
            withUnsafePointer(to: &e) { block($0) }
        }
    }

    /// Calls `function` with `info` and each element in order (Apple's C-style iteration; see
    /// `applyWithBlock(_:)`).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// Whether the path is one rectangle with edges along the axes (a move, three lines, and a
    /// close or a fourth line back to the start), and if so, that rectangle in `rect`.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var pts: [CGPoint] = []
        var closed = false
        for (i, c) in commands.enumerated() {
            switch c {
            case .move(let p) where i == 0: pts.append(p)
            case .addLine(let p) where !closed && i > 0: pts.append(p)
            case .closeSubpath where i == commands.count - 1 && i > 0: closed = true
            default: return false
            }
        }
        if pts.count == 5, pts[4] == pts[0] { pts.removeLast() }
        guard pts.count == 4 else { return false }
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4]
            guard (a.x == b.x) != (a.y == b.y) else { return false }
            if i > 0 {
                let p = pts[i - 1]
                guard (p.x == a.x) != (a.x == b.x) else { return false }   // edges alternate
            }
        }
        if let rect { rect.pointee = CGPath.bounds(of: pts) }
        return true
    }

    /// Whether `point` is inside the path under `rule`, after mapping the path by `transform`
    /// (curves are flattened to 0.01 units; open subpaths are closed implicitly).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        var winding = 0
        for poly in applying(transform).flattened(tolerance: 0.01) where poly.count > 1 {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// Paths are equal when their commands are.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.commands == b.commands }

    /// A hash of the commands.
    public func hash(into h: inout Hasher) { h.combine(commands) }

    /// The commands, for debugging.
    public var description: String { "CGPath(\(commands))" }
}
