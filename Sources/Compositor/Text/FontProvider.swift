import Foundation
import Synchronization

/// An 8-bit coverage image, row-major, top row first: for example one line of rendered glyphs.
public struct AlphaMask: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Coverage values (0 = transparent, 255 = fully covered), `width × height` of them.
    public var alpha: [UInt8]

    /// A mask of the given size and values; `alpha.count` must equal `width × height` (sizes below 0 become 0).
    public init(width: Int, height: Int, alpha: [UInt8]) {
        self.width = max(0, width)
        self.height = max(0, height)
        precondition(alpha.count == self.width * self.height, "AlphaMask: \(alpha.count) values for \(width)x\(height)")
        self.alpha = alpha
    }
}

/// Vertical metrics of a font at one pixel size.
public struct FontMetrics: Equatable, Sendable {
    /// Distance from the top of a line to the baseline, in pixels (positive).
    public var ascent: Double
    /// Distance from the baseline to the bottom of a line, in pixels (positive).
    public var descent: Double
    /// Recommended distance between successive baselines, in pixels.
    public var lineHeight: Double

    /// Creates metrics.
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// Where glyphs come from. Text layout (wrapping, truncation, alignment) is Lamina's; a provider only
/// measures and renders single lines. The SDL host installs one backed by SDL2_ttf; without a provider,
/// text layers draw nothing and report one diagnostic. Sendable: text is measured on the app side
/// and drawn on the render side, so a provider is called from any thread.
public protocol FontProvider: AnyObject, Sendable {
    /// Metrics of the font named `fontName` (nil: the default font) at `size` pixels, or nil when no
    /// such font can be loaded.
    func metrics(fontName: String?, size: Double) -> FontMetrics?
    /// The advance width in pixels of `text` set on one line in that font.
    func width(of text: String, fontName: String?, size: Double) -> Double
    /// `text` rendered anti-aliased on one line: a mask whose height is the font's line height, with
    /// the baseline `metrics.ascent` pixels below its top; nil for empty text or an unknown font.
    func render(_ text: String, fontName: String?, size: Double) -> AlphaMask?
}

/// The process-wide font provider used by text layers (set by the host; thread-safe).
public enum FontProviders {
    /// The provider installed (any thread).
    private static let installed = Mutex<FontProvider?>(nil)

    /// The provider in use, or nil when none has been installed.
    public static var current: FontProvider? {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }
}
