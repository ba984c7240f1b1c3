import Foundation
@_spi(LaminaInternal) import CoreGraphics

/// The keyframes of a `CAKeyframeAnimation.path`, as Apple's reference defines them: the first
/// point of the path is the first keyframe, and "the end point of a line-to or curve-to segment
/// defines the keyframe value". A move-to defines none ("move-to segments do not define separate
/// keyframe values": the value jumps to the moved-to point at the next keyframe). A close-subpath
/// is a line-to the subpath's start (`CGPath.closeSubpath()` "appends a line from the current
/// point to the starting point"), so it defines one more keyframe, at that start, even where the
/// line has no length (an ellipse's close, after four curves that end at the start). So a path of
/// n line, curve and close elements takes n + 1 key times (n + 2 for `.discrete`).
struct PathKeyframes {
    /// The stretch of path between two neighbouring keyframes.
    struct Interval {
        /// The segments travelled, in order (one line or curve, with a close's line before or after it).
        var segments: [CGPathSegment]
        /// Each segment's arc length, measured once (a frame finds its place by a table search).
        var tables: [ArcLengthTable]
        /// The arc length of each segment.
        var lengths: [Double]
        /// The sum of `lengths`.
        var length: Double
        /// Where the interval starts (the previous keyframe's value, or a moved-to point).
        var start: CGPoint { segments[0].start }
        /// Where the interval ends.
        var end: CGPoint { segments[segments.count - 1].end }

        init(_ segments: [CGPathSegment]) {
            self.segments = segments
            tables = segments.map(ArcLengthTable.init)
            lengths = tables.map { Double($0.total) }
            length = lengths.reduce(0, +)
        }

        /// The segment and its curve parameter at fraction `u` (0...1) of the interval's length.
        func locate(_ u: Double) -> (CGPathSegment, CGFloat) {
            var s = max(0, min(1, u)) * length
            for (i, seg) in segments.enumerated() {
                let len = lengths[i]
                if s <= len || i == segments.count - 1 {
                    if len <= 0 { return (seg, CGFloat(min(1, max(0, u)))) }
                    return (seg, tables[i].parameter(atLength: CGFloat(min(s, len))))
                }
                s -= len
            }
            return (segments[segments.count - 1], 1)
        }
    }

    /// The intervals, one per keyframe after the first.
    var intervals: [Interval] = []
    /// The first keyframe (the path's first point), nil for a path with no points.
    var first: CGPoint?

    init(_ path: CGPath) {
        var start = CGPoint.zero, cur = CGPoint.zero
        var hasPoint = false
        for c in path.commands {
            switch c {
            case .move(let p):
                start = p; cur = p
                if !hasPoint { first = p; hasPoint = true }
            case .closeSubpath:
                if !hasPoint { first = cur; hasPoint = true }
                intervals.append(Interval([CGPathSegment(lineFrom: cur, to: start)]))
                cur = start
            default:
                guard let seg = CGPathSegment(from: cur, command: c) else { continue }
                if !hasPoint { first = cur; hasPoint = true }
                intervals.append(Interval([seg]))
                cur = seg.end
            }
        }
    }
}
