import Foundation
import QuartzCore

/// The layers that carry one Lottie transform (a layer's `ks` or a group's `tr`): a point of the
/// content maps to position + rotation · scale · (point − anchor), each part animated on its own.
struct TransformLayers {
    /// The layer to add to the parent.
    let outer: CALayer
    /// The layer to add content to (the same as `outer` when every part but position is static).
    let inner: CALayer

    /// Builds the layers for `transform`; opacity is applied to `inner` when `withOpacity`;
    /// `autoOrient` turns the content along the position's direction of travel (a layer's `ao`).
    /// `is3D` (a `ddd` layer's) draws the 3D parts as lottie-web does (`apply3D`), seen through
    /// `camera` (when the composition has one) from under its `parents` (nearest first), which are
    /// part of its matrix when `parentsInMatrix`.
    init(_ transform: TransformModel, builder b: KeyframeAnimationBuilder, withOpacity: Bool, name: String?, autoOrient: Bool = false,
         is3D: Bool = false, camera: CameraView? = nil, parents: [LayerModel] = [], parentsInMatrix: Bool = false) {
        let top = Self.bare(name)
        var inner = top
        let in3D = is3D && (transform.has3DParts || camera != nil || parentsInMatrix)
        if in3D {
            Self.apply3D(transform, to: top, builder: b, camera: camera, parents: parents, parentsInMatrix: parentsInMatrix)
        } else {
            inner = Self.build2D(transform, on: top, builder: b, autoOrient: autoOrient)
        }
        if withOpacity {
            let o = transform.opacity
            if o.isAnimated || o.initial.at(0, 100) != 100 {
                // Opacity of the content only: when `inner` is `top`, a layer of its own where
                // `top` turns in 3D. A flat `top` holds nothing but the content (the layer to
                // add content to), so it takes the opacity itself: a layer of its own would be
                // drawn as the same group of the same pixels, through the same map.
                if inner === top && in3D {
                    let holder = Self.bare(nil)
                    top.addSublayer(holder)
                    inner = holder
                }
                inner.opacity = Float(Self.unit(o.initial.at(0, 100)))
                if let a = b.animation("opacity", o, convert: { Self.unit($0.at(0, 100)) }) { inner.add(a, forKey: "lottie.opacity") }
            }
        }
        outer = top
        self.inner = inner
    }

    /// The 2D transform of `transform` on `top` (position, rotation or auto-orient, skew, scale,
    /// anchor), each part animated on its own; returns the layer to add content to.
    private static func build2D(_ transform: TransformModel, on top: CALayer, builder b: KeyframeAnimationBuilder, autoOrient: Bool) -> CALayer {
        // Position: one point property (with spatial tangents as a path), or x and y apart.
        switch transform.position {
        case .combined(let p):
            top.position = point(p.initial)
            if let a = b.animation("position", p, spatial: true, convert: { point($0) }) { top.add(a, forKey: "lottie.position") }
        case .separate(let x, let y):
            top.position = CGPoint(x: x.initial.at(0), y: y.initial.at(0))
            if let a = b.animation("position.x", x, convert: { $0.at(0) }) { top.add(a, forKey: "lottie.position.x") }
            if let a = b.animation("position.y", y, convert: { $0.at(0) }) { top.add(a, forKey: "lottie.position.y") }
        }
        let r = transform.rotation, s = transform.scale, anchor = transform.anchor
        let orients = autoOrient && positionIsAnimated(transform)
        if orients {
            addOrientedRotation(transform, to: top, builder: b)
        }
        let skewed = transform.hasSkew
        let skewMoves = transform.skew.isAnimated || (skewed && transform.skewAxis.isAnimated)
        if !orients && !r.isAnimated && !s.isAnimated && !anchor.isAnimated && !skewMoves {
            var m = CATransform3DConcat(Self.translation(anchor.initial), Self.scale(s.initial))
            if skewed { m = CATransform3DConcat(m, CATransform3DMakeAffineTransform(Self.skew(transform, at: 0))) }
            top.transform = CATransform3DConcat(m, Self.rotation(r.initial))
        } else {
            if !orients {
                top.transform = Self.rotation(r.initial)
                if let a = b.animation("transform", r, convert: { $0.at(0) * .pi / 180 }) {
                    a.valueFunction = CAValueFunction(name: .rotateZ)
                    top.add(a, forKey: "lottie.rotation")
                }
            }
            var rotated = top
            if skewed {
                // Skew between scale and rotation; animated, sampled per frame.
                let skewLayer = Self.bare(nil)
                let first = [transform.skew, transform.skewAxis].filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) }
                skewLayer.transform = CATransform3DMakeAffineTransform(Self.skew(transform, at: first.min() ?? 0))
                if let lo = first.min(), let hi = first.max(),
                   let a = b.sampled("transform", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: {
                       CATransform3DMakeAffineTransform(Self.skew(transform, at: $0)) as Any
                   }) {
                    skewLayer.add(a, forKey: "lottie.skew")
                }
                top.addSublayer(skewLayer)
                rotated = skewLayer
            }
            // A scale of 100 % and an anchor at (0, 0) that never change map their sublayers onto
            // their superlayer unchanged (the identity, which multiplies into the sublayers' maps
            // exactly): they get no layer.
            var scaled = rotated
            if !holds(s, [100, 100]) {
                let scaleLayer = Self.bare(nil)
                scaleLayer.transform = Self.scale(s.initial)
                if let a = b.animation("transform", s, convert: { [$0.at(0, 100) / 100, $0.at(1, 100) / 100, 1.0] }) {
                    a.valueFunction = CAValueFunction(name: .scale)
                    scaleLayer.add(a, forKey: "lottie.scale")
                }
                rotated.addSublayer(scaleLayer)
                scaled = scaleLayer
            }
            if holds(anchor, [0, 0]) { return scaled }
            let anchorLayer = Self.bare(nil)
            anchorLayer.position = CGPoint(x: -anchor.initial.at(0), y: -anchor.initial.at(1))
            if let a = b.animation("position", anchor, convert: { CGPoint(x: -$0.at(0), y: -$0.at(1)) }) { anchorLayer.add(a, forKey: "lottie.anchor") }
            scaled.addSublayer(anchorLayer)
            return anchorLayer
        }
        return top
    }

    /// Whether the 2D layers of `transform` (a group's: no auto-orient, no 3D) with its opacity
    /// would be one layer mapping its sublayers' coordinates onto its superlayer's unchanged, at
    /// opacity 1, at every time: no part is animated, position and anchor are (0, 0), scale is
    /// 100 %, rotation and skew are 0 and opacity is 100 %. Such a layer can be left out: its map is
    /// the identity, which multiplies into its sublayers' maps exactly (entries 1 and 0), and a
    /// layer of opacity 1 without mask, clip, shadow or contents draws its sublayers as they are.
    static func placesAsIs(_ transform: TransformModel) -> Bool {
        let position: Bool
        switch transform.position {
        case .combined(let p): position = holds(p, [0, 0])
        case .separate(let x, let y): position = holds(x, [0]) && holds(y, [0])
        }
        return position && holds(transform.anchor, [0, 0]) && holds(transform.scale, [100, 100]) && holds(transform.rotation, [0])
            && holds(transform.skew, [0]) && holds(transform.opacity, [100])
    }

    /// Whether `p` never changes and its components are `values` (missing ones read as the
    /// values, as the layers built read them).
    static func holds(_ p: Animated<[Double]>, _ values: [Double]) -> Bool {
        guard !p.isAnimated else { return false }
        return values.indices.allSatisfy { p.initial.at($0, values[$0]) == values[$0] }
    }

    /// A layer that only places its sublayers: no size, anchored at its origin.
    static func bare(_ name: String?) -> CALayer {
        let l = CALayer()
        l.anchorPoint = .zero
        l.bounds = .zero
        l.name = name
        return l
    }

    static func point(_ v: [Double]) -> CGPoint { CGPoint(x: v.at(0), y: v.at(1)) }
    /// A percentage as 0...1.
    static func unit(_ percent: Double) -> Double { min(max(percent / 100, 0), 1) }
    static func translation(_ anchor: [Double]) -> CATransform3D { CATransform3DMakeTranslation(-anchor.at(0), -anchor.at(1), 0) }
    static func scale(_ s: [Double]) -> CATransform3D { CATransform3DMakeScale(s.at(0, 100) / 100, s.at(1, 100) / 100, 1) }
    static func rotation(_ r: [Double]) -> CATransform3D { CATransform3DMakeRotation(r.at(0) * .pi / 180, 0, 0, 1) }

    /// The skew of `t` at `frame`, as lottie-web applies it: turn by the axis `sa`, shear x by
    /// y · tan(−`sk`), turn back.
    static func skew(_ t: TransformModel, at frame: Double) -> CGAffineTransform {
        let k = t.skew.value(at: frame).at(0) * .pi / 180, axis = t.skewAxis.value(at: frame).at(0) * .pi / 180
        guard k != 0 else { return .identity }
        return CGAffineTransform(rotationAngle: axis)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: tan(-k), d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: -axis))
    }

    /// The transform's matrix at `frame` (for shapes that a style in an outer group draws).
    static func affine(_ t: TransformModel, at frame: Double) -> CGAffineTransform {
        let a = t.anchor.value(at: frame), s = t.scale.value(at: frame), r = t.rotation.value(at: frame).at(0) * .pi / 180
        let p: CGPoint
        switch t.position {
        case .combined(let c): p = point(c.value(at: frame))
        case .separate(let x, let y): p = CGPoint(x: x.value(at: frame).at(0), y: y.value(at: frame).at(0))
        }
        return CGAffineTransform(translationX: -a.at(0), y: -a.at(1))
            .concatenating(CGAffineTransform(scaleX: s.at(0, 100) / 100, y: s.at(1, 100) / 100))
            .concatenating(skew(t, at: frame))
            .concatenating(CGAffineTransform(rotationAngle: r))
            .concatenating(CGAffineTransform(translationX: p.x, y: p.y))
    }

    /// Whether any part of `t` but opacity changes over time.
    static func isAnimated(_ t: TransformModel) -> Bool {
        let position: Bool
        switch t.position {
        case .combined(let c): position = c.isAnimated
        case .separate(let x, let y): position = x.isAnimated || y.isAnimated
        }
        return position || t.anchor.isAnimated || t.scale.isAnimated || t.rotation.isAnimated || t.skew.isAnimated || (t.hasSkew && t.skewAxis.isAnimated)
    }
}
