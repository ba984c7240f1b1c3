import Foundation
import CoreGraphics

/// The definition of one kind of particle an emitter layer emits (Apple's `CAEmitterCell`): its
/// birth rate, lifetime, motion, scale, spin, colour and image, each with a random range, and the
/// sub-cells its particles emit in turn. The layer copies a cell's values when its `emitterCells`
/// are set; change them afterwards through the layer's key paths (`emitterCells.NAME.birthRate`).
/// A particle keeps the values of its birth: such a change reaches the particles born after it.
/// The cell's CAMediaTiming decides when it emits (see `beginTime`).
open class CAEmitterCell: NSObject, CAMediaTiming, @unchecked Sendable {  // unchecked: an open NSObject subclass (Apple's API) cannot be checked; layers copy its values when cells are set
    /// The cell's values.
    var values = EmitterCellValues()

    /// Creates a cell with Apple's defaults (birthRate 0: it emits nothing until set).
    public override required init() { super.init() }

    /// Creates and returns a cell (Apple's `emitterCell()`).
    open class func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The name used in key paths such as `emitterCells.NAME.birthRate` (default nil).
    open var name: String? { get { values.name } set { values.name = newValue } }
    /// Whether the cell emits (default true). Animatable.
    open var isEnabled: Bool { get { values.isEnabled } set { values.isEnabled = newValue } }
    /// The colour each particle's image is multiplied by (default opaque white). Animatable.
    open var color: CGColor? { get { values.color } set { values.color = newValue } }
    /// The particle image: a CGImage (default nil: particles of this cell are not drawn, though they emit their sub-cells).
    open var contents: Any? { get { values.contents } set { values.contents = newValue } }
    /// The part of the image drawn, in unit coordinates (default 0,0,1,1). Animatable.
    open var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
    /// The filter used when the image is drawn smaller (default "linear").
    open var minificationFilter: String { get { values.minificationFilter } set { values.minificationFilter = newValue } }
    /// The filter used when the image is drawn larger (default "linear").
    open var magnificationFilter: String { get { values.magnificationFilter } set { values.magnificationFilter = newValue } }
    /// Extra values for keys that are not properties (default nil).
    open var style: [AnyHashable: Any]? { get { values.style } set { values.style = newValue } }
    /// Whether each iteration plays forwards then backwards, doubling the time the cell emits (default false).
    open var autoreverses: Bool { get { values.autoreverses } set { values.autoreverses = newValue } }
    /// The fill mode (default `.removed`). A filled cell's time stands still, so it emits nothing
    /// outside its active duration whatever the mode.
    open var fillMode: CAMediaTimingFillMode { get { values.fillMode } set { values.fillMode = newValue } }
    /// The cells each particle of this cell emits (default nil).
    open var emitterCells: [CAEmitterCell]? = nil

    /// The number of particles created each second (multiplied by the layer's birthRate; default 0). Animatable.
    open var birthRate: Float { get { Float(values.birthRate) } set { values.birthRate = Double(newValue) } }
    /// How many seconds each particle lives (multiplied by the layer's lifetime; default 0). Animatable.
    open var lifetime: Float { get { Float(values.lifetime) } set { values.lifetime = Double(newValue) } }
    /// The amount a particle's lifetime varies either way (default 0). Animatable.
    open var lifetimeRange: Float { get { Float(values.lifetimeRange) } set { values.lifetimeRange = Double(newValue) } }
    /// The emission direction's angle from the xy-plane towards z, in radians (default 0): it tilts
    /// the direction out of the layer's plane (a particle's z moves its zPosition only). Animatable.
    open var emissionLatitude: CGFloat { get { CGFloat(values.emissionLatitude) } set { values.emissionLatitude = Double(newValue) } }
    /// The emission direction's angle in the xy-plane from the x axis, in radians (default 0). Animatable.
    open var emissionLongitude: CGFloat { get { CGFloat(values.emissionLongitude) } set { values.emissionLongitude = Double(newValue) } }
    /// The apex angle of the cone around the emission direction, in radians (default 0): particles
    /// fly in directions spread uniformly across it, in 3D (2π: every direction); drawn in the layer's
    /// plane, those tilted out of it move slower there. Animatable.
    open var emissionRange: CGFloat { get { CGFloat(values.emissionRange) } set { values.emissionRange = Double(newValue) } }
    /// The initial speed of a particle, in points per second (default 0). Animatable.
    open var velocity: CGFloat { get { CGFloat(values.velocity) } set { values.velocity = Double(newValue) } }
    /// The amount the initial speed varies either way (default 0). Animatable.
    open var velocityRange: CGFloat { get { CGFloat(values.velocityRange) } set { values.velocityRange = Double(newValue) } }
    /// The acceleration along x, in points per second squared (default 0). Animatable.
    open var xAcceleration: CGFloat { get { CGFloat(values.xAcceleration) } set { values.xAcceleration = Double(newValue) } }
    /// The acceleration along y, in points per second squared (default 0). Animatable.
    open var yAcceleration: CGFloat { get { CGFloat(values.yAcceleration) } set { values.yAcceleration = Double(newValue) } }
    /// The acceleration along z, in points per second squared (default 0). Animatable.
    open var zAcceleration: CGFloat { get { CGFloat(values.zAcceleration) } set { values.zAcceleration = Double(newValue) } }
    /// The scale of a particle's image at birth (default 1). Animatable.
    open var scale: CGFloat { get { CGFloat(values.scale) } set { values.scale = Double(newValue) } }
    /// The amount the scale varies either way (default 0). Animatable.
    open var scaleRange: CGFloat { get { CGFloat(values.scaleRange) } set { values.scaleRange = Double(newValue) } }
    /// The change of scale per second of a particle's life (default 0). Animatable.
    open var scaleSpeed: CGFloat { get { CGFloat(values.scaleSpeed) } set { values.scaleSpeed = Double(newValue) } }
    /// The rotational speed of a particle, in radians per second (default 0). Animatable.
    open var spin: CGFloat { get { CGFloat(values.spin) } set { values.spin = Double(newValue) } }
    /// The amount the spin varies either way (default 0). Animatable.
    open var spinRange: CGFloat { get { CGFloat(values.spinRange) } set { values.spinRange = Double(newValue) } }
    /// The amount the red component of color varies either way (default 0). Animatable.
    open var redRange: Float { get { Float(values.redRange) } set { values.redRange = Double(newValue) } }
    /// The amount the green component of color varies either way (default 0). Animatable.
    open var greenRange: Float { get { Float(values.greenRange) } set { values.greenRange = Double(newValue) } }
    /// The amount the blue component of color varies either way (default 0). Animatable.
    open var blueRange: Float { get { Float(values.blueRange) } set { values.blueRange = Double(newValue) } }
    /// The amount the alpha component of color varies either way (default 0). Animatable.
    open var alphaRange: Float { get { Float(values.alphaRange) } set { values.alphaRange = Double(newValue) } }
    /// The change of the red component per second of a particle's life (default 0). Animatable.
    open var redSpeed: Float { get { Float(values.redSpeed) } set { values.redSpeed = Double(newValue) } }
    /// The change of the green component per second of a particle's life (default 0). Animatable.
    open var greenSpeed: Float { get { Float(values.greenSpeed) } set { values.greenSpeed = Double(newValue) } }
    /// The change of the blue component per second of a particle's life (default 0). Animatable.
    open var blueSpeed: Float { get { Float(values.blueSpeed) } set { values.blueSpeed = Double(newValue) } }
    /// The change of the alpha component per second of a particle's life (default 0). Animatable.
    open var alphaSpeed: Float { get { Float(values.alphaSpeed) } set { values.alphaSpeed = Double(newValue) } }
    /// The image's pixels per point (default 1).
    open var contentsScale: CGFloat { get { CGFloat(values.contentsScale) } set { values.contentsScale = Double(newValue) } }
    /// The bias of the minification filter's level of detail (default 0).
    open var minificationFilterBias: Float { get { Float(values.minificationFilterBias) } set { values.minificationFilterBias = Double(newValue) } }
    /// When the cell starts emitting, in the emitter layer's time (for a sub-cell: the time since its
    /// particle's birth; default 0). It emits for its active duration (`duration` × `repeatCount`,
    /// doubled by `autoreverses`, or `repeatDuration`): beginTime 1 and duration 2 emit from time 1
    /// to 3 of the layer.
    open var beginTime: CFTimeInterval { get { values.beginTime } set { values.beginTime = newValue } }
    /// The length of one iteration of the cell's time, in its own seconds (0, the default: it emits
    /// for ever, unless `repeatDuration` is set).
    open var duration: CFTimeInterval { get { values.duration } set { values.duration = newValue } }
    /// How fast the cell's time runs relative to the layer's (default 1): its births, its active
    /// duration and its particles' ageing follow it; 0 or less emits nothing.
    open var speed: Float { get { Float(values.speed) } set { values.speed = Double(newValue) } }
    /// Added to the cell's local time (default 0): it shifts where its iterations start, not when it
    /// emits (births are uniform in time).
    open var timeOffset: CFTimeInterval { get { values.timeOffset } set { values.timeOffset = newValue } }
    /// How many iterations the cell emits for (default 0, counted as 1; `.infinity`: for ever).
    open var repeatCount: Float { get { Float(values.repeatCount) } set { values.repeatCount = Double(newValue) } }
    /// How long the cell emits, in its own seconds, overriding `repeatCount` (default 0: unused).
    open var repeatDuration: CFTimeInterval { get { values.repeatDuration } set { values.repeatDuration = newValue } }

    /// Whether the value for `key` should be archived (Apple's NSCoding hook): true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The default value of a property (Apple's `defaultValue(forKey:)`).
    open class func defaultValue(forKey key: String) -> Any? {
        let v = EmitterCellValues()
        if let kp = EmitterCellValues.numberKeys[key] { return v[keyPath: kp] }
        switch key {
        case "enabled", "isEnabled": return true
        case "color": return v.color
        case "contentsRect": return v.contentsRect
        case "minificationFilter", "magnificationFilter": return "linear"
        default: return nil
        }
    }

    /// The values of this cell and, recursively, its sub-cells (what a layer stores).
    /// Cells nest at most `maxDepth` deep (a cell among its own sub-cells would never end).
    func snapshot(depth: Int = 0) -> EmitterCellValues {
        var v = values
        if depth + 1 < Self.maxDepth {
            v.cells = (emitterCells ?? []).map { $0.snapshot(depth: depth + 1) }
        } else if emitterCells?.isEmpty == false {
            LaminaDiagnostics.report("CAEmitterCell '\(name ?? "unnamed")': sub-cells nested deeper than \(Self.maxDepth) levels are ignored")
        }
        return v
    }

    /// How deep emitter cells nest (the layer's cells are level 1).
    static let maxDepth = 4
}
