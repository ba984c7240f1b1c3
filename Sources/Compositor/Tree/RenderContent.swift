import Foundation
import CoreGraphics

/// One thing a layer draws in its own coordinates.
public enum RenderContent: Equatable {
    /// An image mapped onto a rectangle.
    case image(RenderImage)
    /// Filled contours in layer coordinates (already flattened; strokes arrive here as outlines).
    case fill(RenderFill)
    /// A gradient filling a rectangle.
    case gradient(RenderGradient)
    /// A coverage mask tinted with a colour (text lines).
    case glyphs(RenderGlyphs)
}

/// Texture sampling filter.
public enum SamplingFilter: Equatable, Sendable {
    /// Nearest texel.
    case nearest
    /// Bilinear between the four nearest texels.
    case linear
}

/// An image drawn into `destination` (layer coordinates), showing the texel rectangle `source`.
/// With a nine-part `center`, the edges keep their size and the middle stretches.
public struct RenderImage: Equatable {
    /// The pixels.
    public var image: CGImage
    /// Where it lands, in layer coordinates.
    public var destination: CGRect
    /// Which texels show (pixel coordinates in the image; may extend past it: clamped at the edges).
    public var source: CGRect
    /// contentsCenter in unit coordinates of `source` (the stretchable middle); (0,0,1,1) stretches all.
    public var center: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The image's scale: pixels per point, used to size the fixed parts of a nine-part stretch.
    public var scale: Double = 1
    /// Filter when one texel covers less than a pixel (magnification) or more (minification).
    public var magnification: SamplingFilter = .linear
    /// The minification filter.
    public var minification: SamplingFilter = .linear
    /// Multiplies the pixels (premultiplied colour; 0xFFFFFFFF: unchanged).
    public var tint: UInt32 = 0xFFFF_FFFF

    /// Creates an image content.
    public init(image: CGImage, destination: CGRect, source: CGRect) {
        self.image = image; self.destination = destination; self.source = source
    }
}

/// Contours filled with a solid colour.
public struct RenderFill: Equatable {
    /// Closed contours (implicitly closed), layer coordinates. Deferred contours are made when
    /// this is first read (by any copy of the fill, on any thread: see `DeferredContours`).
    public var contours: [[CGPoint]] {
        get { deferred?.contours ?? made }
        set { made = newValue; deferred = nil }
    }
    /// The fill rule.
    public var rule: FillRule
    /// Premultiplied colour.
    public var color: UInt32
    /// The contours when given made.
    private var made: [[CGPoint]]
    /// The contours when made on first use (a stroke outline built by the bands that draw it).
    public private(set) var deferred: DeferredContours?
    /// A box holding every point of deferred contours, known without making them (see
    /// `DeferredContours.bounds`); nil for contours given made or deferred without a box. Damage
    /// and bounds code reads it in place of `contours`, which would make them there.
    public var deferredBounds: CGRect? { deferred?.bounds }

    /// Creates a fill.
    public init(contours: [[CGPoint]], rule: FillRule, color: UInt32) {
        made = contours; self.rule = rule; self.color = color
    }

    /// Creates a fill of contours made when first needed.
    public init(deferred: DeferredContours, rule: FillRule, color: UInt32) {
        made = []; self.deferred = deferred; self.rule = rule; self.color = color
    }

    /// Whether the fills are deferred with different keys (`DeferredContours.sameKey`): taken as
    /// different, without the contours made to compare them (which `==` would do), by code that
    /// may find fills different that are equal (damage: a larger rectangle, the same pixels).
    public func surelyDiffersWithoutMaking(from other: RenderFill) -> Bool {
        guard let a = deferred, let b = other.deferred else { return false }
        return a.sameKey(as: b) == false
    }

    /// Equal rule, colour and contours (deferred ones compared without being made when they are
    /// the same object or have equal keys).
    public static func == (a: RenderFill, b: RenderFill) -> Bool {
        guard a.rule == b.rule, a.color == b.color else { return false }
        if let da = a.deferred, let db = b.deferred { return da.same(as: db) }
        return a.contours == b.contours
    }
}

/// The three gradient kinds of CAGradientLayer.
public enum GradientKind: Equatable, Sendable {
    /// Along the line start → end.
    case axial
    /// Ellipses centred at start; end gives the radii (x and y distances).
    case radial
    /// Angle about start, beginning in the direction of end.
    case conic
    /// Core Graphics' radial gradient: circles from the one about start (radius `startRadius`) to
    /// the one about end (`endRadius`); a point takes the largest t whose circle passes through it,
    /// and where none does (or t is outside 0…1 and not extended that way) nothing is drawn.
    case twoCircle(startRadius: Double, endRadius: Double, extendStart: Bool, extendEnd: Bool)
}

/// A gradient filling `rect` (layer coordinates).
public struct RenderGradient: Equatable {
    /// The kind.
    public var kind: GradientKind
    /// The filled rectangle.
    public var rect: CGRect
    /// Start and end points, in layer coordinates.
    public var start: CGPoint, end: CGPoint
    /// Stops: locations ascending in 0...1 and straight-alpha sRGB colours (r, g, b, a in 0...1).
    public var stops: [(location: Double, color: SIMD4<Double>)] { didSet { table = GradientSampler.makeTable(stops) } }
    /// The stops resolved into 256 premultiplied colours for t = 0…1 (made once, with the tree).
    private(set) var table: [UInt32] { didSet { isOpaque = RenderGradient.allOpaque(table) } }
    /// Whether every colour of `table` is opaque (found with the table, not by each frame's occluders).
    private(set) var isOpaque = false

    /// Creates a gradient.
    public init(kind: GradientKind, rect: CGRect, start: CGPoint, end: CGPoint, stops: [(location: Double, color: SIMD4<Double>)]) {
        self.kind = kind; self.rect = rect; self.start = start; self.end = end; self.stops = stops
        table = GradientSampler.makeTable(stops)
        isOpaque = RenderGradient.allOpaque(table)
    }

    /// Whether every colour of a table is opaque.
    private static func allOpaque(_ table: [UInt32]) -> Bool { table.allSatisfy { $0 >> 24 == 0xFF } }

    /// Creates a gradient whose colour table is taken over from `earlier` when its stops are the
    /// same (the table depends on nothing else), else made anew.
    public init(kind: GradientKind, rect: CGRect, start: CGPoint, end: CGPoint, stops: [(location: Double, color: SIMD4<Double>)],
                reusing earlier: RenderGradient?) {
        self.kind = kind; self.rect = rect; self.start = start; self.end = end; self.stops = stops
        if let earlier, RenderGradient.sameStops(earlier.stops, stops) {
            table = earlier.table; isOpaque = earlier.isOpaque
        } else {
            table = GradientSampler.makeTable(stops); isOpaque = RenderGradient.allOpaque(table)
        }
    }

    /// Whether two stop lists are equal, location for location and colour for colour.
    static func sameStops(_ a: [(location: Double, color: SIMD4<Double>)], _ b: [(location: Double, color: SIMD4<Double>)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.location == $1.location && $0.color == $1.color }
    }

    /// Equal when every field and stop is.
    public static func == (a: RenderGradient, b: RenderGradient) -> Bool {
        a.kind == b.kind && a.rect == b.rect && a.start == b.start && a.end == b.end && sameStops(a.stops, b.stops)
    }
}

/// A coverage mask drawn at `origin` with `scale` points per mask pixel, tinted with a colour.
public struct RenderGlyphs: Equatable {
    /// The coverage.
    public var mask: AlphaMask
    /// Where its top-left lands, layer coordinates.
    public var origin: CGPoint
    /// Layer units per mask pixel (1 / contentsScale).
    public var scale: Double
    /// Premultiplied colour.
    public var color: UInt32

    /// Creates glyphs.
    public init(mask: AlphaMask, origin: CGPoint, scale: Double, color: UInt32) {
        self.mask = mask; self.origin = origin; self.scale = scale; self.color = color
    }
}
