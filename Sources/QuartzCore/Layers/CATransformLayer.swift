import Foundation

/// A layer that does not flatten its sublayers: they share its 3D space and are sorted in depth
/// together (Apple's `CATransformLayer`). It draws no content of its own and is never hit by hitTest.
open class CATransformLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CATransformLayer(layer: self) }
}
