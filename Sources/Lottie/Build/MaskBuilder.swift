import Foundation
import QuartzCore

/// Builds a layer's masks as one mask layer: each mask a `CAShapeLayer` filled opaque at the mask's
/// opacity and combined with the ones before it by a Porter-Duff compositing filter (add: source
/// over, subtract: destination out, intersect: destination in), an inverted one filling a large
/// rectangle with its path cut out, an expanded one stroked as wide as twice the expansion with round
/// joins too. A track matte is the matte layer's own tree, turned inside out for inverted mattes.
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
            let layer = shapeLayer(m)
            switch m.mode {
            case .subtract:
                layer.compositingFilter = "destinationOut"
            case .intersect where k > 0:
                // Destination-in clears what lies outside the source, within the layer's bounds.
                layer.bounds = Self.everywhere
                layer.position = Self.everywhere.origin
                layer.compositingFilter = "destinationIn"
            default:
                break
            }
            container.addSublayer(layer)
        }
        return container
    }

    /// One mask's shape layer: its path (inverted: a large rectangle with the path cut out), filled,
    /// and stroked twice the expansion wide when expanded, at the mask's opacity.
    private func shapeLayer(_ m: MaskModel) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.bounds = .zero
        layer.fillColor = Self.opaque
        let inverted = m.inverted
        func path(_ shape: BezierShape) -> CGPath {
            let p = CGMutablePath()
            if inverted { p.addRect(Self.everywhere) }
            shape.add(to: p, reversed: false, transform: .identity)
            return p
        }
        if inverted { layer.fillRule = .evenOdd }
        layer.path = path(m.path.initial)
        if let a = animations.animation("path", m.path, convert: { path($0) as Any }) { layer.add(a, forKey: "lottie.path") }
        let grows = !inverted && m.expansion.keyframes.allSatisfy { $0.value.at(0) >= 0 && ($0.endValue?.at(0) ?? 0) >= 0 }
        if grows && (m.expansion.isAnimated || m.expansion.initial.at(0) > 0) {
            layer.strokeColor = Self.opaque
            layer.lineJoin = .round
            layer.lineWidth = 2 * m.expansion.initial.at(0)
            if let a = animations.animation("lineWidth", m.expansion, convert: { 2 * max(0, $0.at(0)) }) { layer.add(a, forKey: "lottie.expansion") }
        }
        layer.opacity = Float(TransformLayers.unit(m.opacity.initial.at(0, 100)))
        if let a = animations.animation("opacity", m.opacity, convert: { TransformLayers.unit($0.at(0, 100)) }) { layer.add(a, forKey: "lottie.opacity") }
        return layer
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

    /// The mask of a layer drawn through the matte layer tree `matte`: the matte itself, or
    /// everything but it when `inverted`.
    static func matte(_ matte: CALayer, inverted: Bool) -> CALayer {
        guard inverted else { return matte }
        let container = TransformLayers.bare(nil)
        container.addSublayer(everywhereLayer())
        matte.compositingFilter = "destinationOut"
        container.addSublayer(matte)
        return container
    }
}
