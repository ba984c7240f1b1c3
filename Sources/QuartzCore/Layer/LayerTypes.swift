import Foundation

/// Defines a String-backed option type the way Apple's Swift overlay imports `NS_TYPED_ENUM` strings.
/// (Each type below is spelled out for the documentation and the exact static names Apple uses.)

/// How a layer's contents are positioned or scaled within its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The raw string value, as Apple's constants.
    public var rawValue: String
    /// Creates a gravity from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a gravity from its raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Centred horizontally, at the top edge.
    public static let top = CALayerContentsGravity("top")
    /// Centred horizontally, at the bottom edge.
    public static let bottom = CALayerContentsGravity("bottom")
    /// Centred vertically, at the left edge.
    public static let left = CALayerContentsGravity("left")
    /// Centred vertically, at the right edge.
    public static let right = CALayerContentsGravity("right")
    /// Centred in the bounds.
    public static let center = CALayerContentsGravity("center")
    /// In the top-left corner.
    public static let topLeft = CALayerContentsGravity("topLeft")
    /// In the top-right corner.
    public static let topRight = CALayerContentsGravity("topRight")
    /// In the bottom-left corner.
    public static let bottomLeft = CALayerContentsGravity("bottomLeft")
    /// In the bottom-right corner.
    public static let bottomRight = CALayerContentsGravity("bottomRight")
    /// Resized to fill the bounds (the default).
    public static let resize = CALayerContentsGravity("resize")
    /// Resized to fit within the bounds, keeping the aspect ratio.
    public static let resizeAspect = CALayerContentsGravity("resizeAspect")
    /// Resized to fill the bounds, keeping the aspect ratio (may be clipped).
    public static let resizeAspectFill = CALayerContentsGravity("resizeAspectFill")
}

/// The filter used when a layer's contents are scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a filter from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear sampling (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear (mip-mapped) sampling; Lamina treats it as linear.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The curve used for rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a corner curve from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Continuous-curvature corners.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt
    /// Creates a mask from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and minimum y.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The corner at maximum x and minimum y.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corner at minimum x and maximum y.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The corner at maximum x and maximum y.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Which edges of a layer are anti-aliased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt32
    /// Creates a mask from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    /// The right edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    /// The bottom edge.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    /// The top edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// Edges of a layer's superlayer used by autoresizing.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt32
    /// Creates a mask from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Flexible left margin.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1)
    /// Flexible width.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 2)
    /// Flexible right margin.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 4)
    /// Flexible top margin.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 8)
    /// Flexible height.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 16)
    /// Flexible bottom margin.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 32)
}
