import Foundation

/// One subpath of a path, prepared for stroking, dashing and trimming (internal to Lamina).
///
/// `segments` are the drawn pieces in order, including the closing line of a closed subpath whose
/// last point is not its start; `commands` are the subpath's own (finite) commands, beginning with a
/// move and ending with `.closeSubpath` when `closed`.
struct StrokeSubpath {
    /// The subpath's first point.
    var start: CGPoint
    /// The drawn segments, including an implicit closing line.
    var segments: [CGPathSegment] = []
    /// Whether the subpath ended with a close.
    var closed = false
    /// Whether the subpath has any drawing element (line, curve or close), so a zero-length
    /// subpath still counts as drawn (a dot with round or square caps) unlike a lone move.
    var hasDrawing = false
    /// The subpath's commands (with non-finite elements removed).
    var commands: [CGPathCommand]

    init(start: CGPoint) {
        self.start = start
        commands = [.move(to: start)]
    }

    /// The total arc length of the segments.
    var length: CGFloat { segments.reduce(0) { $0 + $1.length } }

    /// Splits `path` into subpaths. Elements with a non-finite coordinate are ignored (a move to a
    /// non-finite point leaves the current point where it was); drawing elements before any current
    /// point are ignored; after a close, drawing continues in a new subpath from the closed
    /// subpath's start, as in Core Graphics.
    static func split(_ path: CGPath) -> [StrokeSubpath] {
        var out: [StrokeSubpath] = []
        var current: StrokeSubpath?
        var cur = CGPoint.zero
        var hasPoint = false
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        func append(_ c: CGPathCommand) {
            if current == nil { current = StrokeSubpath(start: cur) }
            guard let seg = CGPathSegment(from: cur, command: c) else { return }
            current!.segments.append(seg)
            current!.commands.append(c)
            current!.hasDrawing = true
            cur = seg.end
        }
        for c in path.commands {
            switch c {
            case .move(let p):
                guard finite(p) else { continue }
                if let s = current { out.append(s) }
                current = StrokeSubpath(start: p)
                cur = p; hasPoint = true
            case .addLine(let p):
                guard finite(p), hasPoint else { continue }
                append(c)
            case .addQuadCurve(let p, let c1):
                guard finite(p), finite(c1), hasPoint else { continue }
                append(c)
            case .addCurve(let p, let c1, let c2):
                guard finite(p), finite(c1), finite(c2), hasPoint else { continue }
                append(c)
            case .closeSubpath:
                guard var s = current else { continue }
                // Taken out first: `s` then holds the only reference to its arrays, which the
                // appends below extend in place instead of copying.
                current = nil
                if cur != s.start { s.segments.append(CGPathSegment(lineFrom: cur, to: s.start)) }
                s.closed = true
                s.hasDrawing = true
                s.commands.append(.closeSubpath)
                out.append(s)
                cur = s.start
            }
        }
        if let s = current { out.append(s) }
        return out
    }
}
