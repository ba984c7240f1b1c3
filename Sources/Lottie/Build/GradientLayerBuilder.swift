import Foundation
import QuartzCore

/// Builds a gradient fill's or stroke's layer: a `CAGradientLayer` (axial for linear gradients,
/// radial for radial ones) covering every place its shapes reach, masked by a `CAShapeLayer` that
/// fills or strokes them. Its stops are one at every colour and every opacity stop (see
/// `GradientStops.resolved`); its points are the gradient's `s` and `e` in the layer's unit square.
struct GradientLayerBuilder {
    let animations: KeyframeAnimationBuilder
    /// The most frames the shapes' extent is measured at.
    static let maximumExtentSamples = 500

    /// How far past its shapes' ink a gradient layer reaches: 4 units, or 5 % of the shapes'
    /// longer side when more (enough for several device pixels at any scale a composition is
    /// drawn at to fit a screen).
    static func clearance(_ shapes: CGRect) -> Double {
        max(4, 0.05 * Double(max(shapes.width, shapes.height)))
    }

    /// The gradient layer for `g`, masked by `mask`, which draws `shapes` with `margin` points of ink beyond their paths.
    func layer(_ g: GradientModel, mask: CAShapeLayer, shapes: [ShapeLayerBuilder.Contribution], margin: Double) -> CALayer {
        let shapesBox = extent(shapes)
        // The layer reaches well past its shapes (by `clearance` more than their ink): its own
        // edge, anti-aliased wherever it falls between pixels, never meets the shapes' edges, so
        // the mask alone shapes the gradient (no darker fringe where both edges would multiply),
        // and the compositor draws the gradient straight through the mask's path.
        let reach = margin + GradientLayerBuilder.clearance(shapesBox)
        let box = shapesBox.insetBy(dx: -reach, dy: -reach)
        if g.kind == .radial, g.highlightLength.isAnimated || g.highlightLength.initial.at(0) != 0 {
            return highlightLayer(g, mask: mask, box: box)
        }
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = box
        layer.position = box.origin
        layer.mask = mask
        layer.type = g.kind == .radial ? .radial : .axial
        func unit(_ p: [Double]) -> CGPoint { CGPoint(x: (p.at(0) - box.minX) / box.width, y: (p.at(1) - box.minY) / box.height) }
        // A radial gradient: the circle through `e` around `s`, as an ellipse reaching (s.x + r, s.y + r).
        func radialEnd(_ s: [Double], _ e: [Double]) -> CGPoint {
            let r = hypot(e.at(0) - s.at(0), e.at(1) - s.at(1))
            return unit([s.at(0) + r, s.at(1) + r])
        }
        layer.startPoint = unit(g.start.initial)
        if let a = animations.animation("startPoint", g.start, convert: { unit($0) }) { layer.add(a, forKey: "lottie.startPoint") }
        switch g.kind {
        case .linear:
            layer.endPoint = unit(g.end.initial)
            if let a = animations.animation("endPoint", g.end, convert: { unit($0) }) { layer.add(a, forKey: "lottie.endPoint") }
        case .radial:
            layer.endPoint = radialEnd(g.start.initial, g.end.initial)
            if g.start.isAnimated || g.end.isAnimated {
                let times = [g.start, g.end].filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) }
                if let lo = times.min(), let hi = times.max(),
                   let a = animations.sampled("endPoint", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: {
                       radialEnd(g.start.value(at: $0), g.end.value(at: $0)) as Any
                   }) {
                    layer.add(a, forKey: "lottie.endPoint")
                }
            }
        }
        applyStops(g.stops, to: layer)
        ShapeLayerBuilder(animations: animations).applyOpacity(g.opacity, to: layer)
        return layer
    }

    /// A radial gradient with a highlight: drawn by `HighlightGradientLayer` at each frame from the
    /// first to the last keyframe of its properties.
    private func highlightLayer(_ g: GradientModel, mask: CAShapeLayer, box: CGRect) -> CALayer {
        let layer = HighlightGradientLayer(gradient: g, box: box)
        // The mask draws in the shape's coordinates; the layer's start at `box.origin`.
        mask.position = CGPoint(x: -box.minX, y: -box.minY)
        layer.mask = mask
        let tracks = [g.start, g.end, g.highlightLength, g.highlightAngle, g.stops.packed].filter(\.isAnimated)
        let times = tracks.flatMap { $0.keyframes.map(\.time) }
        layer.frameDrawn = times.min() ?? 0
        if let lo = times.min(), let hi = times.max(),
           let a = animations.sampled(HighlightGradientLayer.frameKey, from: lo, to: hi, maximum: 1, value: { $0 as Any }) {
            layer.add(a, forKey: "lottie.frame")
        }
        layer.setNeedsDisplay()
        ShapeLayerBuilder(animations: animations).applyOpacity(g.opacity, to: layer)
        return layer
    }

    /// Colours and locations, animated: through the keyframes when the locations stay put (then both
    /// move linearly with the packed numbers), else sampled.
    private func applyStops(_ stops: GradientStops, to layer: CAGradientLayer) {
        func colors(_ v: [Double]) -> [CGColor] { stops.resolved(v).map { ShapeLayerBuilder.color($0.color) } }
        func locations(_ v: [Double]) -> [NSNumber] { stops.resolved(v).map { NSNumber(value: min(max($0.location, 0), 1)) } }
        layer.colors = colors(stops.packed.initial)
        layer.locations = locations(stops.packed.initial)
        guard stops.packed.isAnimated else { return }
        if stops.locationsAreStatic {
            if let a = animations.animation("colors", stops.packed, convert: { colors($0) as Any }) { layer.add(a, forKey: "lottie.colors") }
            return
        }
        let times = stops.packed.keyframes.map(\.time)
        guard let lo = times.min(), let hi = times.max() else { return }
        if let a = animations.sampled("colors", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: { colors(stops.packed.value(at: $0)) as Any }) {
            layer.add(a, forKey: "lottie.colors")
        }
        if let a = animations.sampled("locations", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: { locations(stops.packed.value(at: $0)) as Any }) {
            layer.add(a, forKey: "lottie.locations")
        }
    }

    /// A rectangle holding every point the shapes' paths reach, over their keyframes (at least 1 × 1).
    private func extent(_ all: [ShapeLayerBuilder.Contribution]) -> CGRect {
        // Merged shapes reach no further than the shapes they merge, listed.
        let shapes = ShapeLayerBuilder.listed(all)
        let times = shapes.flatMap(ShapeLayerBuilder.keyframeTimes)
        let frames = times.isEmpty ? [0] : FrameSampler.frames(from: times.min() ?? 0, to: times.max() ?? 0, maximum: Self.maximumExtentSamples)
        var box = CGRect.null
        for f in frames {
            let b = ShapeLayerBuilder.path(shapes, frame: f).boundingBoxOfPath
            if !b.isNull, b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite { box = box.union(b) }
        }
        if box.isNull { box = CGRect(x: 0, y: 0, width: 1, height: 1) }
        return CGRect(x: box.minX, y: box.minY, width: max(box.width, 1), height: max(box.height, 1))
    }
}
