import Foundation
import Synchronization
import CoreGraphics
import Compositor

/// The render nodes of an emitter layer's particles: one node per live particle, a child of the
/// emitter's node, showing its cell's image tinted by the particle's colour, scaled and turned
/// about its centre. `.additive` particles blend with plus-lighter. With preservesDepth the
/// particles sit in a CATransformLayer-like container: one 3D space, ordered by depth, instead of
/// each flattened into the emitter's plane in drawing order.
enum ParticleNodes {
    /// The emitters that reported the particle limit (any thread).
    private static let reported = Mutex(Set<UInt64>())

    /// Whether the emitter with this id has not yet reported the particle limit (each reports once;
    /// the memory of reports is bounded).
    private static func firstReport(_ id: UInt64) -> Bool {
        reported.withLock { r in
            if r.count >= 1024 { r.removeAll() }
            return r.insert(id).inserted
        }
    }

    /// The particle nodes of an emitter with presentation `state` at its local time `time`, to be
    /// placed in a tree from index `firstIndex` on; `tint` multiplies every colour (replicators).
    static func make(state: LayerState, time: Double, emitterID: UInt64, tint: UInt32, firstIndex: Int) -> [RenderNode] {
        let layer = state.subclass.emitter
        guard !layer.cells.values.isEmpty else { return [] }
        let field = ParticleField(layer, time: time)
        if field.truncated && firstReport(emitterID) {
            LaminaDiagnostics.report("CAEmitterLayer: more than \(CAEmitterLayer.maximumLiveParticles) live particles; the oldest are not drawn")
        }
        let additive = layer.renderMode == .additive
        var out: [RenderNode] = []
        out.reserveCapacity(field.particles.count + 1)
        if state.subclass.preservesDepth {
            var container = RenderNode()
            container.id = emitterID ^ 0x5052_4553_4450_5448
            container.bounds = state.bounds
            container.preserves3D = true
            out.append(container)
        }
        for p in field.particles {
            let cell = field.cells[p.cell]
            guard let img = cell.contents as? CGImage, img.width > 0, img.height > 0, p.scale > 0, p.color.w > 0 else { continue }
            let cr = cell.contentsRect.standardized
            guard cr.width > 0, cr.height > 0, cr.width.isFinite, cr.height.isFinite else { continue }
            let cs = cell.contentsScale.isFinite && cell.contentsScale > 0 ? cell.contentsScale : 1
            let source = CGRect(x: cr.minX * CGFloat(img.width), y: cr.minY * CGFloat(img.height),
                                width: cr.width * CGFloat(img.width), height: cr.height * CGFloat(img.height))
            let w = Double(source.width) / cs, h = Double(source.height) / cs
            let c = cos(p.angle), s = sin(p.angle)
            // Centre on the origin, scale, turn, then move to the particle (row vectors: left first).
            let m = Matrix4x4.translation(-w / 2, -h / 2)
                .then(.scale(p.scale, p.scale, p.scale))
                .then(Matrix4x4(m: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
                .then(.translation(p.x, p.y, p.z))
            guard m.m[0].isFinite, m.m[12].isFinite, m.m[13].isFinite else { continue }
            var node = RenderNode()
            node.id = emitterID &* 0x100_0000_01B3 ^ p.id
            node.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            node.toParent = m
            var image = RenderImage(image: img, destination: node.bounds, source: source)
            image.scale = cs
            image.magnification = cell.magnificationFilter == "nearest" ? .nearest : .linear
            image.minification = cell.minificationFilter == "nearest" ? .nearest : .linear
            let color = Premultiplied.pack(red: p.color.x, green: p.color.y, blue: p.color.z, alpha: p.color.w)
            image.tint = RenderColor.tint(color, tint)
            node.contents = [.image(image)]
            if additive { node.blendMode = .plusLighter }
            node.subtreeEnd = firstIndex + out.count + 1
            out.append(node)
        }
        if state.subclass.preservesDepth { out[0].subtreeEnd = firstIndex + out.count }
        return out
    }
}
