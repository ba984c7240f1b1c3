import Foundation
import QuartzCore

/// The layer properties a scene may set, with the kind of value each takes (CALayer's key paths).
enum SceneProperties {
    static let layer: [String: SceneValueKind] = [
        "frame": .rect, "bounds": .rect, "position": .point, "anchorPoint": .point, "zPosition": .number,
        "anchorPointZ": .number, "transform": .transform, "sublayerTransform": .transform,
        "backgroundColor": .color, "cornerRadius": .number, "borderWidth": .number, "borderColor": .color,
        "opacity": .number, "isHidden": .bool, "masksToBounds": .bool, "isDoubleSided": .bool, "allowsGroupOpacity": .bool,
        "shadowColor": .color, "shadowOpacity": .number, "shadowOffset": .size, "shadowRadius": .number, "shadowPath": .path,
        "contents": .string, "contentsRect": .rect, "contentsCenter": .rect, "contentsScale": .number, "contentsGravity": .string,
        "speed": .number, "timeOffset": .number, "beginTime": .number,
        "cornerCurve": .string, "maskedCorners": .string, "minificationFilter": .string, "magnificationFilter": .string,
        "isGeometryFlipped": .bool, "minificationFilterBias": .number, "rasterizationScale": .number, "shouldRasterize": .bool,
    ]
    static let shape: [String: SceneValueKind] = [
        "path": .path, "fillColor": .color, "strokeColor": .color, "lineWidth": .number, "strokeStart": .number,
        "strokeEnd": .number, "lineDashPattern": .numbers, "lineDashPhase": .number, "miterLimit": .number,
        "lineCap": .string, "lineJoin": .string, "fillRule": .string,
    ]
    static let text: [String: SceneValueKind] = [
        "string": .string, "fontSize": .number, "foregroundColor": .color, "font": .string,
        "alignmentMode": .string, "isWrapped": .bool, "truncationMode": .string,
    ]
    static let gradient: [String: SceneValueKind] = [
        "colors": .colors, "locations": .numbers, "startPoint": .point, "endPoint": .point, "type": .string,
    ]
    static let replicator: [String: SceneValueKind] = [
        "instanceCount": .number, "instanceTransform": .transform, "instanceDelay": .number, "instanceColor": .color,
        "instanceRedOffset": .number, "instanceGreenOffset": .number, "instanceBlueOffset": .number, "instanceAlphaOffset": .number,
    ]
    /// Sub-paths animations may target beyond the properties.
    static let animatableSubPaths: [String: SceneValueKind] = [
        "position.x": .number, "position.y": .number, "bounds.size": .size, "bounds.size.width": .number, "bounds.size.height": .number,
        "transform.rotation.z": .number, "transform.rotation.x": .number, "transform.rotation.y": .number, "transform.rotation": .number,
        "transform.scale": .number, "transform.scale.x": .number, "transform.scale.y": .number,
        "transform.translation.x": .number, "transform.translation.y": .number,
    ]

    /// The property table for a class name (made once per class).
    static func table(forClass name: String) -> [String: SceneValueKind] { tables[name] ?? layer }

    /// The key paths animations may target on a class: its properties and the sub-paths.
    static func animatable(forClass name: String) -> [String: SceneValueKind] { animatableTables[name] ?? animatableTables["CALayer"]! }

    private static let tables: [String: [String: SceneValueKind]] = [
        "CALayer": layer, "CATransformLayer": layer,
        "CAShapeLayer": layer.merging(shape) { a, _ in a },
        "CATextLayer": layer.merging(text) { a, _ in a },
        "CAGradientLayer": layer.merging(gradient) { a, _ in a },
        "CAReplicatorLayer": layer.merging(replicator) { a, _ in a },
        "CAEmitterLayer": layer.merging(SceneEmitter.layerKeys) { a, _ in a },
        SceneLottie.className: layer.merging(SceneLottie.keys) { a, _ in a },
    ]

    private static let animatableTables = tables.mapValues { $0.merging(animatableSubPaths) { a, _ in a } }
        .merging(["CAEmitterLayer": layer.merging(animatableSubPaths) { a, _ in a }.merging(SceneEmitter.animatableLayerKeys) { a, _ in a }]) { _, b in b }

    /// A new layer of the named class (CALayer for unknown names).
    static func makeLayer(_ className: String) -> CALayer {
        switch className {
        case "CAShapeLayer": return CAShapeLayer()
        case "CATextLayer": return CATextLayer()
        case "CAGradientLayer": return CAGradientLayer()
        case "CAReplicatorLayer": return CAReplicatorLayer()
        case "CATransformLayer": return CATransformLayer()
        case "CAEmitterLayer": return CAEmitterLayer()
        default: return CALayer()
        }
    }

    static let classes = ["CALayer", "CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer", "CAEmitterLayer"]
}
