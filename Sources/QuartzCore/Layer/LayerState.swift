import Foundation
import CoreGraphics
import Compositor

/// Every value of a layer that animations can change or rendering needs, as one value type.
/// A layer keeps its model state (what code sets), a committed copy (what the last transaction commit
/// handed to rendering), and the presentation state is this struct with animations applied at a time t.
///
/// Sendable, checked: committed copies travel to the render side. Its colours, paths (mutable ones
/// are copied at commit) and images are immutable; what the app gives untyped (`contents`, a text
/// layer's `string` and `font`, custom keys' values) and recorded drawings are carried in
/// `HandedOver`, which is Sendable by contract: not changed once a layer holds them.
struct LayerState: Sendable {
    // Defaults are shared objects: copying a state then retains hot, shared objects instead of one
    // cold object per layer (which made snapshots memory-bound).
    static let opaqueBlack = CGColor(gray: 0, alpha: 1)
    static let opaqueWhite = CGColor(gray: 1, alpha: 1)
    static let defaultStyle = COWBox(StyleFields())
    static let defaultSubclass = SubclassState()
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var transform = CATransform3DIdentity
    var isGeometryFlipped = false
    // Appearance
    var isHidden = false
    var isDoubleSided = true
    var masksToBounds = false
    var opacity: Float = 1
    var backgroundColor: CGColor? = nil
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = LayerState.opaqueBlack
    var allowsGroupOpacity = true
    // Contents
    /// The contents, boxed: copying a state then costs one retain instead of an existential copy.
    var contentsBox: ContentsBox? = nil
    var contents: Any? {
        get { contentsBox?.value }
        set { contentsBox = isNilValue(newValue) ? nil : ContentsBox(newValue as Any) }
    }
    // Media timing of the layer itself
    var beginTime: CFTimeInterval = 0
    /// Inline (not boxed): checked on every local-time computation.
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    /// Settings that are rarely set or animated, boxed (copy-on-write, one shared default) so that a
    /// state stays small and copying it retains one object: snapshots copy a state per layer per frame.
    var style = LayerState.defaultStyle
    var anchorPointZ: CGFloat { get { style.value.anchorPointZ } set { style.value.anchorPointZ = newValue } }
    var sublayerTransform: CATransform3D { get { style.value.sublayerTransform } set { style.value.sublayerTransform = newValue } }
    var shadowColor: CGColor? { get { style.value.shadowColor } set { style.value.shadowColor = newValue } }
    var shadowOpacity: Float { get { style.value.shadowOpacity } set { style.value.shadowOpacity = newValue } }
    var shadowOffset: CGSize { get { style.value.shadowOffset } set { style.value.shadowOffset = newValue } }
    var shadowRadius: CGFloat { get { style.value.shadowRadius } set { style.value.shadowRadius = newValue } }
    var shadowPath: CGPath? { get { style.value.shadowPath } set { style.value.shadowPath = newValue } }
    var allowsEdgeAntialiasing: Bool { get { style.value.allowsEdgeAntialiasing } set { style.value.allowsEdgeAntialiasing = newValue } }
    var edgeAntialiasingMask: UInt32 { get { style.value.edgeAntialiasingMask } set { style.value.edgeAntialiasingMask = newValue } }
    var compositingFilter: String? { get { style.value.compositingFilter } set { style.value.compositingFilter = newValue } }
    var maskChannel: MaskChannel { get { style.value.maskChannel } set { style.value.maskChannel = newValue } }
    var isOpaque: Bool { get { style.value.isOpaque } set { style.value.isOpaque = newValue } }
    var shouldRasterize: Bool { get { style.value.shouldRasterize } set { style.value.shouldRasterize = newValue } }
    var rasterizationScale: CGFloat { get { style.value.rasterizationScale } set { style.value.rasterizationScale = newValue } }
    var contentsRect: CGRect { get { style.value.contentsRect } set { style.value.contentsRect = newValue } }
    var contentsCenter: CGRect { get { style.value.contentsCenter } set { style.value.contentsCenter = newValue } }
    var contentsScale: CGFloat { get { style.value.contentsScale } set { style.value.contentsScale = newValue } }
    var minificationFilterBias: Float { get { style.value.minificationFilterBias } set { style.value.minificationFilterBias = newValue } }
    var repeatCount: Float { get { style.value.repeatCount } set { style.value.repeatCount = newValue } }
    var repeatDuration: CFTimeInterval { get { style.value.repeatDuration } set { style.value.repeatDuration = newValue } }
    var autoreverses: Bool { get { style.value.autoreverses } set { style.value.autoreverses = newValue } }
    var cornerCurve: CALayerCornerCurve { get { style.value.cornerCurve } set { style.value.cornerCurve = newValue } }
    var contentsGravity: CALayerContentsGravity { get { style.value.contentsGravity } set { style.value.contentsGravity = newValue } }
    var minificationFilter: CALayerContentsFilter { get { style.value.minificationFilter } set { style.value.minificationFilter = newValue } }
    var magnificationFilter: CALayerContentsFilter { get { style.value.magnificationFilter } set { style.value.magnificationFilter = newValue } }
    var fillMode: CAMediaTimingFillMode { get { style.value.fillMode } set { style.value.fillMode = newValue } }
    var custom: [String: LayerValue]? { get { style.value.custom } set { style.value.custom = newValue } }
    /// Fields of the layer subclasses (shape, text, gradient, replicator), boxed so plain layers stay small.
    var sub: COWBox<SubclassState>? = nil
    /// The recorded drawing of draw(in:), replayed by the compositor.
    var backing: CGContext? { get { handedBacking.value } set { handedBacking = HandedOver(newValue) } }
    var handedBacking = HandedOver<CGContext?>(nil)
    /// A running transition, set on presentation states only.
    var transition: TransitionState? = nil
    /// Custom key-value pairs set with setValue(_:forKey:) for keys that are not properties.

    /// The subclass fields; reading gives defaults when the layer has none.
    var subclass: SubclassState {
        // Read in place: reading one field does not copy the whole subclass state.
        _read { if let box = sub { yield box.value } else { yield LayerState.defaultSubclass } }
        set { if sub == nil { sub = COWBox(newValue) } else { sub!.value = newValue } }
        // Setting one field changes it in the box (the whole subclass state is not copied out and back).
        _modify {
            if sub == nil { sub = COWBox(LayerState.defaultSubclass) }
            yield &sub!.value
        }
    }
}

/// The rarely changed settings of a layer (see LayerState.style).
struct StyleFields: Sendable {
    var anchorPointZ: CGFloat = 0
    var sublayerTransform: CATransform3D = CATransform3DIdentity
    var shadowColor: CGColor? = LayerState.opaqueBlack
    var shadowOpacity: Float = 0
    var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil
    var allowsEdgeAntialiasing: Bool = false
    /// CAEdgeAntialiasingMask's bits (all four edges by default).
    var edgeAntialiasingMask: UInt32 = 0xF
    /// The compositing filter's name (nil: source over).
    var compositingFilter: String? = nil
    /// How the compositor reads the layer's mask (Lamina's addition; alpha as on Apple).
    var maskChannel: MaskChannel = .alpha
    var isOpaque: Bool = false
    var shouldRasterize: Bool = false
    var rasterizationScale: CGFloat = 1
    var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilterBias: Float = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses: Bool = false
    var cornerCurve: CALayerCornerCurve = .circular
    var contentsGravity: CALayerContentsGravity = .resize
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var fillMode: CAMediaTimingFillMode = .removed
    var custom: [String: LayerValue]? = nil
}

/// The animatable and drawing fields of CAShapeLayer, CATextLayer, CAGradientLayer and CAReplicatorLayer.
struct SubclassState: Sendable {
    // CAShapeLayer
    var path: CGPath? = nil
    var fillColor: CGColor? = LayerState.opaqueBlack
    var fillRule: CAShapeLayerFillRule = .nonZero
    var strokeColor: CGColor? = nil
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var miterLimit: CGFloat = 10
    var lineCap: CAShapeLayerLineCap = .butt
    var lineJoin: CAShapeLayerLineJoin = .miter
    var lineDashPhase: CGFloat = 0
    var lineDashPattern: [NSNumber]? = nil
    // CATextLayer
    var string: Any? { get { handedString.value } set { handedString = HandedOver(newValue) } }
    var font: CFTypeRef? { get { handedFont.value } set { handedFont = HandedOver(newValue) } }
    var handedString = HandedOver<Any?>(nil)
    var handedFont = HandedOver<CFTypeRef?>(nil)
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = LayerState.opaqueWhite
    var isWrapped = false
    var truncationMode: CATextLayerTruncationMode = .none
    var alignmentMode: CATextLayerAlignmentMode = .natural
    // CAGradientLayer
    var colors: [CGColor] = []
    var locations: [Double]? = nil
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var gradientType: CAGradientLayerType = .axial
    // CAReplicatorLayer
    var instanceCount = 1
    var preservesDepth = false
    var instanceDelay: CFTimeInterval = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor? = LayerState.opaqueWhite
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0
    // CAEmitterLayer (preservesDepth shared with CAReplicatorLayer)
    var emitter = EmitterLayerValues()
}

/// A transition in progress on a presentation state: what the layer looked like before, and how far along.
struct TransitionState: Sendable {
    /// The transition's type (fade, push, moveIn, reveal) and subtype.
    var type: CATransitionType
    var subtype: CATransitionSubtype?
    /// Progress from 0 (all old) to 1 (all new), after timing and start/end progress.
    var progress: Double
    /// The layer's presentation state when the transition was added (its old look).
    var from: LayerStateBox
}

/// A reference to a layer state, used where a state must hold another state.
final class LayerStateBox: Sendable {
    let state: LayerState
    init(_ state: LayerState) { self.state = state }
}

/// Holds a layer's contents value (usually a CGImage).
final class ContentsBox: Sendable {
    private let held: HandedOver<Any>
    /// The value (as the app gave it).
    var value: Any { held.value }
    init(_ value: Any) { held = HandedOver(value) }
}
