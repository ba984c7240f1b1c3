import Foundation

/// The keyframes of a `CAKeyframeAnimation.path`, as Apple's reference defines them: the first
/// point of the path is the first keyframe, and the end point of each line-to and curve-to element
/// (quadratic or cubic) is one more. A move-to defines no keyframe (the value jumps to it), and
/// neither does a close-subpath: its straight line back to the subpath's start is travelled as
/// part of the interval that leads to the next keyframe, or, when the path ends with it, as the
/// last part of the final interval. So a path of n line and curve elements takes n + 1 key times,
/// with or without a closing element.
struct PathKeyframes {
    /// The stretch of path between two neighbouring keyframes.
    struct Interval {
        /// The segments travelled, in order (one line or curve, with a close's line before or after it).
        var segments: [CGPathSegment]
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
            lengths = segments.map { Double($0.length) }
            length = lengths.reduce(0, +)
        }

        /// The segment and its curve parameter at fraction `u` (0...1) of the interval's length.
        func locate(_ u: Double) -> (CGPathSegment, CGFloat) {
            var s = max(0, min(1, u)) * length
            for (i, seg) in segments.enumerated() {
                let len = lengths[i]
                if s <= len || i == segments.count - 1 {
                    if len <= 0 { return (seg, CGFloat(min(1, max(0, u)))) }
                    return (seg, seg.parameter(atLength: CGFloat(min(s, len))))
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
        var pendingClose: [CGPathSegment] = []
        for c in path.commands {
            switch c {
            case .move(let p):
                start = p; cur = p
                if !hasPoint { first = p; hasPoint = true }
            case .closeSubpath:
                if cur != start { pendingClose.append(CGPathSegment(lineFrom: cur, to: start)) }
                cur = start
            default:
                guard let seg = CGPathSegment(from: cur, command: c) else { continue }
                if !hasPoint { first = cur; hasPoint = true }
                intervals.append(Interval(pendingClose + [seg]))
                pendingClose = []
                cur = seg.end
            }
        }
        if !pendingClose.isEmpty, let last = intervals.popLast() {
            intervals.append(Interval(last.segments + pendingClose))
        }
    }
}
