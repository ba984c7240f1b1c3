import Foundation

/// Which Lamina layer class a committed layer is drawn as (its own class, or the nearest Lamina
/// class a subclass of the app's derives from): the render side draws by kind, never by asking a
/// `CALayer` object.
@_spi(LaminaInternal)
public enum LayerKind: UInt8, Sendable {
    case layer, shape, text, gradient, replicator, transform, emitter, tiled

    /// The kind of `layer`'s class.
    static func of(_ layer: CALayer) -> LayerKind {
        switch layer {
        case is CAShapeLayer: return .shape
        case is CATextLayer: return .text
        case is CAGradientLayer: return .gradient
        case is CAReplicatorLayer: return .replicator
        case is CATransformLayer: return .transform
        case is CAEmitterLayer: return .emitter
        case is CATiledLayer: return .tiled
        default: return .layer
        }
    }
}
