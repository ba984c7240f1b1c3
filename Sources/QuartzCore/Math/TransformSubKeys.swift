import Foundation

/// Euler angles (x, y, z) of a rotation given by rows N = Rx(x) · Ry(y) · Rz(z) (x applied first).
func eulerAngles(rows n: [[Double]]) -> (Double, Double, Double) {
    let sy = max(-1, min(1, -n[0][2]))
    let y = asin(sy)
    if abs(sy) < 0.9999999 {
        return (atan2(n[1][2], n[2][2]), y, atan2(n[0][1], n[0][0]))
    }
    // Gimbal lock: put the whole remaining rotation in x.
    return (atan2(-n[2][1], n[1][1]), y, 0)
}

/// Rows of Rx(x) · Ry(y) · Rz(z).
func rotationRows(euler e: (Double, Double, Double)) -> [[Double]] {
    let m = CATransform3DMakeRotation(CGFloat(e.0), 1, 0, 0)
        .concat(CATransform3DMakeRotation(CGFloat(e.1), 0, 1, 0))
        .concat(CATransform3DMakeRotation(CGFloat(e.2), 0, 0, 1))
    let v = m.entries
    return [[v[0], v[1], v[2]], [v[4], v[5], v[6]], [v[8], v[9], v[10]]]
}

/// The value of one of Apple's transform sub-key-paths ("rotation.x", "rotation.y", "rotation.z",
/// "rotation", "scale.x", "scale.y", "scale.z", "scale" (the mean), "translation.x", "translation.y",
/// "translation.z"), and the one Core Animation accepts without documenting it, "scale.xy" (x and y
/// together, read as their mean; client code writes `CABasicAnimation(keyPath:
/// "transform.scale.xy")` for a flat zoom), read by decomposing the transform; nil for unknown
/// keys. Undecomposable transforms read as 0 (1 for scales).
func transformSubValue(_ t: CATransform3D, _ key: String) -> CGFloat? {
    switch key {
    case "translation.x": return t.m41
    case "translation.y": return t.m42
    case "translation.z": return t.m43
    case "rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y", "scale.z", "scale", "scale.xy": break
    default: return nil
    }
    guard let d = decomposeTransform(t) else { return key.hasPrefix("scale") ? 1 : 0 }
    let e = eulerAngles(rows: rotationRows(d.quaternion))
    switch key {
    case "rotation.x": return CGFloat(e.0)
    case "rotation.y": return CGFloat(e.1)
    case "rotation.z", "rotation": return CGFloat(e.2)
    case "scale.x": return CGFloat(d.scale.0)
    case "scale.y": return CGFloat(d.scale.1)
    case "scale.z": return CGFloat(d.scale.2)
    case "scale.xy": return CGFloat((d.scale.0 + d.scale.1) / 2)
    default: return CGFloat((d.scale.0 + d.scale.1 + d.scale.2) / 3)
    }
}

/// The transform with one sub-key-path component replaced (decompose, replace, recompose); nil for
/// unknown keys or undecomposable transforms.
func transformSetting(_ t: CATransform3D, _ key: String, _ value: CGFloat) -> CATransform3D? {
    let v = Double(value)
    switch key {
    case "translation.x": var r = t; r.m41 = value; return r
    case "translation.y": var r = t; r.m42 = value; return r
    case "translation.z": var r = t; r.m43 = value; return r
    default: break
    }
    guard var d = decomposeTransform(t) else { return nil }
    switch key {
    case "rotation.x", "rotation.y", "rotation.z", "rotation":
        var e = eulerAngles(rows: rotationRows(d.quaternion))
        switch key {
        case "rotation.x": e.0 = v
        case "rotation.y": e.1 = v
        default: e.2 = v
        }
        d.quaternion = quaternion(rows: rotationRows(euler: e))
    case "scale.x": d.scale.0 = v
    case "scale.y": d.scale.1 = v
    case "scale.z": d.scale.2 = v
    case "scale.xy": d.scale.0 = v; d.scale.1 = v
    case "scale": d.scale = (v, v, v)
    default: return nil
    }
    return recomposeTransform(d)
}

/// The x and y translation of a transform ("translation").
func transformTranslation(_ t: CATransform3D) -> CGSize { CGSize(width: t.m41, height: t.m42) }

/// The transform with its x and y translation replaced.
func transformSettingTranslation(_ t: CATransform3D, _ s: CGSize) -> CATransform3D {
    var r = t
    r.m41 = s.width; r.m42 = s.height
    return r
}
