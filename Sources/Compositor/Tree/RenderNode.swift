import Foundation
import CoreGraphics

/// One layer of a render tree, as values: its geometry resolved to a 4x4 map into its parent's space
/// and everything it draws. Colours are premultiplied 0xAARRGGBB. The rasteriser reads nothing else.
public struct RenderNode: Equatable {
    /// A stable identity across frames (the same layer gives the same id); used to diff for damage.
    public var id: UInt64 = 0
    /// The layer's bounds rectangle in its own coordinates.
    public var bounds: CGRect = .zero
    /// Maps this node's coordinates into its parent node's (the root's: into the target's pixels).
    public var toParent: Matrix4x4 = .identity
    /// A CATransformLayer: draws nothing itself; its sublayers share its parent's 3D space.
    public var preserves3D = false
    /// Opacity 0...1.
    public var opacity: Double = 1
    /// Whether its sublayers are composited as one group before opacity applies.
    public var allowsGroupOpacity = true
    /// Whether the back face shows (false: culled when facing away).
    public var isDoubleSided = true
    /// The background colour, premultiplied (0: none).
    public var backgroundColor: UInt32 = 0
    /// Corner radius in layer coordinates.
    public var cornerRadius: Double = 0
    /// Which corners are rounded: bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY.
    public var maskedCorners: UInt8 = 0xF
    /// Border width (drawn inside the rounded bounds, above contents and sublayers).
    public var borderWidth: Double = 0
    /// Border colour, premultiplied.
    public var borderColor: UInt32 = 0
    /// Whether sublayers and contents are clipped to the rounded bounds.
    public var masksToBounds = false
    /// The drop shadow, if visible.
    public var shadow: RenderShadow? = nil
    /// What the layer draws between its background and its sublayers, in order.
    public var contents: [RenderContent] = []
    /// The index of this node's mask subtree root in the tree, or -1.
    public var mask: Int = -1
    /// How the mask's pixels are read (alpha, as on Apple, unless Lamina's own code asks for luma).
    public var maskChannel: MaskChannel = .alpha
    /// One past the last node of this node's subtree (sublayers and masks) in the tree's array.
    public var subtreeEnd: Int = 0
    /// Bumped by the builder when something not comparable by value (image pixels) changed.
    public var contentVersion: Int = 0
    /// How the node's (group) pixels combine with what is below (CALayer.compositingFilter);
    /// anything but `.normal` draws the node through an offscreen group.
    public var blendMode: BlendMode = .normal
    /// Which edges of the bounds are anti-aliased where the node is not axis-aligned, as
    /// CAEdgeAntialiasingMask's bits: 1 minX (left), 2 maxX (right), 4 minY (bottom), 8 maxY (top).
    /// 0 when CALayer.allowsEdgeAntialiasing is false: those edges are drawn aliased (each pixel in
    /// or out by its centre), so abutting layers meet without a seam.
    public var antialiasedEdges: UInt8 = 0xF

    /// Creates a node with defaults (nothing drawn, identity transform).
    public init() {}
}

/// A drop shadow: the alpha of the layer's rendering (or of `path`), offset, blurred and tinted.
public struct RenderShadow: Equatable {
    /// Colour with shadowOpacity applied, premultiplied.
    public var color: UInt32
    /// Offset in the parent's coordinates.
    public var offsetX: Double, offsetY: Double
    /// Blur radius (shadowRadius) in the parent's coordinates.
    public var radius: Double
    /// shadowPath in layer coordinates, flattened into closed contours (non-zero), or nil.
    public var path: [[CGPoint]]?

    /// Creates a shadow.
    public init(color: UInt32, offsetX: Double, offsetY: Double, radius: Double, path: [[CGPoint]]?) {
        self.color = color; self.offsetX = offsetX; self.offsetY = offsetY; self.radius = radius; self.path = path
    }
}
