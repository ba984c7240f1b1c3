import Foundation
@_spi(Lamina) import QuartzCore

/// Builds a layer's masks as one mask layer: each mask a `CAShapeLayer` filled opaque at the mask's
/// opacity and combined with the ones before it by a Porter-Duff compositing filter (add: source
/// over, subtract: destination out, intersect: destination in; lighten, darken and difference as
/// add, intersect and xor, exact wherever one of the two coverages is 0 or 1), an inverted one
/// filling a large rectangle with its path cut out, an expanded one stroked as wide as twice the
/// expansion with round joins too (a shrunk one has that stroke cut away). A track matte is the
/// matte layer's own tree, turned inside out for inverted alpha mattes, read by luma for luma ones.
struct MaskBuilder {
    let animations: KeyframeAnimationBuilder

    /// How far the rectangle that inverted masks and inverted mattes fill reaches, in points each way.
    static let reach: CGFloat = 1_000_000
    static var everywhere: CGRect { CGRect(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach) }
    private static let opaque = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)

    /// The mask layer for `masks` (nil when there are none that do anything).
    func mask(_ masks: [MaskModel]) -> CALayer? {
        let active = masks.filter { $0.mode != .none }
        guard let first = active.first else { return nil }
        let container = TransformLayers.bare(nil)
        // A first mask that subtracts cuts from everything.
        if first.mode == .subtract { container.addSublayer(Self.everywhereLayer()) }
        for (k, m) in active.enumerated() {
            let layer = entry(m)
            switch m.mode {
            case .subtract:
                layer.compositingFilter = "destinationOut"
            case .intersect where k > 0, .darken where k > 0:
                // Destination-in clears what lies outside the source, within the layer's bounds.
                // Darken (the smaller coverage) is the same wherever either mask is 0 or 1.
                layer.bounds = Self.everywhere
                layer.position = Self.everywhere.origin
                layer.compositingFilter = "destinationIn"
            case .difference:
                // Xor: |M − a| wherever either coverage is 0 or 1.
                layer.compositingFilter = "xor"
            default:
                // Add (and lighten, the larger coverage, the same wherever either is 0 or 1).
                break
            }
            container.addSublayer(layer)
        }
        return container
    }

    /// One mask at its opacity: a shape layer when it is not expanded (or only grows and is not
    /// inverted), else a group: the path filled and stroked twice the growth wide, less a stroke twice
    /// the shrinking wide, all cut out of a large rectangle when inverted.
    private func entry(_ m: MaskModel) -> CALayer {
        let x = m.expansion
        let values = x.keyframes.flatMap { [$0.value.at(0)] + ($0.endValue.map { [$0.at(0)] } ?? []) }
        let expands = x.isAnimated || x.initial.at(0) != 0
        let shrinks = values.contains { $0 < 0 }
        let layer: CALayer
        if !expands || (!shrinks && !m.inverted) {
            let shape = shapeLayer(m.path, inverted: m.inverted)
            if expands { addStroke(to: shape, width: x) { max(0, $0) } }
            layer = shape
        } else {
            let grown = shapeLayer(m.path, inverted: false)
            addStroke(to: grown, width: x) { max(0, $0) }
            var expanded: CALayer = grown
            if shrinks {
                let group = TransformLayers.bare(nil)
                let cut = shapeLayer(m.path, inverted: false)
                cut.fillColor = nil
                addStroke(to: cut, width: x) { max(0, -$0) }
                cut.compositingFilter = "destinationOut"
                group.addSublayer(grown)
                group.addSublayer(cut)
                expanded = group
            }
            if m.inverted {
                let group = TransformLayers.bare(nil)
                group.addSublayer(Self.everywhereLayer())
                expanded.compositingFilter = "destinationOut"
                group.addSublayer(expanded)
                expanded = group
            }
            layer = expanded
        }
        layer.opacity = Float(TransformLayers.unit(m.opacity.initial.at(0, 100)))
        if let a = animations.animation("opacity", m.opacity, convert: { TransformLayers.unit($0.at(0, 100)) }) { layer.add(a, forKey: "lottie.opacity") }
        return layer
    }

    /// A layer filling the mask path (inverted: a large rectangle with the path cut out).
    private func shapeLayer(_ track: Animated<BezierShape>, inverted: Bool) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.fillColor = Self.opaque
        func path(_ shape: BezierShape) -> CGPath {
            let p = CGMutablePath()
            if inverted { p.addRect(Self.everywhere) }
            shape.add(to: p, reversed: false, transform: .identity)
            return p
        }
        if inverted { layer.fillRule = .evenOdd }
        layer.path = path(track.initial)
        if let a = animations.animation("path", track, convert: { path($0) as Any }) { layer.add(a, forKey: "lottie.path") }
        return layer
    }

    /// Strokes `layer`'s path with round joins, twice `part` of the expansion wide.
    private func addStroke(to layer: CAShapeLayer, width x: Animated<[Double]>, part: @escaping (Double) -> Double) {
        layer.strokeColor = Self.opaque
        layer.lineJoin = .round
        layer.lineWidth = 2 * part(x.initial.at(0))
        let values = x.keyframes.flatMap { [$0.value.at(0)] + ($0.endValue.map { [$0.at(0)] } ?? []) }
        if values.contains(where: { $0 < 0 }) && values.contains(where: { $0 > 0 }) {
            // Crossing zero, the width is not linear in the expansion: sampled per frame.
            let times = x.keyframes.map(\.time)
            if let lo = times.min(), let hi = times.max(),
               let a = animations.sampled("lineWidth", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: { 2 * part(x.value(at: $0).at(0)) }) {
                layer.add(a, forKey: "lottie.expansion")
            }
        } else if let a = animations.animation("lineWidth", x, convert: { 2 * part($0.at(0)) }) {
            layer.add(a, forKey: "lottie.expansion")
        }
    }

    /// An opaque layer covering everything.
    private static func everywhereLayer() -> CAShapeLayer {
        let l = CAShapeLayer()
        l.anchorPoint = .zero
        l.bounds = .zero
        l.path = CGPath(rect: everywhere, transform: nil)
        l.fillColor = opaque
        return l
    }

    /// The mask of a layer drawn through the matte layer tree `matte` as `mode` says: the matte
    /// itself (alpha, and luma, whose mask is read by luminance: see `channel(for:)`), or
    /// everything but it for an inverted alpha matte.
    static func matte(_ matte: CALayer, mode: MatteMode) -> CALayer {
        guard mode == .alphaInverted else { return matte }
        let container = TransformLayers.bare(nil)
        container.addSublayer(everywhereLayer())
        matte.compositingFilter = "destinationOut"
        container.addSublayer(matte)
        return container
    }

    /// How the compositor reads a matte's mask: by alpha, or by luma (Rec. 709 on premultiplied
    /// sRGB, Skottie's and ThorVG's definition; inverted: one minus that, so that where the matte
    /// is transparent the layer shows).
    static func channel(for mode: MatteMode) -> LaminaMaskChannel {
        switch mode {
        case .alpha, .alphaInverted: return .alpha
        case .luma: return .luminance
        case .lumaInverted: return .inverseLuminance
        }
    }
}
