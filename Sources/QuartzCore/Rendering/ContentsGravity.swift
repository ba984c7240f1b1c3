import Foundation
import CoreGraphics

/// Where contents of a given size land in the bounds for each contentsGravity. Gravity names follow
/// Apple: they assume a y-up layer, so on a layer that is not geometry-flipped "top" is the edge at
/// the larger y, exactly as on iOS.
enum ContentsGravity {
    /// The destination rectangle for contents of `size` points in `bounds`.
    static func destination(_ gravity: CALayerContentsGravity, size: CGSize, bounds b: CGRect, flipped: Bool) -> CGRect {
        let w = size.width, h = size.height
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let k = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let dw = w * k, dh = h * k
            return CGRect(x: b.midX - dw / 2, y: b.midY - dh / 2, width: dw, height: dh)
        default:
            let raw = gravity.rawValue.lowercased()
            var x = b.midX - w / 2, y = b.midY - h / 2
            if raw.hasSuffix("left") { x = b.minX }
            if raw.hasSuffix("right") { x = b.maxX - w }
            let top = raw.hasPrefix("top"), bottom = raw.hasPrefix("bottom")
            // y-up naming: "top" is max y unless the layer is geometry-flipped.
            if top { y = flipped ? b.minY : b.maxY - h }
            if bottom { y = flipped ? b.maxY - h : b.minY }
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }
}
