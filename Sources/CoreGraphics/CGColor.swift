import Foundation

/// An immutable colour (Apple's `CGColor`): components in a colour space plus alpha.
public final class CGColor: Equatable, Hashable, CustomStringConvertible, Sendable {
    /// The colour's space.
    public let colorSpace: CGColorSpace?
    /// The components, alpha last.
    public let components: [CGFloat]?

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace.srgbSpace
        components = [red, green, blue, alpha]
    }

    /// An sRGB colour.
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace.srgbSpace
        components = [red, green, blue, alpha]
    }

    /// A gray colour.
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace.graySpace
        components = [gray, alpha]
    }

    /// A colour from `components` (colour components then alpha) in `space`; nil when the pointer is nil.
    public init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>?) {
        guard let components else { return nil }
        colorSpace = space
        self.components = (0...space.numberOfComponents).map { components[$0] }
    }

    private init(space: CGColorSpace?, components: [CGFloat]?) {
        colorSpace = space
        self.components = components
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// A copy.
    public func copy() -> CGColor? { self }

    /// A copy with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard var c = components, !c.isEmpty else { return nil }
        c[c.count - 1] = alpha
        return CGColor(space: colorSpace, components: c)
    }

    /// The colour as sRGB red, green, blue and alpha (gray expands to r = g = b; linear sRGB is
    /// encoded with the sRGB curve). A Lamina addition.
    public var srgbComponents: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = components ?? []
        if c.count == 2 { return (c[0], c[0], c[0], c[1]) }
        guard c.count >= 4 else { return (0, 0, 0, c.last ?? 1) }
        if colorSpace?.name == CGColorSpace.linearSRGB {
            func enc(_ v: CGFloat) -> CGFloat { v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
            return (enc(c[0]), enc(c[1]), enc(c[2]), c[3])
        }
        return (c[0], c[1], c[2], c[3])
    }

    /// Colours are equal when their spaces and components are.
    public static func == (a: CGColor, b: CGColor) -> Bool { a.colorSpace == b.colorSpace && a.components == b.components }
    /// A hash of the components.
    public func hash(into h: inout Hasher) { h.combine(components) }
    /// The components, for debugging.
    public var description: String { "CGColor(\(colorSpace?.name ?? "?"), \(components ?? []))" }
}
