import Foundation
import QuartzCore

/// What a composition's camera does to its 3D layers, as lottie-web's camera does it: the inverse of
/// the camera's transform (it moves the world so that the camera sits at its default place, `pe`
/// in front of the composition's centre, looking at it), then perspective about the composition's
/// centre with m34 = −1/`pe`. 2D layers are not seen through the camera.
struct CameraView {
    /// The camera layer.
    let camera: CameraModel
    /// The composition's size.
    let width: Double, height: Double

    /// The frames at which some part of the camera has a keyframe.
    var keyframeTimes: [Double] {
        TransformLayers.keyframeTimes3D(camera.transform) + (camera.perspective.isAnimated ? camera.perspective.keyframes.map(\.time) : [])
    }

    /// The camera's inverse transform followed by the perspective, at composition frame `f`.
    func matrix(at f: Double) -> CATransform3D {
        let t = camera.transform
        let pe = max(camera.perspective.value(at: f).at(0), CameraModel.minimumPerspective)
        let p = TransformLayers.position3D(t, at: f)
        var parts = [CATransform3DMakeTranslation(-p.x, -p.y, p.z)]
        if camera.hasPointOfInterest {
            // Turn towards the point of interest: yaw, then pitch.
            let a = t.anchor.value(at: f)
            let d = (x: p.x - a.at(0), y: p.y - a.at(1), z: p.z - a.at(2))
            let length = (d.x * d.x + d.y * d.y + d.z * d.z).squareRoot()
            if length > 0 {
                let look = (x: d.x / length, y: d.y / length, z: d.z / length)
                let pitch = atan2(look.y, (look.x * look.x + look.z * look.z).squareRoot()) * 180 / .pi
                let yaw = atan2(look.x, -look.z) * 180 / .pi
                parts += [TransformLayers.turnY(yaw), TransformLayers.turnX(-pitch)]
            }
        }
        let o = t.orientation.value(at: f)
        parts += [
            TransformLayers.turnX(-t.rotationX.value(at: f).at(0)), TransformLayers.turnY(-t.rotationY.value(at: f).at(0)),
            TransformLayers.turnZ(-t.rotation.value(at: f).at(0)),
            TransformLayers.turnX(-o.at(0)), TransformLayers.turnY(-o.at(1)), TransformLayers.turnZ(-o.at(2)),
            CATransform3DMakeTranslation(width / 2, height / 2, pe),
            CATransform3DMakeTranslation(-width / 2, -height / 2, 0),
            Self.perspective(pe),
            CATransform3DMakeTranslation(width / 2, height / 2, 0),
        ]
        return parts.reduce(CATransform3DIdentity) { CATransform3DConcat($0, $1) }
    }

    /// The camera seen from a layer whose parents place it by `parents` (2D, at `f`): the view moved
    /// into the parents' space, so that the parents' own (flat) transforms land it where the camera
    /// puts it. Nil when the parents squash the layer to nothing.
    func matrix(at f: Double, under parents: CGAffineTransform) -> CATransform3D? {
        let view = matrix(at: f)
        if parents.isIdentity { return view }
        guard parents.a * parents.d - parents.b * parents.c != 0 else { return nil }
        let a = CATransform3DMakeAffineTransform(parents), inverse = CATransform3DMakeAffineTransform(parents.inverted())
        return CATransform3DConcat(CATransform3DConcat(a, view), inverse)
    }

    /// Perspective with the eye `distance` in front of the origin.
    static func perspective(_ distance: Double) -> CATransform3D {
        var m = CATransform3DIdentity
        m.m34 = -1 / distance
        return m
    }
}
