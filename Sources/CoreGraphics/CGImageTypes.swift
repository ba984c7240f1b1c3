import Foundation

/// How alpha is stored in image pixels (Apple's `CGImageAlphaInfo`).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha.
    case none = 0
    /// Premultiplied alpha, last.
    case premultipliedLast = 1
    /// Premultiplied alpha, first.
    case premultipliedFirst = 2
    /// Straight alpha, last.
    case last = 3
    /// Straight alpha, first.
    case first = 4
    /// No alpha; an unused last byte.
    case noneSkipLast = 5
    /// No alpha; an unused first byte.
    case noneSkipFirst = 6
    /// Alpha only.
    case alphaOnly = 7
}

/// Pixel layout flags (Apple's `CGBitmapInfo`): the alpha info in the low bits, plus byte order.
public struct CGBitmapInfo: OptionSet, Sendable {
    /// The raw flags.
    public let rawValue: UInt32
    /// Creates flags.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The mask of the alpha info bits.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The mask of the byte order bits.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// Default byte order (big endian for 32-bit pixels).
    public static var byteOrderDefault: CGBitmapInfo { CGBitmapInfo(rawValue: 0) }
    /// 32-bit little-endian pixels.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// How colours out of gamut are mapped (Apple's `CGColorRenderingIntent`); Lamina ignores it.
public enum CGColorRenderingIntent: Int32, Sendable {
    /// Default intent.
    case defaultIntent = 0
    /// Absolute colorimetric.
    case absoluteColorimetric = 1
    /// Relative colorimetric.
    case relativeColorimetric = 2
    /// Perceptual.
    case perceptual = 3
    /// Saturation.
    case saturation = 4
}
