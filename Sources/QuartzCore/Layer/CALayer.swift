import Foundation
import CoreGraphics

/// An object that manages image-based content and allows you to perform animations on that content
/// (Apple's `CALayer`). Setting an animatable property looks up and runs the property's action before
/// the new value is stored; the change reaches the screen when the current transaction commits.
///
/// Lamina keeps three states per layer: the model (what code sets), the committed copy (handed to
/// rendering at the last commit), and the presentation, computed from the committed copy and the
/// layer's animations at a time t. Presentation layers of your own CALayer subclasses are instances
/// of your class, their stored properties copied from the model layer; `init(layer:)` overrides are
/// not called for them, since Swift cannot call a non-required initializer through a metatype.
//
// Why this file is long: every member Apple's API lets a subclass override has to be declared in
// the class body, since Swift without the Objective-C runtime cannot override what an extension
// declares. So Apple's open API of CALayer stays here whole; everything else is in the
// CALayer+*.swift extensions beside it.
open class CALayer: NSObject, CAMediaTiming {
    /// The model values.
    final var state = LayerState()
    /// This layer's slot in committed trees, and the slot's generation (fixed for the layer's life).
    final var slot: Int
    final var slotGeneration: UInt32
    /// The record the last commit of this layer published (nil before its first commit). App side:
    /// the render side reads published trees, never this property.
    final var committedRecord: CommittedLayer?
    /// Storage of `sublayers` for model layers (and presentation layers once built).
    final var _sublayers: [CALayer]?
    /// Not retained; cleared by the superlayer's deinit and by every removal, so it never dangles
    /// (a weak reference would cost a side-table load on every time conversion).
    final unowned(unsafe) var _superlayer: CALayer?
    /// The layer whose mask this layer is.
    final unowned(unsafe) var maskOwner: CALayer?
    final var _mask: CALayer?
    /// The animations, in the order added (later ones apply on top of earlier ones).
    final var animationEntries: [AnimationEntry] = []
    /// For presentation copies: the model layer, the media time shown, and the committed tree the
    /// copy was made from (its sublayers and superlayer come from the same tree).
    final var presentationSource: (model: CALayer, time: CFTimeInterval, tree: CommittedTree)?
    /// For presentation copies: the parent copy made on demand by `superlayer` (held strongly: only
    /// this child refers to it).
    final var presentationParent: CALayer?
    /// For presentation copies built as a parent copy's sublayers: that parent (weak, since the
    /// parent holds its sublayers; a strong reference back made a cycle that kept every
    /// presentation copy, and through them the model tree, alive for ever).
    final weak var presentationBuiltParent: CALayer?
    final var presentationChildrenBuilt = false
    final var needsLayoutFlag = false
    /// The object that lays out the sublayers when the layer has no delegate (default nil).
    open var layoutManager: CALayoutManager?
    /// The earliest local time at which one of the layer's animations starts or ends (runtime bookkeeping).
    final var nextEventLocalTime = -Double.infinity
    final var nextEventIsValid = false
    final var needsDisplayFlag = false
    /// The recorded drawing of `draw(in:)`, rendered by the compositor.
    var backing: CGContext? {
        get { readState { $0.backing } }
        set { state.backing = newValue }
    }
    /// Custom key-value storage (created on first use).
    final var customStore: CustomValueStore?

    /// The layer's name, used by diagnostics and scene files.
    open var name: String?
    /// The layer's delegate (weak, as on Apple).
    open weak var delegate: CALayerDelegate?
    /// Actions by key, searched after the delegate (NSNull stops the search).
    open var actions: [String: CAAction]?
    /// A dictionary of default values and actions, searched after `actions` (key "actions" holds a
    /// dictionary of actions, as on Apple; a "style" key chains to another style dictionary).
    open var style: [AnyHashable: Any]?
    /// Whether bounds changes mark the layer as needing display.
    open var needsDisplayOnBoundsChange = false
    /// Whether drawing happens asynchronously (ignored by Lamina: drawing is synchronous).
    open var drawsAsynchronously = false
    /// The autoresizing mask (kept for API compatibility; Lamina has no layout manager).
    open var autoresizingMask: CAAutoresizingMask = []
    /// Core Image filters are not available on Linux; kept so code that sets them compiles. Not rendered.
    open var filters: [Any]?
    /// Background filters (not rendered on Linux).
    open var backgroundFilters: [Any]?

    /// Creates a layer with default values (a subclass's `defaultValue(forKey:)` overrides of
    /// built-in properties included, as on Apple). It joins the current transaction, so that it is
    /// committed (and gets a presentation) at the next commit or flush.
    public override init() {
        (slot, slotGeneration) = LayerSlots.shared.allocate()
        super.init()
        DefaultValueOverrides.apply(to: &state, of: type(of: self))
        LayerSlots.shared.setOwner(slot, self)
        ModelLock.shared.lock()
        CATransactionStack.current.markDirty(self)
        ModelLock.shared.unlock()
    }

    /// Creates a copy of `layer` for use as a presentation layer, copying its values (not its
    /// sublayers or animations).
    public init(layer: Any) {
        (slot, slotGeneration) = LayerSlots.shared.allocate()
        super.init()
        LayerSlots.shared.setOwner(slot, self)
        if let l = layer as? CALayer {
            state = l.state
            name = l.name
            actions = l.actions
            style = l.style
            delegate = l.delegate
            needsDisplayOnBoundsChange = l.needsDisplayOnBoundsChange
            if let values = l.customStore?.values { customValues = values }
        }
    }

    deinit {
        // Orphans that live on are committed again (their records name this slot as their parent,
        // and the slot will be reused); noted weakly, so that freeing a tree frees all of it.
        let tx = CATransactionStack.current
        for l in _sublayers ?? [] where l._superlayer === self { l._superlayer = nil; tx.noteOrphan(l) }
        if let m = _mask, m.maskOwner === self { m.maskOwner = nil; tx.noteOrphan(m) }
        LayerSlots.shared.release(slot)
        if committedRecord != nil { tx.requestCommit() }
        // Sublayers, mask and presentation parent are released after this deinit returns, by the
        // thread's release queue (a deep chain would otherwise free itself recursively).
        var held: [AnyObject] = []
        if let subs = _sublayers { held.append(contentsOf: subs as [AnyObject]); _sublayers = nil }
        if let m = _mask { held.append(m); _mask = nil }
        if let p = presentationParent { held.append(p); presentationParent = nil }
        // Animations end with their layer: transactions waiting for them stop waiting.
        if !animationEntries.isEmpty {
            ModelLock.shared.lock()
            for e in animationEntries where !e.finished { e.leaveGroups() }
            ModelLock.shared.unlock()
        }
        DeferredRelease.release(&held)
    }

    /// Decoding is not supported on Linux; returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// Returns a new layer of this layer's Lamina class (overridden by each Lamina subclass).
    func makeLayerCopy() -> CALayer { CALayer(layer: self) }

    /// Whether this object is a presentation copy.
    var isPresentationCopy: Bool { presentationSource != nil }

    // MARK: Properties (each setter runs the property's action before storing the value)

    /// The layer's bounds rectangle in its own coordinate space. Animatable.
    open var bounds: CGRect {
        get { readState { $0.bounds } }
        set { guard acceptsFinite("bounds", [newValue.origin.x, newValue.origin.y, newValue.width, newValue.height]) else { return }; changeProperty("bounds", \.bounds, newValue) }
    }
    /// The position of the layer's anchor point in its superlayer's coordinate space. Animatable.
    open var position: CGPoint {
        get { readState { $0.position } }
        set { guard acceptsFinite("position", [newValue.x, newValue.y]) else { return }; changeProperty("position", \.position, newValue) }
    }
    /// The layer's position on the z axis; larger values are drawn in front among siblings. Animatable.
    open var zPosition: CGFloat {
        get { readState { $0.zPosition } }
        set { guard acceptsFinite("zPosition", [newValue]) else { return }; changeProperty("zPosition", \.zPosition, newValue) }
    }
    /// The anchor point in unit coordinates of the bounds (default (0.5, 0.5)); transforms apply about it. Animatable.
    open var anchorPoint: CGPoint {
        get { readState { $0.anchorPoint } }
        set { guard acceptsFinite("anchorPoint", [newValue.x, newValue.y]) else { return }; changeProperty("anchorPoint", \.anchorPoint, newValue) }
    }
    /// The anchor point's z component. Animatable.
    open var anchorPointZ: CGFloat {
        get { readState { $0.anchorPointZ } }
        set { guard acceptsFinite("anchorPointZ", [newValue]) else { return }; changeProperty("anchorPointZ", \.anchorPointZ, newValue) }
    }
    /// The transform applied to the layer's contents, about its anchor point. Animatable.
    open var transform: CATransform3D {
        get { readState { $0.transform } }
        set { guard acceptsFinite("transform", newValue.entries) else { return }; changeProperty("transform", \.transform, newValue) }
    }
    /// The transform applied to the sublayers when rendering, about the anchor point (use m34 for perspective). Animatable.
    open var sublayerTransform: CATransform3D {
        get { readState { $0.sublayerTransform } }
        set { guard acceptsFinite("sublayerTransform", newValue.entries) else { return }; changeProperty("sublayerTransform", \.sublayerTransform, newValue) }
    }
    /// Whether the geometry of the sublayers is flipped vertically.
    open var isGeometryFlipped: Bool {
        get { readState { $0.isGeometryFlipped } }
        set { changeProperty("geometryFlipped", \.isGeometryFlipped, newValue, animatable: false) }
    }
    /// Whether the layer (and its sublayers) is hidden. Animatable.
    open var isHidden: Bool {
        get { readState { $0.isHidden } }
        set { changeProperty("hidden", \.isHidden, newValue) }
    }
    /// Whether the layer shows its content when facing away from the viewer. Animatable.
    open var isDoubleSided: Bool {
        get { readState { $0.isDoubleSided } }
        set { changeProperty("doubleSided", \.isDoubleSided, newValue) }
    }
    /// Whether sublayers are clipped to the layer's (rounded) bounds. Animatable.
    open var masksToBounds: Bool {
        get { readState { $0.masksToBounds } }
        set { changeProperty("masksToBounds", \.masksToBounds, newValue) }
    }
    /// The layer's opacity, 0 to 1 (default 1). Animatable.
    open var opacity: Float {
        get { readState { $0.opacity } }
        set { changeProperty("opacity", \.opacity, newValue) }
    }
    /// The background colour (default nil). Animatable.
    open var backgroundColor: CGColor? {
        get { readState { $0.backgroundColor } }
        set { changeProperty("backgroundColor", \.backgroundColor, newValue) }
    }
    /// The radius of the rounded corners of the background and border. Animatable.
    open var cornerRadius: CGFloat {
        get { readState { $0.cornerRadius } }
        set { changeProperty("cornerRadius", \.cornerRadius, newValue) }
    }
    /// Which corners cornerRadius rounds (default all four).
    open var maskedCorners: CACornerMask {
        get { readState { $0.maskedCorners } }
        set { changeProperty("maskedCorners", \.maskedCorners, newValue, animatable: false) }
    }
    /// The curve of the rounded corners.
    open var cornerCurve: CALayerCornerCurve {
        get { readState { $0.cornerCurve } }
        set { changeProperty("cornerCurve", \.cornerCurve, newValue, animatable: false) }
    }
    /// The width of the border, drawn inside the bounds. Animatable.
    open var borderWidth: CGFloat {
        get { readState { $0.borderWidth } }
        set { changeProperty("borderWidth", \.borderWidth, newValue) }
    }
    /// The colour of the border (default opaque black). Animatable.
    open var borderColor: CGColor? {
        get { readState { $0.borderColor } }
        set { changeProperty("borderColor", \.borderColor, newValue) }
    }
    /// The colour of the shadow (default opaque black). Animatable.
    open var shadowColor: CGColor? {
        get { readState { $0.shadowColor } }
        set { changeProperty("shadowColor", \.shadowColor, newValue) }
    }
    /// The opacity of the shadow (default 0: no shadow). Animatable.
    open var shadowOpacity: Float {
        get { readState { $0.shadowOpacity } }
        set { changeProperty("shadowOpacity", \.shadowOpacity, newValue) }
    }
    /// The offset of the shadow (default (0, -3)). Animatable.
    open var shadowOffset: CGSize {
        get { readState { $0.shadowOffset } }
        set { changeProperty("shadowOffset", \.shadowOffset, newValue) }
    }
    /// The blur radius of the shadow (default 3). Animatable.
    open var shadowRadius: CGFloat {
        get { readState { $0.shadowRadius } }
        set { changeProperty("shadowRadius", \.shadowRadius, newValue) }
    }
    /// The shape of the shadow; nil uses the layer's content alpha. Animatable.
    open var shadowPath: CGPath? {
        get { readState { $0.shadowPath } }
        set { changeProperty("shadowPath", \.shadowPath, newValue) }
    }
    /// Whether the layer and its sublayers are composited as one group when opacity < 1 (default true).
    open var allowsGroupOpacity: Bool {
        get { readState { $0.allowsGroupOpacity } }
        set { changeProperty("allowsGroupOpacity", \.allowsGroupOpacity, newValue, animatable: false) }
    }
    /// Whether the layer anti-aliases the edges in `edgeAntialiasingMask` (default false, as on iOS
    /// without `UIViewEdgeAntialiasing`): when false, the edges of its bounds are drawn aliased where
    /// the layer is not axis-aligned, so abutting layers meet without a seam. Paths of shape layers,
    /// text and rounded corners stay anti-aliased.
    open var allowsEdgeAntialiasing: Bool {
        get { readState { $0.allowsEdgeAntialiasing } }
        set { changeProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, newValue, animatable: false) }
    }
    /// Which edges of the bounds are anti-aliased when `allowsEdgeAntialiasing` is true (default:
    /// all four). Left and right are the minX and maxX edges, bottom and top the minY and maxY edges.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { readState { CAEdgeAntialiasingMask(rawValue: $0.edgeAntialiasingMask) } }
        set { changeProperty("edgeAntialiasingMask", \.edgeAntialiasingMask, newValue.rawValue, animatable: false) }
    }
    /// The filter that composites the layer (with its sublayers, as one group) onto the content
    /// behind it; nil is source over. Core Image is not available on Linux: Lamina takes the
    /// filter's name as a String, as Apple's CALayer also does ("multiplyBlendMode", "screenBlendMode",
    /// "sourceIn", "xor", … and Core Image's names such as "CIMultiplyBlendMode"; see
    /// `CALayer.compositingFilterNames`). Another value, or an unknown name, reports one diagnostic and
    /// draws source over.
    open var compositingFilter: Any? {
        get { readState { $0.compositingFilter } }
        set { changeProperty("compositingFilter", \.compositingFilter, CALayer.compositingFilterName(newValue, layer: self), animatable: false) }
    }
    /// A hint that the layer's content is fully opaque.
    open var isOpaque: Bool {
        get { readState { $0.isOpaque } }
        set { changeProperty("opaque", \.isOpaque, newValue, animatable: false) }
    }
    /// Whether the layer is rendered as a bitmap before compositing.
    open var shouldRasterize: Bool {
        get { readState { $0.shouldRasterize } }
        set { changeProperty("shouldRasterize", \.shouldRasterize, newValue, animatable: false) }
    }
    /// The scale at which to rasterize when shouldRasterize is true.
    open var rasterizationScale: CGFloat {
        get { readState { $0.rasterizationScale } }
        set { changeProperty("rasterizationScale", \.rasterizationScale, newValue, animatable: false) }
    }
    /// The layer's content image (a CGImage). Animatable (cross-fades).
    open var contents: Any? {
        get { readState { $0.contents } }
        set { changeProperty("contents", \.contents, newValue) }
    }
    /// The part of the contents image to show, in unit coordinates. Animatable.
    open var contentsRect: CGRect {
        get { readState { $0.contentsRect } }
        set { changeProperty("contentsRect", \.contentsRect, newValue) }
    }
    /// The stretchable centre of the contents (nine-part scaling), in unit coordinates. Animatable.
    open var contentsCenter: CGRect {
        get { readState { $0.contentsCenter } }
        set { changeProperty("contentsCenter", \.contentsCenter, newValue) }
    }
    /// How the contents are placed in the bounds (default .resize).
    open var contentsGravity: CALayerContentsGravity {
        get { readState { $0.contentsGravity } }
        set { changeProperty("contentsGravity", \.contentsGravity, newValue, animatable: false) }
    }
    /// The scale factor of the contents image and of drawing (pixels per point).
    open var contentsScale: CGFloat {
        get { readState { $0.contentsScale } }
        set { changeProperty("contentsScale", \.contentsScale, newValue, animatable: false) }
    }
    /// The filter used when the contents are drawn smaller.
    open var minificationFilter: CALayerContentsFilter {
        get { readState { $0.minificationFilter } }
        set { changeProperty("minificationFilter", \.minificationFilter, newValue, animatable: false) }
    }
    /// The filter used when the contents are drawn larger.
    open var magnificationFilter: CALayerContentsFilter {
        get { readState { $0.magnificationFilter } }
        set { changeProperty("magnificationFilter", \.magnificationFilter, newValue, animatable: false) }
    }
    /// The bias of the minification filter (mip level selection).
    open var minificationFilterBias: Float {
        get { readState { $0.minificationFilterBias } }
        set { changeProperty("minificationFilterBias", \.minificationFilterBias, newValue, animatable: false) }
    }
    /// The layer's begin time in its superlayer's time space (CAMediaTiming).
    open var beginTime: CFTimeInterval {
        get { readState { $0.beginTime } }
        set { changeProperty("beginTime", \.beginTime, newValue, animatable: false) }
    }
    /// The duration of the layer's timeline (CAMediaTiming).
    open var duration: CFTimeInterval {
        get { readState { $0.duration } }
        set { changeProperty("duration", \.duration, newValue, animatable: false) }
    }
    /// How fast the layer's time runs relative to its superlayer's (CAMediaTiming); 0 pauses it.
    open var speed: Float {
        get { readState { $0.speed } }
        set { changeProperty("speed", \.speed, newValue, animatable: false) }
    }
    /// An offset added to the layer's local time (CAMediaTiming).
    open var timeOffset: CFTimeInterval {
        get { readState { $0.timeOffset } }
        set { changeProperty("timeOffset", \.timeOffset, newValue, animatable: false) }
    }
    /// The repeat count of the layer's timeline (CAMediaTiming).
    open var repeatCount: Float {
        get { readState { $0.repeatCount } }
        set { changeProperty("repeatCount", \.repeatCount, newValue, animatable: false) }
    }
    /// The repeat duration of the layer's timeline (CAMediaTiming).
    open var repeatDuration: CFTimeInterval {
        get { readState { $0.repeatDuration } }
        set { changeProperty("repeatDuration", \.repeatDuration, newValue, animatable: false) }
    }
    /// Whether the layer's timeline plays backwards after forwards (CAMediaTiming).
    open var autoreverses: Bool {
        get { readState { $0.autoreverses } }
        set { changeProperty("autoreverses", \.autoreverses, newValue, animatable: false) }
    }
    /// The fill mode of the layer's timeline (CAMediaTiming).
    open var fillMode: CAMediaTimingFillMode {
        get { readState { $0.fillMode } }
        set { changeProperty("fillMode", \.fillMode, newValue, animatable: false) }
    }

    // MARK: The layer tree

    /// The layer's sublayers, in back-to-front order (nil when it has none, as on Apple).
    open var sublayers: [CALayer]? {
        get {
            if let src = presentationSource, !presentationChildrenBuilt { buildPresentationChildren(src) }
            return _sublayers
        }
        set {
            ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
            for l in _sublayers ?? [] where l._superlayer === self { l._superlayer = nil; CATransactionStack.current.markDirty(l) }
            var list: [CALayer] = []
            for l in newValue ?? [] {
                precondition(!isAncestorOrSelf(l), "CALayer: cannot add \(describeLayer(l)) as a sublayer of its own descendant \(describeLayer(self)); remove it from the tree first")
                l.detachFromParent()
                l._superlayer = self
                list.append(l)
                CATransactionStack.current.markDirty(l)
            }
            _sublayers = list.isEmpty ? nil : list
            needsLayoutFlag = true
            CATransactionStack.current.markDirty(self)
        }
    }

    /// The layer's superlayer, or nil.
    open var superlayer: CALayer? {
        if let src = presentationSource { return presentationSuperlayer(src) }
        return _superlayer
    }

    /// A layer whose alpha masks this layer's content (not part of `sublayers`).
    open var mask: CALayer? {
        get {
            if let src = presentationSource, !presentationChildrenBuilt { buildPresentationChildren(src) }
            return _mask
        }
        set {
            ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
            if let n = newValue {
                precondition(n !== self, "CALayer: a layer cannot be its own mask")
                // A mask is drawn as part of its owner: one that contains the owner, or that the
                // owner contains, would make a cycle (Apple: a mask must not have a superlayer).
                precondition(!isAncestorOrSelf(n), "CALayer: \(describeLayer(n)) cannot be the mask of \(describeLayer(self)): it is an ancestor of it, so the mask would contain the layer it masks; give the mask a layer of its own")
                precondition(!n.isAncestorOrSelf(self), "CALayer: \(describeLayer(n)) cannot be the mask of \(describeLayer(self)): it is one of its descendants; remove it from the tree first (a mask must not have a superlayer)")
                n.detachFromParent()
                n.maskOwner = self
                CATransactionStack.current.markDirty(n)
            }
            _mask?.maskOwner = nil
            _mask = newValue
            CATransactionStack.current.markDirty(self)
        }
    }

    /// Appends `layer` to the sublayers, removing it from its previous superlayer first.
    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(_sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `idx` in the sublayers (clamped to the end).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        precondition(!isAncestorOrSelf(layer), "CALayer: cannot add \(describeLayer(layer)) as a sublayer of \(describeLayer(self)), which is the layer itself or one of its descendants; this would make a cycle")
        layer.detachFromParent()
        if _sublayers == nil { _sublayers = [] }
        _sublayers!.insert(layer, at: min(Int(idx), _sublayers!.count))
        layer._superlayer = self
        needsLayoutFlag = true
        CATransactionStack.current.markDirty(self)
        CATransactionStack.current.markDirty(layer)
        if isCommitted, let action = layer.action(forKey: kCAOnOrderIn) { action.run(forKey: kCAOnOrderIn, object: layer, arguments: nil) }
    }

    /// Inserts `layer` just below `sibling` (at the start when sibling is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let i = sibling.flatMap { s in _sublayers?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just above `sibling` (at the end when sibling is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let i = sibling.flatMap { s in _sublayers?.firstIndex { $0 === s }.map { $0 + 1 } } ?? (_sublayers?.count ?? 0)
        insertSublayer(layer, at: UInt32(i))
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; does nothing if
    /// `oldLayer` is not a sublayer of this layer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        guard let i = _sublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        if oldLayer === newLayer { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    /// Removes the layer from its superlayer (or from being a mask).
    open func removeFromSuperlayer() {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        if isCommitted, _superlayer != nil, let action = action(forKey: kCAOnOrderOut) {
            action.run(forKey: kCAOnOrderOut, object: self, arguments: nil)
        }
        detachFromParent()
    }

    // MARK: Geometry

    /// The layer's frame in its superlayer's coordinates: derived from bounds, position, anchorPoint
    /// and transform (the bounding box when transformed). Setting it changes position and bounds.size.
    open var frame: CGRect {
        get { frameRect(of: state) }
        set { setFrameRect(newValue) }
    }

    /// The layer's transform as an affine transform (valid when the transform is affine).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets the layer's transform from an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The preferred size of the layer in its superlayer's coordinates: the layoutManager's
    /// preferredSize(of:) when it has one, otherwise its bounds size.
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? bounds.size }

    /// Converts a point from `l`'s coordinate space to this layer's (nil means the root space of
    /// the tree), honouring 3D transforms: each layer's plane is mapped through its full 4x4 transform.
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { convertPoint(p, from: l) }

    /// Converts a point from this layer's coordinate space to `l`'s (nil: the root space).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { (l ?? rootLayer).convertPoint(p, from: self) }

    /// Converts a rectangle from `l`'s coordinate space to this layer's (the bounding box of its corners).
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { convertRect(r) { self.convertPoint($0, from: l) } }

    /// Converts a rectangle from this layer's coordinate space to `l`'s.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        let target = l ?? rootLayer
        return convertRect(r) { target.convertPoint($0, from: self) }
    }

    /// Converts a time from `l`'s local time to this layer's (nil: media time, CACurrentMediaTime()).
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromGlobal: l?.globalTime(fromLocal: t) ?? t)
    }

    /// Converts a time from this layer's local time to `l`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let g = globalTime(fromLocal: t)
        return l?.localTime(fromGlobal: g) ?? g
    }

    /// Returns the farthest descendant (or self) containing `p`, given in the superlayer's
    /// coordinates; hidden layers and the parts of sublayers outside a masksToBounds layer are skipped.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestImpl(p) }

    /// Lamina: hitTest that also passes through layers of opacity 0 (with their sublayers), as a
    /// window's clicks do: what cannot be seen cannot be clicked.
    @_spi(LaminaInternal)
    public func hitTestVisible(_ p: CGPoint) -> CALayer? { hitTestImpl(p, skippingTransparent: true) }

    /// Whether `p` (in this layer's coordinates) is inside the layer's bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    // MARK: Actions

    /// Returns the action for `event`: the delegate's action(for:forKey:), then `actions`, then
    /// `style`, then `defaultAction(forKey:)`, and for animatable properties of a committed layer an
    /// implicit CABasicAnimation from the current presentation value using the transaction's duration
    /// and timing function. NSNull at any step stops the search and gives nil.
    open func action(forKey event: String) -> CAAction? { lookUpAction(forKey: event) }

    /// The default action of this class for `event` (nil for CALayer; override to provide one).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// The default value of the property `key`: what value(forKey:) returns for a custom key that
    /// is not set, and where animations of that key start from (override it for your own keys).
    open class func defaultValue(forKey key: String) -> Any? {
        // The media-timing fill mode is the one CAMediaTiming property kept outside the table.
        if key == "fillMode" { return CAMediaTimingFillMode.removed }
        return LayerProperties.resolve(key).map { $0.get(LayerState()).toAny(numberType: $0.numberType) } ?? nil
    }

    /// Whether changing `key` marks the layer as needing display (false by default). While an
    /// animation of such a key runs, the layer's display() runs on a presentation copy at every
    /// frame where the key's value changes, and that drawing is what the frame shows.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Whether the value of `key` should be archived (true for every property).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Animations

    /// Adds a copy of `anim` to the layer under `key` (nil gives it a unique key). It starts when the
    /// current transaction commits; an animation already under the key is replaced (its delegate hears
    /// animationDidStop(_:finished: false)). Transitions are always stored under "transition".
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimation(anim, forKey: key) }

    /// The animation added under `key`, or nil.
    open func animation(forKey key: String) -> CAAnimation? {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return animationEntries.last { $0.key == key }?.animation
    }

    /// The keys of the layer's animations, in the order added (nil when there are none).
    open func animationKeys() -> [String]? {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let keys = animationEntries.filter { !$0.isAnonymous }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears animationDidStop(_:finished: false).
    open func removeAnimation(forKey key: String) { removeAnimations { $0.key == key } }

    /// Removes every animation of the layer.
    open func removeAllAnimations() { removeAnimations { _ in true } }

    // MARK: Presentation and model

    /// A copy of the layer with the values shown on screen at CACurrentMediaTime(): the committed
    /// model with its animations applied. Nil before the layer's first commit.
    open func presentation() -> Self? { presentation(atTime: CACurrentMediaTime()) }

    /// The model layer: self for a model layer, the layer it presents for a presentation copy.
    open func model() -> Self { (presentationSource?.model as? Self) ?? self }

    // MARK: Display

    /// Marks the layer as needing display; its content is redrawn at the next commit.
    open func setNeedsDisplay() { ModelLock.shared.lock(); needsDisplayFlag = true; CATransactionStack.current.markDirty(self); ModelLock.shared.unlock() }

    /// Marks part of the layer as needing display (Lamina redraws the whole layer).
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws the layer now if it is marked as needing display.
    open func displayIfNeeded() { if needsDisplayFlag { display() } }

    /// Updates the layer's content: calls the delegate's display(_:) (whose default draws with
    /// draw(in:) into a new backing context of bounds.size * contentsScale pixels).
    open func display() {
        needsDisplayFlag = false
        if let d = delegate { d.display(self) } else { displayIntoBacking() }
    }

    /// Draws the layer's content into `ctx`; the default asks the delegate's draw(_:in:).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Renders the layer and its sublayers into `ctx`, in the layer's own coordinate space through
    /// the context's CTM, from the model values (animations are ignored, as on Apple). Into a bitmap
    /// context (y up) the layer comes out upside down unless the context is flipped first, as on
    /// Apple; the usual "colour at a point" code (a 1×1 context translated by −point) works as is.
    open func render(in ctx: CGContext) { LayerContextRenderer.render(self, in: ctx) }

    // MARK: Layout

    /// Marks the layer as needing layout; layoutSublayers runs at the next layoutIfNeeded or commit.
    /// As on Apple, it is marked automatically when its bounds' size changes and when sublayers are
    /// added or removed.
    open func setNeedsLayout() { ModelLock.shared.lock(); needsLayoutFlag = true; CATransactionStack.current.markDirty(self); ModelLock.shared.unlock() }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now what needs it, Apple's rule: the superlayers are walked up until one is found
    /// that does not need layout, and every layer beneath it that needs layout is laid out (the
    /// whole tree from the root when all ancestors need it), parents before children (walked with
    /// a stack, so depth costs no recursion; a layout that adds or resizes sublayers lays them out too).
    open func layoutIfNeeded() {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        var top: CALayer = self
        var ancestor = _superlayer
        while let p = ancestor, p.needsLayoutFlag { top = p; ancestor = p._superlayer }
        (ancestor ?? top).layoutSubtreeIfNeeded()
    }

    /// How many layers are above `layer` (superlayers and mask owners), remembering every depth it
    /// finds in `memo`, so that the depths of many layers of one tree cost one walk in all.
    static func depth(of layer: CALayer, memo: inout [ObjectIdentifier: Int]) -> Int {
        var chain: [CALayer] = []
        var l: CALayer? = layer
        var base = -1
        while let c = l {
            if let d = memo[ObjectIdentifier(c)] { base = d; break }
            chain.append(c)
            l = c._superlayer ?? c.maskOwner
        }
        for c in chain.reversed() { base += 1; memo[ObjectIdentifier(c)] = base }
        return base
    }

    /// Lays out this layer (if marked) and then each marked layer beneath it, parents first.
    final func layoutSubtreeIfNeeded() {
        var stack: [CALayer] = [self]
        while let l = stack.popLast() {
            if l.needsLayoutFlag { l.needsLayoutFlag = false; l.layoutSublayers() }
            if let subs = l._sublayers { stack.append(contentsOf: subs.reversed()) }
        }
    }

    /// Positions the sublayers. The default asks the delegate's layoutSublayers(of:), or, when the
    /// layer has no delegate, the layoutManager's.
    open func layoutSublayers() {
        if let d = delegate { d.layoutSublayers(of: self) } else { layoutManager?.layoutSublayers(of: self) }
    }

    // MARK: Key-value coding

    /// The value of a property by key (Apple's KVC key or the Swift name), in the property's Swift
    /// type; for keys that are not properties, a value stored with setValue(_:forKey:) or the class's
    /// defaultValue(forKey:).
    open func value(forKey key: String) -> Any? { valueImpl(forKeyPath: key) }

    /// Sets a property by key, with the same action semantics as its setter. Values of the wrong type
    /// are reported through LaminaDiagnostics and ignored; unknown keys are stored as custom values.
    open func setValue(_ value: Any?, forKey key: String) { setValueImpl(value, forKeyPath: key) }

    /// The value at a key path, including sub-paths such as "position.x", "bounds.size.width",
    /// "transform.rotation.z", "transform.scale", "shadowOffset.height".
    open func value(forKeyPath keyPath: String) -> Any? { valueImpl(forKeyPath: keyPath) }

    /// Sets the value at a key path (see value(forKeyPath:)).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setValueImpl(value, forKeyPath: keyPath) }

    /// Returns the layer's description with its class, name and frame.
    open override var description: String {
        "<\(String(describing: type(of: self))): \(name.map { "'\($0)' " } ?? "")frame = \(frame)\(isPresentationCopy ? " (presentation)" : "")>"
    }
}

/// The key of the action run when a layer is added to a committed tree.
public let kCAOnOrderIn = "onOrderIn"
/// The key of the action run when a layer is removed from a committed tree.
public let kCAOnOrderOut = "onOrderOut"
/// The key under which transitions are stored and looked up.
public let kCATransition = "transition"
