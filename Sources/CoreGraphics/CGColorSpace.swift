import Foundation

/// The model of a colour space (Apple's `CGColorSpaceModel`).
public enum CGColorSpaceModel: Int32, Sendable {
    /// Unknown.
    case unknown = -1
    /// Gray.
    case monochrome = 0
    /// RGB.
    case rgb = 1
}

/// A colour space (Apple's `CGColorSpace`). Lamina knows sRGB, linear sRGB and gray (gamma 2.2 /
/// sRGB transfer); device RGB and gray are sRGB and sRGB-gray.
public final class CGColorSpace: Equatable, Hashable, Sendable {
    /// The space's name.
    public let name: String?
    /// The space's model.
    public let model: CGColorSpaceModel

    /// The name of the sRGB space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of the linear sRGB space.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// The name of the generic gray space.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the extended sRGB space (treated as sRGB).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"

    /// The space with `name`, or nil for a name Lamina does not know.
    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.linearSRGB, CGColorSpace.extendedSRGB: model = .rgb
        case CGColorSpace.genericGrayGamma2_2: model = .monochrome
        default: return nil
        }
        self.name = name
    }

    /// The number of colour components (without alpha).
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    /// Spaces are equal when their names are.
    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.name == b.name }
    /// A hash of the name.
    public func hash(into h: inout Hasher) { h.combine(name) }

    static let srgbSpace = CGColorSpace(name: sRGB)!
    static let graySpace = CGColorSpace(name: genericGrayGamma2_2)!
}

/// The device RGB space (sRGB in Lamina).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.srgbSpace }

/// The device gray space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.graySpace }
