import Foundation
import CoreGraphics

/// The axes a `CAScrollLayer` may scroll along (Apple's `CAScrollLayerScrollMode`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name ("none", "vertically", "horizontally", "both").
    public let rawValue: String
    /// A mode by name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// The layer scrolls vertically only.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// The layer scrolls horizontally only.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// The layer scrolls along both axes (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of content larger than itself (Apple's `CAScrollLayer`): scrolling moves
/// its `bounds.origin`, so its sublayers, laid out in its own coordinates, slide past its frame.
/// Like any bounds change it animates with the `bounds` action (implicitly in a transaction that
/// does not disable actions). It handles no input and draws no scrollers; clip it with
/// `masksToBounds` to hide what lies outside. Model-side API: use it where layers are changed (the
/// app thread of a window).
open class CAScrollLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CAScrollLayer(layer: self) }

    /// The axes the layer may scroll along; `.both` by default. Not animatable.
    open var scrollMode: CAScrollLayerScrollMode = .both

    /// A scroll layer.
    public override init() { super.init() }

    /// A copy of `layer` (Core Animation's presentation and model copies), with its scroll mode.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }

    /// Not supported: Lamina does not decode layers from archives.
    public required init?(coder: NSCoder) { return nil }

    /// Changes the origin of the layer's bounds to `p`, along the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        switch scrollMode {
        case .none: return
        case .vertically: origin.y = p.y
        case .horizontally: origin.x = p.x
        default: origin = p
        }
        guard origin.x.isFinite, origin.y.isFinite else { return }
        if origin != bounds.origin { bounds.origin = origin }
    }

    /// Scrolls the least distance that makes `r` (in the layer's own coordinates) visible: a
    /// rectangle already inside the bounds does not scroll; one larger than the bounds is aligned
    /// at its minimum edge.
    open func scroll(to r: CGRect) {
        let b = bounds
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ visibleLo: CGFloat, _ length: CGFloat) -> CGFloat {
            if hi - lo > length || lo < visibleLo { return lo }
            if hi > visibleLo + length { return hi - length }
            return visibleLo
        }
        scroll(to: CGPoint(x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }
}

extension CALayer {
    /// The closest ancestor that is a `CAScrollLayer` (not the layer itself).
    var enclosingScrollLayer: CAScrollLayer? {
        var l = superlayer
        while let s = l {
            if let scroll = s as? CAScrollLayer { return scroll }
            l = s.superlayer
        }
        return nil
    }

    /// Scrolls the closest ancestor scroll layer so that `p`, in this layer's coordinates, lies at
    /// the scroll layer's origin. Does nothing when no ancestor is a `CAScrollLayer`.
    public func scroll(_ p: CGPoint) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: scroll.convert(p, from: self))
    }

    /// Scrolls the closest ancestor scroll layer the least distance that makes `r`, in this layer's
    /// coordinates, visible. Does nothing when no ancestor is a `CAScrollLayer`.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: scroll.convert(r, from: self))
    }

    /// The part of the layer's bounds that its closest ancestor scroll layer shows, in the layer's
    /// own coordinates: the scroll layer's bounds converted here and intersected with the layer's
    /// bounds (`CGRect.null` when none of it shows). Without an ancestor scroll layer, the bounds.
    public var visibleRect: CGRect {
        guard let scroll = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroll.bounds, from: scroll))
    }
}
