import Foundation
import QuartzCore

/// Puts a drop shadow effect or layer style on a layer as Core Animation's shadow: its colour,
/// opacity, offset and blur (Lamina's `shadowRadius` is the blur's standard deviation: lottie-web's
/// softness / 4 for the effect, lottie-ios's size / 2 for the style).
struct ShadowBuilder {
    let animations: KeyframeAnimationBuilder

    /// Sets `layer`'s shadow from `s`, animated as its values are.
    func apply(_ s: DropShadowModel, to layer: CALayer) {
        let times = [s.direction, s.distance].filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) }
        layer.shadowColor = ShapeLayerBuilder.color(Array(s.color.initial.prefix(3)))
        if let a = animations.animation("shadowColor", s.color, convert: { ShapeLayerBuilder.color(Array($0.prefix(3))) as Any }) { layer.add(a, forKey: "lottie.shadowColor") }
        let units = s.units
        layer.shadowOpacity = Float(Self.opacity(s.opacity.initial, units))
        if let a = animations.animation("shadowOpacity", s.opacity, convert: { Self.opacity($0, units) }) { layer.add(a, forKey: "lottie.shadowOpacity") }
        layer.shadowRadius = Self.radius(s.softness.initial, units)
        if let a = animations.animation("shadowRadius", s.softness, convert: { Self.radius($0, units) }) { layer.add(a, forKey: "lottie.shadowRadius") }
        layer.shadowOffset = s.offset(at: times.min() ?? 0)
        if let lo = times.min(), let hi = times.max(),
           let a = animations.sampled("shadowOffset", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: { s.offset(at: $0) as Any }) {
            layer.add(a, forKey: "lottie.shadowOffset")
        }
    }

    /// Opacity 0...`units.opacity` as 0...1.
    static func opacity(_ v: [Double], _ units: DropShadowModel.Units) -> Double { min(max(v.at(0) / units.opacity, 0), 1) }
    /// Softness (or a style's size) as the blur's standard deviation.
    static func radius(_ v: [Double], _ units: DropShadowModel.Units) -> CGFloat { CGFloat(max(0, v.at(0) / units.softnessPerSigma)) }
}
