import Foundation

/// The shape particles are emitted from (Apple's `CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a shape from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A single point at emitterPosition (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal line of emitterSize.width centred on emitterPosition.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of emitterSize centred on emitterPosition.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of emitterSize and emitterDepth centred on emitterPosition and emitterZPosition.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of diameter emitterSize.width centred on emitterPosition.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of diameter emitterSize.width centred on emitterPosition and emitterZPosition.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles are emitted (Apple's `CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the shape's vertices (a rectangle's corners, a line's ends, a circle's centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// From the shape's outline.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// From the shape's surface (its area).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// From anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order and blending particles are drawn with (Apple's `CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a render mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In emission order (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles drawn first (at the back).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest particles drawn last (in front).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by depth, farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles added together (plus-lighter blending).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
