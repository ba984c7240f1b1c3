import Foundation
import QuartzCore

/// A group's transform carried by the group's one shape layer instead of a layer of its own.
extension TransformLayers {
    /// The key paths that place a layer (what a transform layer animates, and what a shape layer
    /// taking a transform layer's place must not animate itself).
    private static let placingKeyPaths = ["position", "transform", "anchorPoint", "bounds", "zPosition", "sublayerTransform"]

    /// Whether `keyPath` is, or lies in, one of `placingKeyPaths`.
    private static func places(_ keyPath: String) -> Bool {
        placingKeyPaths.contains { keyPath == $0 || keyPath.hasPrefix($0 + ".") }
    }

    /// The layer to add to the group's host: `outer`, or, when these layers are one layer (`outer`
    /// is `inner`) at opacity 1 holding only one shape layer that sits at the identity (at the
    /// origin, no size, no transform, nothing animated that places it, no sublayers or mask), that
    /// shape layer, given this layer's position, transform and their animations. Its map is then
    /// made from the same numbers as this layer's was, and its own identity map, multiplied in
    /// before, changed none of its bits (entries 1 and 0): the same pixels with a layer fewer to
    /// evaluate and draw every frame.
    func folded() -> CALayer {
        let g = outer
        guard g === inner, let subs = g.sublayers, subs.count == 1, let s = subs[0] as? CAShapeLayer,
              g.opacity == 1, g.mask == nil, !g.masksToBounds, g.compositingFilter == nil, g.bounds == .zero, g.anchorPoint == .zero,
              g.zPosition == 0, CATransform3DIsIdentity(g.sublayerTransform), g.speed == 1, g.timeOffset == 0, g.beginTime == 0,
              !g.isHidden, g.backgroundColor == nil, g.shadowOpacity == 0,
              s.position == .zero, s.bounds == .zero, s.anchorPoint == .zero, s.zPosition == 0, CATransform3DIsIdentity(s.transform),
              CATransform3DIsIdentity(s.sublayerTransform), s.sublayers == nil, s.mask == nil, s.speed == 1, s.timeOffset == 0,
              s.beginTime == 0 else { return g }
        let own = g.animationKeys() ?? [], theirs = s.animationKeys() ?? []
        // This layer animates only where it is; the shape layer only what it draws; no key is both's.
        let ownPlace = own.allSatisfy { key in (g.animation(forKey: key) as? CAPropertyAnimation)?.keyPath.map(Self.places) ?? false }
        let theirsDraw = theirs.allSatisfy { key in (s.animation(forKey: key) as? CAPropertyAnimation)?.keyPath.map { !Self.places($0) } ?? false }
        guard ownPlace, theirsDraw, Set(own).isDisjoint(with: theirs) else { return g }
        s.removeFromSuperlayer()
        if s.name == nil { s.name = g.name }
        s.position = g.position
        s.transform = g.transform
        for key in own { if let a = g.animation(forKey: key) { s.add(a, forKey: key) } }
        return s
    }
}
