import Foundation
import CoreGraphics

/// How a `LottieAnimationLayer` fits the composition into its bounds (the fitting `UIView.ContentMode`
/// gives `LottieAnimationView`, with the same case names).
public enum LottieContentMode: Sendable, Hashable {
    /// Stretched to fill the bounds.
    case scaleToFill
    /// Scaled to fit whole inside the bounds, aspect kept, centred (the default).
    case scaleAspectFit
    /// Scaled to cover the bounds, aspect kept, centred (the overflow is clipped when `maskAnimationToBounds`).
    case scaleAspectFill
    /// Natural size, centred.
    case center
    /// Natural size, at the top edge's middle.
    case top
    /// Natural size, at the bottom edge's middle.
    case bottom
    /// Natural size, at the left edge's middle.
    case left
    /// Natural size, at the right edge's middle.
    case right
    /// Natural size, in the top left corner.
    case topLeft
    /// Natural size, in the top right corner.
    case topRight
    /// Natural size, in the bottom left corner.
    case bottomLeft
    /// Natural size, in the bottom right corner.
    case bottomRight

    /// Where the composition of `size` goes in `bounds`: its origin and its scale on each axis.
    func placement(of size: CGSize, in bounds: CGRect) -> (origin: CGPoint, scaleX: CGFloat, scaleY: CGFloat) {
        guard size.width > 0, size.height > 0 else { return (bounds.origin, 1, 1) }
        let fx = bounds.width / size.width, fy = bounds.height / size.height
        var sx: CGFloat = 1, sy: CGFloat = 1
        switch self {
        case .scaleToFill: sx = fx; sy = fy
        case .scaleAspectFit: sx = min(fx, fy); sy = sx
        case .scaleAspectFill: sx = max(fx, fy); sy = sx
        default: break
        }
        let w = size.width * sx, h = size.height * sy
        // Fractions of the free space left of and above the composition.
        let (ax, ay): (CGFloat, CGFloat)
        switch self {
        case .top: (ax, ay) = (0.5, 0)
        case .bottom: (ax, ay) = (0.5, 1)
        case .left: (ax, ay) = (0, 0.5)
        case .right: (ax, ay) = (1, 0.5)
        case .topLeft: (ax, ay) = (0, 0)
        case .topRight: (ax, ay) = (1, 0)
        case .bottomLeft: (ax, ay) = (0, 1)
        case .bottomRight: (ax, ay) = (1, 1)
        default: (ax, ay) = (0.5, 0.5)
        }
        return (CGPoint(x: bounds.minX + (bounds.width - w) * ax, y: bounds.minY + (bounds.height - h) * ay), sx, sy)
    }
}
