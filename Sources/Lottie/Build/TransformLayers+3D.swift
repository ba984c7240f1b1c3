import Foundation
import QuartzCore

/// The transform of a 3D layer (`ddd`), as lottie-web builds it: a point maps through the anchor
/// (its z kept), scale (x, y, z), skew, rotation about z, then y, then x, the orientation (about z,
/// then y, then x), and the position with its z negated (After Effects' z points away from the
/// viewer, Core Animation's towards it). Without a camera it is drawn without perspective, as
/// lottie-web draws it: z moves nothing on screen; with one, see `CameraView`.
extension TransformLayers {
    /// The matrix of `t` at layer frame `f`.
    static func matrix3D(_ t: TransformModel, at f: Double) -> CATransform3D {
        let a = t.anchor.value(at: f), s = t.scale.value(at: f), o = t.orientation.value(at: f)
        let rz = t.rotation.value(at: f).at(0), ry = t.rotationY.value(at: f).at(0), rx = t.rotationX.value(at: f).at(0)
        let p = position3D(t, at: f)
        let parts = [
            CATransform3DMakeTranslation(-a.at(0), -a.at(1), a.at(2)),
            CATransform3DMakeScale(s.at(0, 100) / 100, s.at(1, 100) / 100, s.at(2, 100) / 100),
            CATransform3DMakeAffineTransform(skew(t, at: f)),
            turnZ(rz), turnY(ry), turnX(rx),
            turnZ(o.at(2)), turnY(o.at(1)), turnX(o.at(0)),
            CATransform3DMakeTranslation(p.x, p.y, -p.z),
        ]
        return parts.reduce(CATransform3DIdentity) { CATransform3DConcat($0, $1) }
    }

    /// The position of `t` at `f` with its z (After Effects' sense).
    static func position3D(_ t: TransformModel, at f: Double) -> (x: Double, y: Double, z: Double) {
        switch t.position {
        case .combined(let c):
            let v = c.value(at: f)
            return (v.at(0), v.at(1), v.at(2))
        case .separate(let x, let y):
            return (x.value(at: f).at(0), y.value(at: f).at(0), t.zPosition.value(at: f).at(0))
        }
    }

    /// Rotation by `degrees` about z, clockwise on screen (y points down).
    static func turnZ(_ degrees: Double) -> CATransform3D {
        let r = degrees * .pi / 180
        var m = CATransform3DIdentity
        m.m11 = cos(r); m.m12 = sin(r); m.m21 = -sin(r); m.m22 = cos(r)
        return m
    }

    /// Rotation by `degrees` about y: x' = x cos − z sin (lottie-web's sense).
    static func turnY(_ degrees: Double) -> CATransform3D {
        let r = degrees * .pi / 180
        var m = CATransform3DIdentity
        m.m11 = cos(r); m.m13 = sin(r); m.m31 = -sin(r); m.m33 = cos(r)
        return m
    }

    /// Rotation by `degrees` about x: y' = y cos + z sin (lottie-web's sense).
    static func turnX(_ degrees: Double) -> CATransform3D {
        let r = degrees * .pi / 180
        var m = CATransform3DIdentity
        m.m22 = cos(r); m.m23 = -sin(r); m.m32 = sin(r); m.m33 = cos(r)
        return m
    }

    /// The frames at which some part of `t` but opacity has a keyframe (empty when none moves).
    static func keyframeTimes3D(_ t: TransformModel) -> [Double] {
        var tracks = [t.anchor, t.scale, t.rotation, t.rotationX, t.rotationY, t.orientation, t.skew, t.skewAxis, t.zPosition]
        switch t.position {
        case .combined(let c): tracks.append(c)
        case .separate(let x, let y): tracks += [x, y]
        }
        return tracks.filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) }
    }

    /// Puts the whole 3D transform of `t` on `layer`: its matrix at the first keyframe, sampled at
    /// each frame from the first keyframe of any part to the last. With a `camera`, the layer is seen
    /// through it from under `parents` (nearest first), whose layers place it flat; with
    /// `parentsInMatrix`, the parents' transforms (3D ones with their 3D parts) are part of the
    /// matrix instead, so that the layer and its parents share one 3D space.
    static func apply3D(_ t: TransformModel, to layer: CALayer, builder b: KeyframeAnimationBuilder,
                        camera: CameraView? = nil, parents: [LayerModel] = [], parentsInMatrix: Bool = false) {
        var times = keyframeTimes3D(t)
        if camera != nil || parentsInMatrix { times += parents.flatMap { keyframeTimes3D($0.transform) } }
        if let camera { times += camera.keyframeTimes }
        func value(_ f: Double) -> CATransform3D {
            let own = matrix3D(t, at: f)
            if parentsInMatrix {
                let chain = parents.reduce(own) { m, p in
                    CATransform3DConcat(m, p.is3D ? matrix3D(p.transform, at: f) : CATransform3DMakeAffineTransform(affine(p.transform, at: f)))
                }
                return camera.map { CATransform3DConcat(chain, $0.matrix(at: f)) } ?? chain
            }
            guard let camera else { return own }
            let placed = parents.reduce(CGAffineTransform.identity) { $0.concatenating(affine($1.transform, at: f)) }
            guard let view = camera.matrix(at: f, under: placed) else { return own }
            return CATransform3DConcat(own, view)
        }
        layer.transform = value(times.min() ?? 0)
        guard let lo = times.min(), let hi = times.max(),
              let a = b.sampled("transform", from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples, value: { value($0) as Any })
        else { return }
        layer.add(a, forKey: "lottie.transform3D")
    }

    /// Whether a 3D layer under `parents` is drawn with their transforms in its own matrix: when
    /// one of them is 3D with 3D parts (layers of their own would flatten it into their plane).
    static func needsParentsInMatrix(_ parents: [LayerModel]) -> Bool {
        parents.contains { $0.is3D && $0.transform.has3DParts }
    }
}
