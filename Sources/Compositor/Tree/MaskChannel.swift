import Foundation

/// Which value of a mask's pixels a masked group is multiplied by (Lamina's addition: Apple's
/// masks are read by alpha only).
public enum MaskChannel: UInt8, Sendable, Equatable {
    /// The mask's alpha (Core Animation's `CALayer.mask`).
    case alpha
    /// The mask's luma times its alpha: Rec. 709 weights (0.2126, 0.7152, 0.0722) on the mask's
    /// premultiplied, gamma-encoded sRGB channels, as Skia's luma colour filter (Skottie's luma
    /// mattes) and ThorVG compute it. A transparent mask pixel hides the group.
    case luminance
    /// One minus `luminance`: a transparent mask pixel shows the group.
    case inverseLuminance
}
