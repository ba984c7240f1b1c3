import Foundation
import QuartzCore

/// Merge paths (`mm`), as Skottie draws them: the shapes before the merge in its group, in file
/// order, are combined one after another (mode 1 lists them as one path; 2–5 are path boolean
/// operations: union, difference, intersection, exclusive or), each read with the fill rule of
/// the style that draws the result (non-zero for strokes). The boolean modes flatten curves
/// within `CGPath.lamina_booleanFlatness` (0.01) units of the merge's own coordinates: 0.1 px when the
/// composition is drawn ten times its size. Animated shapes are merged anew at every sampled frame.
extension ShapeLayerBuilder {
    /// The most steps one boolean operation of a merge may take (`CGPath.lamina_combined`): about
    /// a tenth of a second. Shapes whose outlines cross too often for it are drawn as mode 1 at
    /// that frame, reported once.
    static let mergeSteps = 20_000_000

    /// The path of merge `mode` over `inputs` at `frame`, in the coordinates of the merge's list
    /// (the merge item at JSON path `at`).
    static func merged(_ mode: MergeMode, _ inputs: [Contribution], frame: Double, evenOdd: Bool, at: String) -> CGPath {
        let paths = inputs.map { straightened(path([$0], frame: frame)) }
        func listed() -> CGPath {
            let m = CGMutablePath()
            for p in paths { m.addPath(p) }
            return m
        }
        guard var result = paths.first, mode != .merge else { return listed() }
        guard paths.allSatisfy(isCombinable) else {
            LaminaDiagnostics.report("Lottie: \(TerminalText.escaped(at)): the merged shapes reach past \(Int(maximumMergeCoordinate)) "
                + "units; drawn as mode 1 (merge)")
            return listed()
        }
        let rule: CGPathFillRule = evenOdd ? .evenOdd : .winding
        let op: CGPathBooleanOperation
        switch mode {
        case .merge, .add: op = .union
        case .subtract: op = .subtracting
        case .intersect: op = .intersection
        case .excludeIntersections: op = .symmetricDifference
        }
        // A single shape is still read with the rule (its overlaps resolved): its union with nothing.
        let others = paths.count == 1 ? [CGMutablePath()] : Array(paths.dropFirst())
        for p in others {
            guard let r = result.lamina_combined(paths.count == 1 ? .union : op, with: p, using: rule, maximumSteps: mergeSteps) else {
                LaminaDiagnostics.report("Lottie: \(TerminalText.escaped(at)): the merged shapes' outlines cross too often to combine "
                    + "(more than \(mergeSteps) steps); drawn as mode 1 (merge) where they do")
                return listed()
            }
            result = r
        }
        return result
    }

    /// The farthest from the origin a merged shape may reach: boolean operations on coordinates past
    /// it (a mutated size of 1e308) would lose all precision and run for minutes.
    static let maximumMergeCoordinate = 1e7

    /// Whether `path` lies within `maximumMergeCoordinate` of the origin, with finite coordinates.
    static func isCombinable(_ path: CGPath) -> Bool {
        let b = path.boundingBoxOfPath
        guard !b.isNull else { return true }
        return [b.minX, b.maxX, b.minY, b.maxY].allSatisfy { $0.isFinite && abs($0) <= maximumMergeCoordinate }
    }

    /// A merge with round corners after it (`c.modifiers.rounds`): mode 1 rounds each shape (it
    /// lists them as they are); the boolean modes round the corners of the combined outline, whose
    /// vertices are all sharp (those of flattened curves are so close together that a radius, at
    /// most half an edge, barely moves them).
    static func roundedMerge(_ mode: MergeMode, _ c: Contribution, frame: Double, at: String) -> CGPath {
        if mode == .merge {
            let inputs = c.inputs.map { i in
                var i = i
                i.modifiers.rounds += c.modifiers.rounds
                return i
            }
            return merged(.merge, inputs, frame: frame, evenOdd: c.evenOdd, at: at)
        }
        let outline = merged(mode, c.inputs, frame: frame, evenOdd: c.evenOdd, at: at)
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
            guard case .mergePaths(let mode, _) = c.item, mode != .merge else { return c.inputs.reduce(0) { $0 + edges($1) } }
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

    /// `shapes` with their boolean merges listed as one path instead (mode 1): paths that reach at
    /// least as far, and cost nothing to combine, for measuring where the shapes go.
    static func listed(_ shapes: [Contribution]) -> [Contribution] {
        shapes.map { c in
            var c = c
            if case .mergePaths(_, let at) = c.item { c.item = .mergePaths(.merge, path: at) }
            c.inputs = listed(c.inputs)
            return c
        }
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
