import Foundation
import CoreGraphics

/// Every value of a layer that animations can change or rendering needs, as one value type.
/// A layer keeps its model state (what code sets), a committed copy (what the last transaction commit
/// handed to rendering), and the presentation state is this struct with animations applied at a time t.
struct LayerState {
    // Defaults are shared objects: copying a state then retains hot, shared objects instead of one
    // cold object per layer (which made snapshots memory-bound).
    static let opaqueBlack = CGColor(gray: 0, alpha: 1)
    static let defaultStyle = COWBox(StyleFields())
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
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
    var shadowColor: CGColor? = LayerState.opaqueBlack
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil
    var allowsGroupOpacity = true
    var allowsEdgeAntialiasing = false
    var isOpaque = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    // Contents
    /// The contents, boxed: copying a state then costs one retain instead of an existential copy.
    var contentsBox: ContentsBox? = nil
    var contents: Any? {
        get { contentsBox?.value }
        set { contentsBox = isNilValue(newValue) ? nil : ContentsBox(newValue as Any) }
    }
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilterBias: Float = 0
    // Media timing of the layer itself
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    /// String-valued settings that rarely change, boxed so that copying a state retains one object.
    var style = LayerState.defaultStyle
    var cornerCurve: CALayerCornerCurve { get { style.value.cornerCurve } set { style.value.cornerCurve = newValue } }
    var contentsGravity: CALayerContentsGravity { get { style.value.contentsGravity } set { style.value.contentsGravity = newValue } }
    var minificationFilter: CALayerContentsFilter { get { style.value.minificationFilter } set { style.value.minificationFilter = newValue } }
    var magnificationFilter: CALayerContentsFilter { get { style.value.magnificationFilter } set { style.value.magnificationFilter = newValue } }
    var fillMode: CAMediaTimingFillMode { get { style.value.fillMode } set { style.value.fillMode = newValue } }
    /// Fields of the layer subclasses (shape, text, gradient, replicator), boxed so plain layers stay small.
    var sub: COWBox<SubclassState>? = nil
    /// The recorded drawing of draw(in:), replayed by the compositor.
    var backing: CGContext? = nil
    /// A running transition, set on presentation states only.
    var transition: TransitionState? = nil
    /// Custom key-value pairs set with setValue(_:forKey:) for keys that are not properties.
    var custom: [String: LayerValue]? = nil

    /// The subclass fields; reading gives defaults when the layer has none.
    var subclass: SubclassState {
        get { sub?.value ?? SubclassState() }
        set { if sub == nil { sub = COWBox(newValue) } else { sub!.value = newValue } }
    }
}

/// The string-valued settings of a layer.
struct StyleFields {
    var cornerCurve: CALayerCornerCurve = .circular
    var contentsGravity: CALayerContentsGravity = .resize
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var fillMode: CAMediaTimingFillMode = .removed
}

/// The animatable and drawing fields of CAShapeLayer, CATextLayer, CAGradientLayer and CAReplicatorLayer.
struct SubclassState {
    // CAShapeLayer
    var path: CGPath? = nil
    var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
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
    var string: Any? = nil
    var font: CFTypeRef? = nil
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1)
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
    var instanceColor: CGColor? = nil
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0
}

/// A transition in progress on a presentation state: what the layer looked like before, and how far along.
struct TransitionState {
    /// The transition's type (fade, push, moveIn, reveal) and subtype.
    var type: CATransitionType
    var subtype: CATransitionSubtype?
    /// Progress from 0 (all old) to 1 (all new), after timing and start/end progress.
    var progress: Double
    /// The layer's presentation state when the transition was added (its old look).
    var from: LayerStateBox
}

/// A reference to a layer state, used where a state must hold another state.
final class LayerStateBox {
    let state: LayerState
    init(_ state: LayerState) { self.state = state }
}

/// Holds a layer's contents value (usually a CGImage).
final class ContentsBox {
    let value: Any
    init(_ value: Any) { self.value = value }
}
