import Foundation

/// Redraws layers whose animations change a key for which the class's `needsDisplay(forKey:)` is
/// true, as Core Animation does: at every frame where the animated value changes, the layer's
/// `display()` (so `draw(in:)`, or the delegate's `draw(_:in:)`) runs on a presentation copy at the
/// frame's time, and that drawing is what the frame shows. App side: it runs in the commit phase
/// (`CATransaction.commitImplicitTransaction()`), under `ModelLock` (`shared` is a `ModelLocked`),
/// on the thread where the app's drawing may run; the drawing reaches the render side through the
/// next commit.
final class AnimatedDisplay {
    /// The process's registry; its forwarding members (below) take the lock.
    static let shared = ModelLocked(AnimatedDisplay())

    fileprivate init() {}

    private final class Entry {
        weak var layer: CALayer?
        /// What the last presentation drawing showed (the animated keys' values).
        var lastDrawn: String?
        init(_ layer: CALayer) { self.layer = layer }
    }
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// The key paths `anim` animates (a group's animations' included).
    static func keyPaths(of anim: CAAnimation) -> [String] {
        if let g = anim as? CAAnimationGroup { return (g.animations ?? []).flatMap { keyPaths(of: $0) } }
        if let p = anim as? CAPropertyAnimation, let k = p.keyPath { return [k] }
        return []
    }

    /// The key paths of `layer`'s animations for which its class asks for display.
    static func displayKeyPaths(of layer: CALayer) -> [String] {
        let cls = type(of: layer)
        var out: [String] = []
        for e in layer.animationEntries {
            for k in keyPaths(of: e.animation) where cls.needsDisplay(forKey: k) && !out.contains(k) { out.append(k) }
        }
        return out
    }

    /// Notes that `layer` has an animation of a key that needs display (call under ModelLock).
    func register(_ layer: CALayer) {
        let id = ObjectIdentifier(layer)
        if entries[id]?.layer !== layer { entries[id] = Entry(layer) }
    }

    /// Draws the presentation copies of the registered layers at media time `t` where the animated
    /// values changed since their last drawing, and marks those layers for the next commit; a layer
    /// whose animations of such keys are gone is drawn once more from its model values. Only the
    /// layers inside `root`'s tree when `root` is given (what a renderer driven by app code draws at
    /// the time it renders). Returns whether it changed any layer. Call under ModelLock.
    func update(at t: CFTimeInterval, within root: CALayer?) -> Bool {
        guard !entries.isEmpty else { return false }
        var changed = false
        let tree = CommittedModel.current
        for (id, e) in entries {
            guard let layer = e.layer else { entries[id] = nil; continue }
            if let root, !AnimatedDisplay.isInside(layer, root) { continue }
            let keys = AnimatedDisplay.displayKeyPaths(of: layer)
            if keys.isEmpty {
                entries[id] = nil
                if e.lastDrawn != nil { layer.setNeedsDisplay(); changed = true }
                continue
            }
            guard let p = layer.presentationLayer(at: t, in: tree) else { continue }
            let shown = keys.map { "\($0)=\(p.value(forKeyPath: $0).map { "\($0)" } ?? "nil")" }.joined(separator: ";")
            if shown == e.lastDrawn { continue }
            e.lastDrawn = shown
            p.display()
            layer.state.backing = p.state.backing
            layer.needsDisplayFlag = false
            CATransactionStack.current.markDirty(layer)
            changed = true
        }
        return changed
    }

    /// Whether `layer` is `root` or one of its descendants (its mask's included). Call under ModelLock.
    static func isInside(_ layer: CALayer, _ root: CALayer) -> Bool {
        var l: CALayer? = layer
        while let c = l {
            if c === root { return true }
            l = c._superlayer ?? c.maskOwner
        }
        return false
    }
}

/// The registry's members for callers, each under `ModelLock`.
extension ModelLocked where State == AnimatedDisplay {
    /// Notes that `layer` has an animation of a key that needs display.
    func register(_ layer: CALayer) { withLock { $0.register(layer) } }

    /// Draws the presentation copies of the registered layers at `t` where their animated values
    /// changed (see `AnimatedDisplay.update(at:within:)`); returns whether it changed any layer.
    func update(at t: CFTimeInterval, within root: CALayer? = nil) -> Bool { withLock { $0.update(at: t, within: root) } }
}
