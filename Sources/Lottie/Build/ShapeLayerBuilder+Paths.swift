import Foundation
import QuartzCore

/// The paths a style draws: its shapes at a frame through their groups' transforms, with their
/// corners rounded and their trims applied.
extension ShapeLayerBuilder {
    /// The combined path of `shapes` at layer frame `frame`, trimmed as their trims say. As in
    /// lottie-web, trims measure each shape in its own coordinates, before its groups' transforms.
    static func path(_ shapes: [Contribution], frame: Double) -> CGPath {
        guard shapes.contains(where: { !$0.trims.isEmpty }) else {
            let path = CGMutablePath()
            for c in shapes { add(c, to: path, frame: frame) }
            return path
        }
        // Each shape on its own; a trim of shapes one after another cuts them in turn, once.
        var pieces: [CGPath] = shapes.map { c in
            let p = CGMutablePath()
            add(c, to: p, frame: frame, transformed: false)
            return p
        }
        var done = Set<String>()
        for (i, c) in shapes.enumerated() {
            for t in c.trims {
                if !t.individually {
                    pieces[i] = t.apply(to: pieces[i], at: frame)
                } else if done.insert(t.id).inserted {
                    let covered = shapes.indices.filter { k in shapes[k].trims.contains { $0.id == t.id } }
                    let cut = t.apply(toSequence: covered.map { pieces[$0] }, at: frame)
                    for (k, piece) in zip(covered, cut) { pieces[k] = piece }
                }
            }
        }
        let path = CGMutablePath()
        for (c, p) in zip(shapes, pieces) { path.addPath(p, transform: transform(of: c, at: frame)) }
        return path
    }

    /// The transforms of the groups between shape `c` and its style, at `frame`, as one matrix.
    static func transform(of c: Contribution, at frame: Double) -> CGAffineTransform {
        var t = CGAffineTransform.identity
        for g in c.transforms.reversed() { t = t.concatenating(TransformLayers.affine(g, at: frame)) }
        return t
    }

    /// Adds the path of shape `c` at `frame` to `path`, through its groups' transforms unless not
    /// `transformed`, its sharp corners rounded first when round-corner modifiers apply.
    static func add(_ c: Contribution, to path: CGMutablePath, frame: Double, transformed: Bool = true) {
        let t = transformed ? transform(of: c, at: frame) : .identity
        if !c.modifiers.rounds.isEmpty, case .mergePaths(let mode, let at) = c.item {
            path.addPath(roundedMerge(mode, c, frame: frame, at: at), transform: t)
            return
        }
        if !c.modifiers.rounds.isEmpty, var shape = bezier(c.item, at: frame) {
            for r in c.modifiers.rounds { shape = shape.roundingCorners(radius: r.value(at: frame).at(0)) }
            shape.add(to: path, reversed: false, transform: t)
            return
        }
        switch c.item {
        case .rect(let p, let s, let r, let rev):
            ShapePaths.addRect(to: path, p: p.value(at: frame), s: s.value(at: frame), r: r.value(at: frame).at(0), reversed: rev, transform: t)
        case .ellipse(let p, let s, let rev):
            ShapePaths.addEllipse(to: path, p: p.value(at: frame), s: s.value(at: frame), reversed: rev, transform: t)
        case .path(let shape, let rev):
            shape.value(at: frame).add(to: path, reversed: rev, transform: t)
        case .star(let star):
            star.shape(at: frame).add(to: path, reversed: false, transform: t)
        case .mergePaths(let mode, let at):
            path.addPath(merged(mode, c.inputs, frame: frame, evenOdd: c.evenOdd, at: at), transform: t)
        default:
            return
        }
    }

    /// The shape of `item` at `frame` as vertices and tangents, for modifiers that change vertices
    /// (nil for shapes that have no sharp corners to round: ellipses and rectangles already rounded).
    static func bezier(_ item: ShapeItem, at frame: Double) -> BezierShape? {
        switch item {
        case .path(let s, let reversed):
            let shape = s.value(at: frame)
            return reversed ? shape.reversed() : shape
        case .star(let star):
            return star.shape(at: frame)
        case .rect(let p, let s, let r, let reversed):
            guard r.value(at: frame).at(0) <= 0 else { return nil }
            let pv = p.value(at: frame), sv = s.value(at: frame)
            let cx = pv.at(0), cy = pv.at(1), w = abs(sv.at(0)) / 2, h = abs(sv.at(1)) / 2
            let corners = [CGPoint(x: cx + w, y: cy - h), CGPoint(x: cx + w, y: cy + h), CGPoint(x: cx - w, y: cy + h), CGPoint(x: cx - w, y: cy - h)]
            let v = reversed ? [corners[0], corners[3], corners[2], corners[1]] : corners
            return BezierShape(closed: true, vertices: v, inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
        default:
            return nil
        }
    }
}
