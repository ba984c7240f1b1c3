import Foundation
import QuartzCore
import Yams

extension Scene.Limits {
    /// Most layers a frame expands to, replicator instances multiplied through nesting (a
    /// replicator of 100 instances holding one of 100 counts 10,000), masks included.
    public static let expandedLayers = 20_000
    /// Most layers a frame draws through an offscreen pass, replicated ones counted each time: a
    /// shadow without a shadowPath, a mask, or opacity below 1 over sublayers.
    public static let offscreenLayers = 2_000
    /// Most pixels a frame's offscreen passes may cover, estimated at load: each offscreen layer's
    /// size in window pixels (its bounds scaled by its transforms' and its replicators' scale,
    /// clipped to the window) grown by its shadow's reach, twice for a mask, times its replicas.
    public static let offscreenPixels = 200 << 20
    /// Most particles a frame's emitter layers may draw, estimated at load: each emitter's live
    /// particles (its cells' birthRate × lifetime, sub-cells' per particle of their parent, at most
    /// CAEmitterLayer.maximumLiveParticles), replicated emitters counted each time.
    public static let expandedParticles = 100_000
}

/// The work a scene expands to, checked when it loads, before anything is drawn: the limits count
/// what a frame draws, not what the file declares.
enum SceneExpansion {
    /// Throws a located error naming the limit when `root`'s tree expands past
    /// `Scene.Limits.expandedLayers` or `Scene.Limits.offscreenLayers`. The location is the
    /// `instanceCount` of the replicator that multiplied past the limit, or the layer that crossed it.
    static func check(_ root: CALayer, scene: Scene, file: String) throws {
        var layers = 0, offscreen = 0
        var pixels = 0.0, particles = 0.0
        let window = scene.size
        // (layer, how many times it is drawn, the nearest replicator above it, the largest scale of
        // its parent's space in window pixels)
        var stack: [(CALayer, Int, CALayer?, Double)] = (root.sublayers ?? []).reversed().map { ($0, 1, nil, 1) }
        while let (l, times, replicator, parentScale) = stack.popLast() {
            layers += times
            let subs = l.sublayers ?? []
            let scale = min(parentScale * SceneExpansion.scale(of: l.transform), 1e6)
            if l.shadowOpacity > 0 && l.shadowPath == nil || l.mask != nil || l.opacity < 1 && !subs.isEmpty {
                offscreen += times
                // The pass covers the layer in window pixels (at most the window), grown by its
                // shadow's reach (3 blur deviations of at most 256 pixels, an offset of at most 1024).
                var reach = 0.0
                if l.shadowOpacity > 0 {
                    let r = Double(l.shadowRadius) * parentScale, o = max(abs(Double(l.shadowOffset.width)), abs(Double(l.shadowOffset.height))) * parentScale
                    reach = 3 * (r.isFinite ? min(max(r, 0), 256) : 256) + (o.isFinite ? min(o, 1024) : 1024)
                }
                let w = min(Double(l.bounds.width) * scale, Double(window.width)), h = min(Double(l.bounds.height) * scale, Double(window.height))
                let area = ((w.isFinite ? w : Double(window.width)) + 2 * reach) * ((h.isFinite ? h : Double(window.height)) + 2 * reach)
                pixels += area * Double(times) * (l.mask != nil ? 2 : 1)
            }
            if layers > Scene.Limits.expandedLayers {
                throw located(replicator ?? l, key: replicator == nil ? nil : "instanceCount", scene: scene, file: file,
                              "this scene expands to more than \(Scene.Limits.expandedLayers) layers (replicator instances multiplied through nesting); that is the limit")
            }
            if pixels > Double(Scene.Limits.offscreenPixels) {
                throw located(replicator ?? l, key: replicator == nil ? nil : "instanceCount", scene: scene, file: file,
                              "this scene's offscreen passes (shadows, masks, group opacity; at their size in the window, with their shadows' reach, replicated ones counted each time) cover more than \(Scene.Limits.offscreenPixels >> 20) Mpx a frame; that is the limit")
            }
            if let e = l as? CAEmitterLayer {
                particles += SceneEmitter.estimatedParticles(e) * Double(times)
                if particles > Double(Scene.Limits.expandedParticles) {
                    throw located(replicator ?? l, key: replicator == nil ? "emitterCells" : "instanceCount", scene: scene, file: file,
                                  "this scene's emitters draw more than \(Scene.Limits.expandedParticles) particles a frame (each emitter's live particles, at most \(CAEmitterLayer.maximumLiveParticles), estimated from its cells' birthRate × lifetime; replicated ones counted each time); that is the limit")
                }
            }
            if offscreen > Scene.Limits.offscreenLayers {
                throw located(replicator ?? l, key: replicator == nil ? nil : "instanceCount", scene: scene, file: file,
                              "this scene draws more than \(Scene.Limits.offscreenLayers) layers through offscreen passes (shadows without a shadowPath, masks, opacity below 1 over sublayers; replicated ones counted each time); that is the limit")
            }
            var childTimes = times, childReplicator = replicator
            var childScale = min(scale * SceneExpansion.scale(of: l.sublayerTransform), 1e6)
            if let r = l as? CAReplicatorLayer {
                let n = max(1, min(r.instanceCount, 10_000))
                childTimes = times.multipliedReportingOverflow(by: n).overflow ? Int.max / 2 : times * n
                childReplicator = r
                // The last instance has the instance transform applied n - 1 times.
                childScale = min(childScale * pow(max(1, SceneExpansion.scale(of: r.instanceTransform)), Double(n - 1)), 1e6)
            }
            if let m = l.mask { stack.append((m, times, replicator, scale)) }
            for c in subs.reversed() { stack.append((c, childTimes, childReplicator, childScale)) }
        }
    }

    /// The largest factor a transform scales lengths by in the plane (its 2x2 part's largest
    /// column length; 1 for a non-finite transform, which is not drawn).
    static func scale(of t: CATransform3D) -> Double {
        let a = Double(t.m11), b = Double(t.m12), c = Double(t.m21), d = Double(t.m22)
        let s = max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
        return s.isFinite && s > 0 ? s : 1
    }

    /// An error at `layer`'s `key` as written (or at the layer's declaration).
    private static func located(_ layer: CALayer, key: String?, scene: Scene, file: String, _ message: String) -> SceneError {
        let name = layer.name ?? ""
        let declared = scene.declarations[name]
        let node = key.flatMap { declared?[$0] } ?? declared?["name"] ?? declared?.values.first
        let mark = node?.mark
        return SceneError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0,
                          message: name.isEmpty ? message : "\(name): \(message)")
    }
}
