import Foundation

/// Where a gradient drawing extends past its ends (Apple's `CGGradientDrawingOptions`).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// The raw flags.
    public let rawValue: UInt32
    /// Flags from their raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The start colour also fills before the start (beyond the start point, or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The end colour also fills after the end (beyond the end point, or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// A smooth transition between colours at locations from 0 to 1 (Apple's `CGGradient`), drawn
/// with `CGContext.drawLinearGradient` and `drawRadialGradient`. Colours are interpolated in sRGB
/// with straight alpha, as Core Graphics does; Lamina's spaces are sRGB and gray. Immutable; any thread.
public final class CGGradient: Sendable {
    /// The colour stops, locations ascending, each colour as sRGB with straight alpha.
    package let stops: [(location: CGFloat, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)]

    /// A gradient through `colors` (`CGColor`s, as `[c1, c2] as CFArray`) at `locations` (nil:
    /// spread evenly from 0 to 1). Nil for no colours or an element that is not a `CGColor`.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        var list: [CGColor] = []
        for c in colors {
            guard let color = c as? CGColor else { return nil }
            list.append(color)
        }
        guard !list.isEmpty else { return nil }
        let locs = CGGradient.locations(locations, count: list.count)
        stops = CGGradient.sorted(zip(locs, list).map { l, c in
            let s = c.srgbComponents
            return (l, s.red, s.green, s.blue, s.alpha)
        })
    }

    /// A gradient of `count` colours given as components of `space` (3 colour components and alpha
    /// for RGB, 1 and alpha for gray) at `locations` (nil: spread evenly from 0 to 1). Nil for no
    /// colours.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        let locs = CGGradient.locations(locations, count: count)
        stops = CGGradient.sorted((0..<count).map { i in
            let c = components + i * n
            return n == 2 ? (locs[i], c[0], c[0], c[0], c[1]) : (locs[i], c[0], c[1], c[2], c[3])
        })
    }

    private static func locations(_ p: UnsafePointer<CGFloat>?, count: Int) -> [CGFloat] {
        if let p { return (0..<count).map { min(1, max(0, p[$0])) } }
        return count == 1 ? [0] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
    }

    private static func sorted(_ s: [(CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)]) -> [(location: CGFloat, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)] {
        s.enumerated().sorted { $0.element.0 < $1.element.0 || ($0.element.0 == $1.element.0 && $0.offset < $1.offset) }
            .map { (location: $0.element.0, red: $0.element.1, green: $0.element.2, blue: $0.element.3, alpha: $0.element.4) }
    }
}
