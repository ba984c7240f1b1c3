import Foundation
import CoreGraphics
import Compositor

/// `CALayer.render(in:)`: the layer and its sublayers drawn into a context from the layer tree's
/// model values, ignoring animations, as Apple documents ("renders directly from the layer tree,
/// ignoring any animations added to the render tree"). The layer is drawn in its own coordinate
/// space (its bounds at the context's user-space origin, its own position and transform not
/// applied), through the context's CTM; the context's clip and alpha apply. App side: runs under
/// ModelLock on the calling thread.
enum LayerContextRenderer {
    static func render(_ layer: CALayer, in ctx: CGContext) {
        let (w, h) = (ctx.width, ctx.height)
        guard w > 0, h > 0 else { return }
        ModelLock.shared.lock()
        defer { ModelLock.shared.unlock() }
        // The subtree, sublayers and masks, with what needs display drawn first (as a commit would).
        var subtree: [CALayer] = []
        var stack: [CALayer] = [layer]
        while let l = stack.popLast() {
            subtree.append(l)
            if l.needsDisplay() { l.displayIfNeeded() }
            if let m = l._mask { stack.append(m) }
            if let subs = l._sublayers { stack.append(contentsOf: subs) }
        }
        // A tree of model values only, with the layer as its root, placed so that its own space is
        // the context's user space.
        var records = [CommittedLayer?](repeating: nil, count: (subtree.map(\.slot).max() ?? 0) + 1)
        for l in subtree {
            var state = l.state
            let isRoot = l === layer
            if isRoot {
                let b = state.bounds
                state.transform = CATransform3DIdentity
                state.position = CGPoint(x: b.minX + b.width * state.anchorPoint.x, y: b.minY + b.height * state.anchorPoint.y)
                state.zPosition = 0
            }
            records[l.slot] = CommittedLayer(slot: l.slot, generation: l.slotGeneration, kind: LayerKind.of(l), state: state,
                                             sublayers: (l._sublayers ?? []).map(\.slot), mask: l._mask?.slot ?? -1,
                                             superlayer: isRoot ? -1 : l._superlayer?.slot ?? -1,
                                             maskOwner: isRoot ? -1 : l.maskOwner?.slot ?? -1, animations: [])
        }
        let tree = CommittedTree(layers: records, generation: 0)
        let m = ctx.userToPixels
        let toDevice = Matrix4x4(m: [Double(m.a), Double(m.b), 0, 0, Double(m.c), Double(m.d), 0, 0, 0, 0, 1, 0, Double(m.tx), Double(m.ty), 0, 1])
        let t = CACurrentMediaTime()
        let builder = RenderTreeBuilder()
        builder.deviceScale = Double(abs(m.a * m.d - m.b * m.c)).squareRoot()
        builder.viewport = (toDevice, CGRect(x: 0, y: 0, width: w, height: h), t)
        let renderTree = builder.build(PresentationSnapshot(tree: tree, rootSlot: layer.slot, generation: layer.slotGeneration, time: t))
        var buffer = PixelBuffer(width: w, height: h)
        FrameRenderer(threads: 1).render(renderTree, into: &buffer, region: IntRect(x: 0, y: 0, width: w, height: h), toDevice: toDevice, background: 0)
        ctx.drawDevicePixels(CGImage(width: w, height: h, validPremultipliedARGB: buffer.pixels))
    }
}
