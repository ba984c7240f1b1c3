import Foundation
import CoreGraphics

/// What a superlayer's state contributes to its sublayers' maps into it: the geometry flip (when
/// `isGeometryFlipped`) and its sublayerTransform about its anchor point. A small value worked out
/// once per superlayer, so that walking a tree does not carry whole states from parent to child.
struct SublayerPlacement {
    /// 2·bounds.origin.y + bounds.height of a superlayer whose geometry is flipped, else nil.
    var flipY: CGFloat?
    /// The superlayer's sublayerTransform about its anchor point, nil when it is the identity.
    var sublayerTransform: CATransform3D?

    /// The placement a superlayer with state `parent` gives its sublayers.
    init(_ parent: borrowing LayerState) {
        flipY = parent.isGeometryFlipped ? 2 * parent.bounds.origin.y + parent.bounds.size.height : nil
        sublayerTransform = parent.sublayerTransformAboutAnchor
    }

    /// A placement from its parts.
    init(flipY: CGFloat?, sublayerTransform: CATransform3D?) {
        self.flipY = flipY
        self.sublayerTransform = sublayerTransform
    }
}
