import Foundation
import QuartzCore

/// How a layer reaches the screen, as Xcode's Core Animation instrument colours it ("Color
/// Offscreen-Rendered" yellow, "Color Blended Layers" red over green).
package enum LayerCompositing: Equatable {
    /// Drawn into a buffer of its own first, then composited: a mask, a shadow without a
    /// `shadowPath`, group opacity (opacity below 1 over sublayers with `allowsGroupOpacity`), a
    /// compositing filter (a blend mode), or `shouldRasterize`.
    case offscreen
    /// Draws pixels that are not all opaque over what lies below (opacity below 1, a translucent
    /// background, rounded corners, contents not marked `isOpaque`, text, a shape).
    case blended
    /// Draws only opaque pixels: nothing below shows through.
    case opaque

    /// The layer's way to the screen; nil when it draws nothing of its own and is not offscreen.
    package static func of(_ l: CALayer) -> LayerCompositing? {
        if l.mask != nil || l.compositingFilter != nil || l.shouldRasterize { return .offscreen }
        if l.shadowOpacity > 0 && l.shadowPath == nil { return .offscreen }
        if l.opacity < 1 && l.allowsGroupOpacity && !(l.sublayers ?? []).isEmpty { return .offscreen }
        let background = l.backgroundColor.map { $0.alpha } ?? 0
        let border = l.borderWidth > 0 ? (l.borderColor.map { $0.alpha } ?? 0) : 0
        let text = (l as? CATextLayer).map { $0.string != nil } ?? false
        let shape = (l as? CAShapeLayer).map { $0.path != nil } ?? false
        let contents = l.contents != nil
        guard background > 0 || border > 0 || text || shape || contents else { return nil }
        let opaque = l.opacity >= 1 && l.cornerRadius == 0
            && (background >= 1 || (contents && l.isOpaque))
            && (border == 0 || border >= 1)
            && (!contents || l.isOpaque)
            && (!text && !shape || background >= 1)
        return opaque ? .opaque : .blended
    }
}
