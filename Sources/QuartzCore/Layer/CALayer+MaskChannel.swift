import Foundation
import Compositor

/// Which value of a mask layer's pixels masks the layer it is set on (Lamina's addition, for
/// Lamina's own modules such as `Lottie`; Apple's `CALayer.mask` is read by alpha only).
@_spi(Lamina)
public enum LaminaMaskChannel: Sendable, Equatable {
    /// The mask's alpha: Apple's semantics, the default.
    case alpha
    /// The mask's luma times its alpha: Rec. 709 weights (0.2126, 0.7152, 0.0722) on its
    /// premultiplied sRGB colour, as Skottie and ThorVG read Lottie's luma track mattes. Opaque
    /// white shows the layer, black or transparent hides it.
    case luminance
    /// One minus `luminance`: black or transparent shows the layer, opaque white hides it.
    case inverseLuminance
}

extension CALayer {
    /// How the compositor reads this layer's `mask` (Lamina's addition; default `.alpha`, which is
    /// Apple's behaviour). Carried into the committed and presentation state like any property;
    /// not animatable, and no action runs when it changes.
    @_spi(Lamina)
    public var laminaMaskChannel: LaminaMaskChannel {
        get {
            switch readState({ $0.maskChannel }) {
            case .alpha: return .alpha
            case .luminance: return .luminance
            case .inverseLuminance: return .inverseLuminance
            }
        }
        set {
            let channel: MaskChannel
            switch newValue {
            case .alpha: channel = .alpha
            case .luminance: channel = .luminance
            case .inverseLuminance: channel = .inverseLuminance
            }
            changeProperty("laminaMaskChannel", \.maskChannel, channel, animatable: false)
        }
    }
}
