import Foundation
import CoreGraphics

/// A layer that draws its sublayers several times, each copy transformed, delayed and tinted from the
/// previous one (Apple's `CAReplicatorLayer`). Its drawing comes with the compositor.
open class CAReplicatorLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CAReplicatorLayer(layer: self) }
    /// How many copies to draw, including the original (default 1).
    open var instanceCount: Int { get { readState { $0.subclass.instanceCount } } set { changeProperty("instanceCount", \.subclass.instanceCount, newValue, animatable: false) } }
    /// Whether the copies are drawn in one 3D space, like a CATransformLayer.
    open var preservesDepth: Bool { get { readState { $0.subclass.preservesDepth } } set { changeProperty("preservesDepth", \.subclass.preservesDepth, newValue, animatable: false) } }
    /// The time delay between copies, in seconds. Animatable.
    open var instanceDelay: CFTimeInterval { get { readState { $0.subclass.instanceDelay } } set { changeProperty("instanceDelay", \.subclass.instanceDelay, newValue) } }
    /// The transform from one copy to the next. Animatable.
    open var instanceTransform: CATransform3D { get { readState { $0.subclass.instanceTransform } } set { changeProperty("instanceTransform", \.subclass.instanceTransform, newValue) } }
    /// The colour multiplying the first copy (default opaque white). Animatable.
    open var instanceColor: CGColor? { get { readState { $0.subclass.instanceColor } } set { changeProperty("instanceColor", \.subclass.instanceColor, newValue) } }
    /// Added to the red component of the colour for each further copy. Animatable.
    open var instanceRedOffset: Float { get { readState { $0.subclass.instanceRedOffset } } set { changeProperty("instanceRedOffset", \.subclass.instanceRedOffset, newValue) } }
    /// Added to the green component for each further copy. Animatable.
    open var instanceGreenOffset: Float { get { readState { $0.subclass.instanceGreenOffset } } set { changeProperty("instanceGreenOffset", \.subclass.instanceGreenOffset, newValue) } }
    /// Added to the blue component for each further copy. Animatable.
    open var instanceBlueOffset: Float { get { readState { $0.subclass.instanceBlueOffset } } set { changeProperty("instanceBlueOffset", \.subclass.instanceBlueOffset, newValue) } }
    /// Added to the alpha component for each further copy. Animatable.
    open var instanceAlphaOffset: Float { get { readState { $0.subclass.instanceAlphaOffset } } set { changeProperty("instanceAlphaOffset", \.subclass.instanceAlphaOffset, newValue) } }
}
