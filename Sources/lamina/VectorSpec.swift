import Foundation

/// The inputs of one vector row of `lamina bench compositor`, as values: what Lamina's layers are
/// built from and what `--dump-inputs` writes as JSON for the Blend2D and Skia anchors
/// (scripts/bench-anchors/vector_anchors.py), so that every library draws the same geometry.
/// Coordinates are frame pixels (1280x720, y down); colours are straight-alpha sRGB 0...1, each a
/// multiple of 1/255. Paths are `verbs` ("M" move, "L" line, "C" cubic, "Z" close) with their
/// points flattened into `points` (x, y pairs: 1 for M and L, 3 for C).
struct VectorSpec: Codable, Equatable {
    /// The row name (as printed).
    var name: String
    /// "gradient", "fill", "stroke", "text", "shadow" or "morph".
    var kind: String
    /// Destination pixels written per operation: the sum over the row's items of the pixels each
    /// one alone changes (overdraw counted), measured on Lamina's drawing; the anchors use the same.
    var pixels: Double = 0
    /// Gradient-filled rounded rects.
    var gradient: GradientRow?
    /// Path fills and strokes (and the morphing shape's fill and stroke).
    var shapes: ShapeRow?
    /// A text run.
    var text: TextRow?
    /// A rounded rect and its drop shadow.
    var shadow: ShadowRow?
    /// A path animation: the shape's path goes from `from` to `to` (same verbs) linearly over
    /// `duration` seconds; frame k is drawn at time k / 60 (wrapping at `duration`).
    var morph: MorphRow?

    /// One path.
    struct Path: Codable, Equatable {
        var verbs: String
        var points: [Double]
    }

    /// A CAGradientLayer per rect (masksToBounds, cornerRadius), stops and unit start/end points
    /// as CAGradientLayer takes them.
    struct GradientRow: Codable, Equatable {
        /// "axial", "radial" or "conic" (CAGradientLayerType).
        var type: String
        /// x, y, width, height per rect.
        var rects: [[Double]]
        var cornerRadius: Double
        /// Locations 0...1 and colours (r, g, b, a) per stop, the same for every rect.
        var locations: [Double]
        var colors: [[Double]]
        /// In unit coordinates of each rect.
        var startPoint: [Double], endPoint: [Double]
    }

    /// A CAShapeLayer per path, placed at the frame origin (paths in frame pixels).
    struct ShapeRow: Codable, Equatable {
        var paths: [Path]
        /// Fill colour per path (nil: no fill).
        var fillColors: [[Double]]?
        /// "nonZero" or "evenOdd".
        var fillRule: String
        /// Stroke colour per path (nil: no stroke).
        var strokeColors: [[Double]]?
        var lineWidth: Double
        /// "miter", "round" or "bevel"; caps "butt", "round" or "square".
        var lineJoin: String, lineCap: String
        var miterLimit: Double
        /// On/off lengths (empty: solid) and the phase.
        var dashPattern: [Double], dashPhase: Double
    }

    /// Lines of text set with CATextLayer (one layer per block, not wrapped: every line is given).
    struct TextRow: Codable, Equatable {
        /// The font file (TrueType), the size in pixels.
        var fontFile: String
        var size: Double
        var color: [Double]
        /// Each line: its text, the x of its left end and the y of its baseline.
        var lines: [Line]
        /// Glyphs drawn: the non-whitespace characters of all lines.
        var glyphs: Int
        /// The font's ascent and line height in pixels as Lamina's font provider gives them.
        var ascent: Double, lineHeight: Double

        struct Line: Codable, Equatable {
            var text: String
            var x: Double, baseline: Double
        }
    }

    /// A CALayer with a background colour, rounded corners and a shadow (no shadowPath: the
    /// shadow is cast by the layer's own alpha).
    struct ShadowRow: Codable, Equatable {
        var rect: [Double]
        var cornerRadius: Double
        var color: [Double]
        /// shadowColor with shadowOpacity applied to its alpha.
        var shadowColor: [Double]
        var shadowOffset: [Double]
        /// shadowRadius; Lamina blurs with a Gaussian of this deviation (sigma).
        var shadowRadius: Double
    }

    /// One CAShapeLayer whose path is animated by a CABasicAnimation.
    struct MorphRow: Codable, Equatable {
        var from: Path, to: Path
        var duration: Double
        var fillColor: [Double], strokeColor: [Double]
        var lineWidth: Double
        var lineJoin: String
        /// The frames the benchmark cycles through (frame k at time k / 60).
        var frames: Int
    }

    /// The file the anchors read: every vector row, the frame and where it came from.
    struct File: Codable, Equatable {
        var width: Int, height: Int
        /// The opaque colour the frame is filled with before each repetition (0xAARRGGBB).
        var background: UInt32
        var rows: [VectorSpec]
    }
}
