import Foundation
import QuartzCore

/// Merge paths (`mm`), as Skottie draws them: the shapes before the merge in its group, in file
/// order, are combined one after another (mode 1 lists them as one path; 2–5 are path boolean
/// operations: union, difference, intersection, exclusive or), each read with the fill rule of
/// the style that draws the result (non-zero for strokes). The boolean modes flatten curves
/// within `CGPath.lamina_booleanFlatness` (0.01) units of the merge's own coordinates: 0.1 px when the
/// composition is drawn ten times its size. Animated shapes are merged anew at every sampled frame.
extension ShapeLayerBuilder {
    /// The path of merge `mode` over `inputs` at `frame`, in the coordinates of the merge's list.
    static func merged(_ mode: MergeMode, _ inputs: [Contribution], frame: Double, evenOdd: Bool) -> CGPath {
        let paths = inputs.map { straightened(path([$0], frame: frame)) }
        guard var result = paths.first else { return CGMutablePath() }
        let rule: CGPathFillRule = evenOdd ? .evenOdd : .winding
        for p in paths.dropFirst() {
            switch mode {
            case .merge:
                let m = CGMutablePath()
                m.addPath(result)
                m.addPath(p)
                result = m
            case .add: result = result.union(p, using: rule)
            case .subtract: result = result.subtracting(p, using: rule)
            case .intersect: result = result.intersection(p, using: rule)
            case .excludeIntersections: result = result.symmetricDifference(p, using: rule)
            }
        }
        // A single shape merged by a boolean mode is still read with the rule (its overlaps resolved).
        if paths.count == 1 && mode != .merge { result = result.normalized(using: rule) }
        return result
    }

    /// A merge with round corners after it (`c.modifiers.rounds`): mode 1 rounds each shape (it
    /// lists them as they are); the boolean modes round the corners of the combined outline, whose
    /// vertices are all sharp (those of flattened curves are so close together that a radius, at
    /// most half an edge, barely moves them).
    static func roundedMerge(_ mode: MergeMode, _ c: Contribution, frame: Double) -> CGPath {
        if mode == .merge {
            let inputs = c.inputs.map { i in
                var i = i
                i.modifiers.rounds += c.modifiers.rounds
                return i
            }
            return merged(.merge, inputs, frame: frame, evenOdd: c.evenOdd)
        }
        let outline = merged(mode, c.inputs, frame: frame, evenOdd: c.evenOdd)
        let out = CGMutablePath()
        var contour: [CGPoint] = []
        func flush() {
            defer { contour = [] }
            guard contour.count >= 3 else { return }
            let none = [CGPoint](repeating: .zero, count: contour.count)
            var shape = BezierShape(closed: true, vertices: contour, inTangents: none, outTangents: none)
            for r in c.modifiers.rounds { shape = shape.roundingCorners(radius: r.value(at: frame).at(0)) }
            shape.add(to: out, reversed: false, transform: .identity)
        }
        for command in outline.commands {
            switch command {
            case .move(let p): flush(); contour = [p]
            case .addLine(let p): contour.append(p)
            case .addQuadCurve(let p, _), .addCurve(let p, _, _): contour.append(p)
            case .closeSubpath: flush()
            }
        }
        flush()
        return out
    }

    /// What the boolean merges of a sampled path may cost in all, in units of n·√n for a merge of
    /// n flattened edges (about what one costs): 10⁷, a fraction of a second.
    static let mergeBudget = 1e7

    /// The most frames `shapes` are sampled at: `maximumSamples`, fewer when boolean merges of
    /// many edges (counted at `frame`) would cost more than `mergeBudget`, at least 2.
    static func maximumSamples(merging shapes: [Contribution], frame: Double) -> Int {
        func edges(_ c: Contribution) -> Int {
            guard case .mergePaths(let mode) = c.item, mode != .merge else { return c.inputs.reduce(0) { $0 + edges($1) } }
            return c.inputs.reduce(0) { n, i in
                n + straightened(path([i], frame: frame)).flattened(tolerance: CGPath.lamina_booleanFlatness).reduce(0) { $0 + $1.count } + edges(i)
            }
        }
        let n = Double(shapes.reduce(0) { $0 + edges($1) })
        guard n > 0 else { return maximumSamples }
        return Int(min(Double(maximumSamples), max(2, mergeBudget / (n * n.squareRoot()))))
    }

    /// `path` with its straight curves (Lottie's vertices without tangents: each control point on
    /// its end) as lines, so that a polygon is flattened into one edge per side.
    static func straightened(_ path: CGPath) -> CGPath {
        let out = CGMutablePath()
        var start = CGPoint.zero, current = CGPoint.zero
        for command in path.commands {
            switch command {
            case .move(let p): out.move(to: p); start = p; current = p
            case .addLine(let p): out.addLine(to: p); current = p
            case .addQuadCurve(let p, let c):
                if c == current || c == p { out.addLine(to: p) } else { out.addQuadCurve(to: p, control: c) }
                current = p
            case .addCurve(let p, let c1, let c2):
                if c1 == current && c2 == p { out.addLine(to: p) } else { out.addCurve(to: p, control1: c1, control2: c2) }
                current = p
            case .closeSubpath: out.closeSubpath(); current = start
            }
        }
        return out
    }

    /// `shapes` with the fill rule of the style that draws them recorded on their merges.
    static func ruled(_ shapes: [Contribution], evenOdd: Bool) -> [Contribution] {
        shapes.map { c in
            var c = c
            c.evenOdd = evenOdd
            c.inputs = ruled(c.inputs, evenOdd: evenOdd)
            return c
        }
    }
}
