import Foundation
import QuartzCore

/// Auto-orient (`ao`): the rotation of a layer that turns along its position's direction of travel.
extension TransformLayers {
    /// Whether the position of `t` changes over time.
    static func positionIsAnimated(_ t: TransformModel) -> Bool {
        switch t.position {
        case .combined(let c): return c.isAnimated
        case .separate(let x, let y): return x.isAnimated || y.isAnimated
        }
    }

    /// The position of `t` at layer frame `f`.
    static func position(_ t: TransformModel, at f: Double) -> CGPoint {
        switch t.position {
        case .combined(let c): return point(c.value(at: f))
        case .separate(let x, let y): return CGPoint(x: x.value(at: f).at(0), y: y.value(at: f).at(0))
        }
    }

    /// How far back (or, before the first keyframe, ahead) the direction of travel is measured, in
    /// frames, as lottie-web measures it.
    static let orientLead = 0.01, orientLeadAtEnd = 0.05

    /// The direction of travel at layer frame `f`, in radians (lottie-web's: from the position a
    /// hundredth of a frame before; at or before the first keyframe, towards the position just after
    /// it; at or after the last, from the position a twentieth of a frame before it).
    static func travelAngle(_ t: TransformModel, at f: Double, first: Double, last: Double) -> Double {
        let from: CGPoint, to: CGPoint
        if f <= first {
            from = position(t, at: first); to = position(t, at: first + orientLead)
        } else if f >= last {
            from = position(t, at: last - orientLeadAtEnd); to = position(t, at: last)
        } else {
            from = position(t, at: f - orientLead); to = position(t, at: f)
        }
        return atan2(to.y - from.y, to.x - from.x)
    }

    /// Rotation plus the direction of travel, sampled at each frame from the first to the last
    /// keyframe of position and rotation (the angle kept continuous from one sample to the next).
    static func addOrientedRotation(_ t: TransformModel, to layer: CALayer, builder b: KeyframeAnimationBuilder) {
        var tracks = [t.rotation]
        switch t.position {
        case .combined(let c): tracks.append(c)
        case .separate(let x, let y): tracks += [x, y]
        }
        let positionTimes: [Double]
        switch t.position {
        case .combined(let c): positionTimes = c.keyframes.map(\.time)
        case .separate(let x, let y): positionTimes = (x.isAnimated ? x.keyframes.map(\.time) : []) + (y.isAnimated ? y.keyframes.map(\.time) : [])
        }
        let first = positionTimes.min() ?? 0, last = positionTimes.max() ?? 0
        func angle(_ f: Double) -> Double { t.rotation.value(at: f).at(0) * .pi / 180 + travelAngle(t, at: f, first: first, last: last) }
        let times = tracks.filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) }
        layer.transform = CATransform3DMakeRotation(angle(times.min() ?? 0), 0, 0, 1)
        guard let lo = times.min(), let hi = times.max() else { return }
        // Samples come in order; each angle is moved by whole turns to the one nearest the last.
        var previous: Double?
        let a = b.sampled("transform", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples) { f -> Any in
            var v = angle(f)
            if let p = previous { v -= (2 * .pi) * ((v - p) / (2 * .pi)).rounded() }
            previous = v
            return v
        }
        if let a {
            a.valueFunction = CAValueFunction(name: .rotateZ)
            layer.add(a, forKey: "lottie.rotation")
        }
    }
}
