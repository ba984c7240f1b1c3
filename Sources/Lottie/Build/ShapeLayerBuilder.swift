import Foundation
import QuartzCore

/// Builds the layers of a shape layer's items: a layer per group (carrying the group's transform
/// and opacity), and a `CAShapeLayer` per fill or stroke, whose path is every shape listed before
/// it in its group and in the groups listed before it (as Lottie applies styles), first item on top.
struct ShapeLayerBuilder {
    let animations: KeyframeAnimationBuilder
    /// The most samples taken for a path that no single track describes.
    static let maximumSamples = 2_000

    /// A shape that a style draws, with the transforms of the groups between them (outermost first)
    /// and the modifiers that change it (innermost first).
    struct Contribution {
        var item: ShapeItem
        var transforms: [TransformModel]
        var modifiers = Modifiers()
        /// For a merge paths item: the shapes it merges (relative to the merge's own list).
        var inputs: [Contribution] = []
        /// The fill rule of the style drawing it (even-odd when true), which reads a merge's inputs.
        var evenOdd = false
        var trims: [TrimModel] { modifiers.trims }
    }

    /// The path modifiers that apply to a shape: trims and round corners (`rd`, each a radius).
    struct Modifiers {
        var trims: [TrimModel] = []
        var rounds: [Animated<[Double]>] = []
        var isEmpty: Bool { trims.isEmpty && rounds.isEmpty }

        /// The modifiers among `items`, then these.
        func after(_ items: ArraySlice<ShapeItem>) -> Modifiers {
            var m = Modifiers()
            for item in items {
                if case .trim(let t) = item { m.trims.append(t) }
                if case .roundCorners(let r) = item { m.rounds.append(r) }
            }
            return Modifiers(trims: m.trims + trims, rounds: m.rounds + rounds)
        }
    }

    /// Adds the layers for `items` to `host`; `trims` are the modifiers of enclosing lists that change these items.
    func build(_ items: [ShapeItem], into host: CALayer, trims: Modifiers = Modifiers()) {
        for j in items.indices.reversed() {
            switch items[j] {
            case .group(let inner, let transform):
                if TransformLayers.placesAsIs(transform) {
                    // A layer of its own would map its content onto `host`'s space unchanged and
                    // group nothing (opacity 1): the content goes into `host`, in the same place
                    // among its sublayers (a layer fewer to evaluate and draw every frame).
                    build(inner, into: host, trims: trims.after(items[(j + 1)...]))
                    continue
                }
                let t = TransformLayers(transform, builder: animations, withOpacity: true, name: nil)
                build(inner, into: t.inner, trims: trims.after(items[(j + 1)...]))
                host.addSublayer(t.folded())
            case .fill(let color, let opacity, let evenOdd):
                guard let layer = shapeLayer(for: Self.ruled(Self.contributions(items, upTo: j, transforms: [], trims: trims), evenOdd: evenOdd)) else { continue }
                layer.strokeColor = nil
                layer.fillRule = evenOdd ? .evenOdd : .nonZero
                layer.fillColor = Self.opaqueColor(color.initial)
                if let a = animations.animation("fillColor", color, convert: { Self.opaqueColor($0) as Any }) { layer.add(a, forKey: "lottie.fillColor") }
                applyOpacity(opacity, to: layer)
                host.addSublayer(layer)
            case .stroke(let s):
                guard let layer = shapeLayer(for: Self.contributions(items, upTo: j, transforms: [], trims: trims)) else { continue }
                layer.fillColor = nil
                layer.strokeColor = Self.opaqueColor(s.color.initial)
                if let a = animations.animation("strokeColor", s.color, convert: { Self.opaqueColor($0) as Any }) { layer.add(a, forKey: "lottie.strokeColor") }
                applyStroke(s, to: layer)
                applyOpacity(s.opacity, to: layer)
                host.addSublayer(layer)
            case .gradientFill(let g, let evenOdd):
                let shapes = Self.ruled(Self.contributions(items, upTo: j, transforms: [], trims: trims), evenOdd: evenOdd)
                guard let mask = shapeLayer(for: shapes) else { continue }
                mask.strokeColor = nil
                mask.fillRule = evenOdd ? .evenOdd : .nonZero
                mask.fillColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
                host.addSublayer(GradientLayerBuilder(animations: animations).layer(g, mask: mask, shapes: shapes, margin: 1))
            case .gradientStroke(let g, let s):
                let shapes = Self.contributions(items, upTo: j, transforms: [], trims: trims)
                guard let mask = shapeLayer(for: shapes) else { continue }
                mask.fillColor = nil
                mask.strokeColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
                applyStroke(s, to: mask)
                // Far enough for the widest stroke's miter joins and square caps.
                let widest = s.width.keyframes.map { max($0.value.at(0, 1), $0.endValue?.at(0, 1) ?? 0) }.max() ?? 1
                let margin = max(0, widest) / 2 * max(1.5, s.miterLimit) + 1
                host.addSublayer(GradientLayerBuilder(animations: animations).layer(g, mask: mask, shapes: shapes, margin: margin))
            case .rect, .ellipse, .path, .star, .trim, .roundCorners, .mergePaths:
                continue
            }
        }
    }

    /// A stroke's width, caps, joins, miter limit and dashes on `layer`.
    private func applyStroke(_ s: StrokeModel, to layer: CAShapeLayer) {
        layer.lineWidth = max(0, s.width.initial.at(0, 1))
        if let a = animations.animation("lineWidth", s.width, convert: { max(0, $0.at(0, 1)) }) { layer.add(a, forKey: "lottie.lineWidth") }
        layer.lineCap = s.cap == .butt ? .butt : s.cap == .round ? .round : .square
        layer.lineJoin = s.join == .miter ? .miter : s.join == .round ? .round : .bevel
        layer.miterLimit = max(0, s.miterLimit)
        if !s.dashes.isEmpty {
            layer.lineDashPattern = s.dashes.map { NSNumber(value: $0) }
            layer.lineDashPhase = s.dashOffset.initial.at(0)
            if let a = animations.animation("lineDashPhase", s.dashOffset, convert: { $0.at(0) }) { layer.add(a, forKey: "lottie.lineDashPhase") }
        }
    }

    func applyOpacity(_ o: Animated<[Double]>, to layer: CALayer) {
        layer.opacity = Float(TransformLayers.unit(o.initial.at(0, 100)))
        if let a = animations.animation("opacity", o, convert: { TransformLayers.unit($0.at(0, 100)) }) { layer.add(a, forKey: "lottie.opacity") }
    }

    /// The shapes of `items` before index `end` and of the groups among them, with the groups'
    /// transforms and the trims that cut each: those listed after it in its own list and in the
    /// lists around it (`trims`), as a trim cuts every shape above it.
    static func contributions(_ items: [ShapeItem], upTo end: Int, transforms: [TransformModel], trims: Modifiers) -> [Contribution] {
        var out: [Contribution] = []
        for i in 0..<min(end, items.count) {
            let after = trims.after(items[(i + 1)...])
            switch items[i] {
            case .group(let inner, let t): out += contributions(inner, upTo: inner.count, transforms: transforms + [t], trims: after)
            case .rect, .ellipse, .path, .star: out.append(Contribution(item: items[i], transforms: transforms, modifiers: after))
            case .fill, .stroke, .gradientFill, .gradientStroke, .trim, .roundCorners: continue
            case .mergePaths:
                // The shapes so far in this list become one, measured in this list's coordinates.
                let inputs = contributions(Array(items[0..<i]), upTo: i, transforms: [], trims: Modifiers())
                out = inputs.isEmpty ? [] : [Contribution(item: items[i], transforms: transforms, modifiers: after, inputs: inputs)]
            }
        }
        return out
    }

    /// A shape layer drawing `shapes` (its path animated as exactly as the tracks allow); nil when there are none.
    func shapeLayer(for shapes: [Contribution]) -> CAShapeLayer? {
        guard !shapes.isEmpty else { return nil }
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.bounds = .zero
        let animated = shapes.indices.filter { Self.isAnimated(shapes[$0]) }
        layer.path = Self.path(shapes, frame: Self.firstFrame(shapes))
        guard !animated.isEmpty else { return layer }
        if animated.count == 1, let a = exactAnimation(shapes, index: animated[0]) {
            layer.add(a, forKey: "lottie.path")
        } else if let a = sampledAnimation(shapes) {
            layer.add(a, forKey: "lottie.path")
        }
        return layer
    }

    /// One animated shape whose path follows one of its tracks linearly (a bezier path, an ellipse or
    /// sharp rectangle with position or size animated, a rounded one with position animated), in
    /// static groups: an animation through that track's own keyframes and easing.
    private func exactAnimation(_ shapes: [Contribution], index: Int) -> CAKeyframeAnimation? {
        let c = shapes[index]
        guard !c.transforms.contains(where: TransformLayers.isAnimated), !shapes.contains(where: { !$0.modifiers.isEmpty }) else { return nil }
        let frame = Self.firstFrame(shapes)
        func pathWith(_ replace: (inout ShapeItem) -> Void) -> CGPath {
            var copy = shapes
            replace(&copy[index].item)
            return Self.path(copy, frame: frame)
        }
        switch c.item {
        case .path(let track, let reversed):
            return animations.animation("path", track) { v in pathWith { $0 = .path(Animated(v), reversed: reversed) } }
        case .ellipse(let p, let s, let reversed):
            // A position moving along a curve is sampled.
            if (p.isAnimated && s.isAnimated) || p.hasSpatialTangents { return nil }
            if p.isAnimated { return animations.animation("path", p) { v in pathWith { $0 = .ellipse(position: Animated(v), size: s, reversed: reversed) } } }
            return animations.animation("path", s) { v in pathWith { $0 = .ellipse(position: p, size: Animated(v), reversed: reversed) } }
        case .rect(let p, let s, let r, let reversed):
            if r.isAnimated || (p.isAnimated && s.isAnimated) || p.hasSpatialTangents { return nil }
            if p.isAnimated { return animations.animation("path", p) { v in pathWith { $0 = .rect(position: Animated(v), size: s, roundness: r, reversed: reversed) } } }
            if r.initial.at(0) > 0 { return nil }
            return animations.animation("path", s) { v in pathWith { $0 = .rect(position: p, size: Animated(v), roundness: r, reversed: reversed) } }
        default:
            return nil
        }
    }

    /// The combined path sampled at every frame between the first and last keyframe of its tracks.
    private func sampledAnimation(_ shapes: [Contribution]) -> CAKeyframeAnimation? {
        let times = shapes.flatMap(Self.keyframeTimes)
        guard let lo = times.min(), let hi = times.max() else { return nil }
        return animations.sampled("path", from: lo, to: hi, maximum: Self.maximumSamples(merging: shapes, frame: lo)) { Self.path(shapes, frame: $0) }
    }

    private static func isAnimated(_ c: Contribution) -> Bool { !keyframeTimes(c).isEmpty }

    /// The frames of every keyframe that moves `c` (its own tracks and its groups' transforms).
    static func keyframeTimes(_ c: Contribution) -> [Double] {
        var out: [Double] = []
        func add<V>(_ a: Animated<V>) { if a.isAnimated { out += a.keyframes.map(\.time) } }
        switch c.item {
        case .rect(let p, let s, let r, _): add(p); add(s); add(r)
        case .ellipse(let p, let s, _): add(p); add(s)
        case .path(let s, _): add(s)
        case .star(let star): star.tracks.forEach(add)
        default: break
        }
        for i in c.inputs { out += keyframeTimes(i) }
        for t in c.trims { out += t.keyframeTimes }
        for r in c.modifiers.rounds { add(r) }
        for t in c.transforms {
            switch t.position {
            case .combined(let p): add(p)
            case .separate(let x, let y): add(x); add(y)
            }
            add(t.anchor); add(t.scale); add(t.rotation); add(t.skew); add(t.skewAxis)
        }
        return out
    }

    /// The frame the static value of `shapes` is read at: the first keyframe of any track, else 0.
    private static func firstFrame(_ shapes: [Contribution]) -> Double { shapes.flatMap(keyframeTimes).min() ?? 0 }

    /// The colour of a fill, stroke or text: `[r, g, b]` of 0...1, opaque. A fourth component is
    /// ignored, as lottie-ios, lottie-web, rlottie and ThorVG ignore it (opacity comes from the
    /// fill's or stroke's `o`). Values an easing overshoots past 0...1 are clamped.
    static func opaqueColor(_ v: [Double]) -> CGColor {
        func c(_ x: Double) -> CGFloat { CGFloat(min(max(x, 0), 1)) }
        return CGColor(srgbRed: c(v.at(0)), green: c(v.at(1)), blue: c(v.at(2)), alpha: 1)
    }

    /// A colour from Lottie's 0...1 components (alpha 1 when absent): gradient stops, whose alpha is their own.
    static func color(_ v: [Double]) -> CGColor {
        func c(_ x: Double) -> CGFloat { CGFloat(min(max(x, 0), 1)) }
        return CGColor(srgbRed: c(v.at(0)), green: c(v.at(1)), blue: c(v.at(2)), alpha: c(v.at(3, 1)))
    }
}
