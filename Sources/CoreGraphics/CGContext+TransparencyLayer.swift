import Foundation

/// Apple's transparency layers: drawing between `beginTransparencyLayer` and
/// `endTransparencyLayer()` goes into a transparent backdrop of its own, composited into the
/// context as one image when the layer ends, with the alpha, shadow, blend mode and clip in force
/// when it began. A group of shapes then casts one shadow and fades as one.
extension CGContext {
    /// A layer begun and not yet ended: what has been drawn into it, where it is bounded (device
    /// pixels, nil: not bounded), and how deep the saved-state stack was before it began.
    struct OpenTransparencyLayer {
        var operations: [Operation] = []
        let bounds: CGRect?
        let stackDepth: Int
    }

    /// Begins a transparency layer: until the matching `endTransparencyLayer()`, drawing goes into
    /// a fully transparent backdrop of its own. The graphics state stays as it was except the alpha
    /// (1), the shadow (none) and the blend mode (normal); the layer is composited with the ones in
    /// force now when it ends. Layers nest. `auxiliaryInfo` is not used (as on Apple).
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        beginLayer(bounds: nil)
    }

    /// Begins a transparency layer whose contents are bounded by `rect` (user space; the device
    /// pixels of its bounding box), as `beginTransparencyLayer(auxiliaryInfo:)`.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo auxInfo: CFDictionary?) {
        let r = rect.standardized
        beginLayer(bounds: r.isNull || r.isInfinite ? nil : r.applying(gstate.ctm))
    }

    /// Ends the innermost transparency layer: its drawing is composited into what lies under it as
    /// one image, with the alpha, shadow, blend mode and clip in force when it began, which are
    /// restored (with the rest of the graphics state saved when it began). Does nothing when no
    /// layer is open.
    public func endTransparencyLayer() {
        guard let layer = openLayers.popLast() else { return }
        // States saved inside the layer and not restored are dropped with it.
        stack.removeLast(max(0, stack.count - (layer.stackDepth + 1)))
        restoreGState()
        emit(.transparencyLayer(layer.operations, bounds: layer.bounds, alpha: gstate.alpha, clips: gstate.clips))
    }

    /// Saves the state, opens a layer and resets the alpha, shadow and blend mode inside it.
    private func beginLayer(bounds: CGRect?) {
        let depth = stack.count
        saveGState()
        openLayers.append(OpenTransparencyLayer(bounds: bounds, stackDepth: depth))
        gstate.alpha = 1
        gstate.shadow = nil
        gstate.blendMode = .normal
    }
}
