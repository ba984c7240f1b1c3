import Foundation
@_spi(Lamina) import QuartzCore

/// Builds, once, the layer tree of a composition: per Lottie layer, a layer that shows it between
/// its in and out points, the transform layers of its parents (parenting passes transforms, not
/// opacity or visibility), its own transform and opacity, and its content. A precomposition's
/// layers are built the same way inside a layer clipped to its size, whose own timing (speed and
/// time offset) turns the host's frames into the precomposition's (start time and stretch); a
/// time-remapped one has its animations sampled at the host's frames instead (`FrameSampler`).
struct CompositionBuilder {
    let animation: LottieAnimation

    /// How one composition (the animation's, or a precomposition's) is timed.
    struct Context {
        /// Frames of this composition in the time of the layer holding its layers.
        var time: CompositionTime
        /// Set when this composition's frames are sampled at a host's frames.
        var sampler: FrameSampler?
        /// The frames of this composition that can be shown.
        var reach: ClosedRange<Double>
        /// Whether a layer ending at the last frame still shows on it (the animation's own composition,
        /// as lottie-ios shows its last frame).
        var showsLastFrame: Bool
        /// Whether this is the animation's own composition (not a precomposition's).
        var isRoot = false
        /// The camera its 3D layers are seen through (the animation's own composition only).
        var camera: CameraView? = nil
    }

    /// The layers of the composition, to add to a layer whose time is `CompositionTime`'s.
    func build(into host: CALayer) {
        let time = CompositionTime(startFrame: Double(animation.startFrame), framerate: animation.framerate)
        let camera = animation.layers.lazy.compactMap { l -> CameraModel? in if case .camera(let c) = l.content { c } else { nil } }.first
        let context = Context(time: time, sampler: nil, reach: Double(animation.startFrame)...Double(animation.endFrame), showsLastFrame: true, isRoot: true,
                              camera: camera.map { CameraView(camera: $0, width: animation.width, height: animation.height) })
        build(animation.layers, into: host, context: context)
    }

    /// Adds the layers of `layers` (one composition's) to `host`, timed as `context` says.
    private func build(_ layers: [LayerModel], into host: CALayer, context: Context) {
        let byIndex = LottieAnimation.layersByIndex(layers)
        // The first layer is drawn on top: add the last first.
        for i in layers.indices.reversed() where layers[i].isDrawn {
            let model = layers[i]
            guard let container = layerTree(model, in: layers, byIndex: byIndex, context: context) else { continue }
            if let mode = model.matte {
                // The matte: the layer `tp` names, else the one listed just before.
                let source = model.matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? layers[i - 1] : nil)
                let matte = source.flatMap { $0.canBeMatte ? layerTree($0, in: layers, byIndex: byIndex, context: context) : nil } ?? TransformLayers.bare(nil)
                container.mask = MaskBuilder.matte(matte, mode: mode)
                container.laminaMaskChannel = MaskBuilder.channel(for: mode)
            }
            // A blend mode blends the layer (and its matte) as one group with what is below it.
            container.compositingFilter = model.blendMode
            host.addSublayer(host is CATransformLayer ? container : Self.placing(container))
        }
    }

    /// `container`, or its only sublayer in its place when `container` would map it onto its
    /// superlayer unchanged and draw it as it is: a layer shown all the time (opacity 1, nothing
    /// animated), at the origin with no size, transform, mask, clip or blend mode, drawing nothing
    /// itself. Its map is the identity (entries 1 and 0: multiplied into its sublayer's map it
    /// changes no bit of it), so the pixels are the same with a layer fewer to evaluate and draw
    /// every frame.
    static func placing(_ container: CALayer) -> CALayer {
        guard let subs = container.sublayers, subs.count == 1, container.animationKeys() == nil, container.opacity == 1,
              container.mask == nil, container.compositingFilter == nil, !container.masksToBounds,
              container.position == .zero, container.bounds == .zero, container.anchorPoint == .zero,
              CATransform3DIsIdentity(container.transform), CATransform3DIsIdentity(container.sublayerTransform),
              container.backgroundColor == nil, container.contents == nil, container.shadowOpacity == 0,
              container.speed == 1, container.timeOffset == 0, container.beginTime == 0, !container.isHidden,
              container.zPosition == 0, subs[0].zPosition == 0 else { return container }
        let only = subs[0]
        // Siblings are drawn in order of zPosition: the sublayer takes the container's place
        // among them only where its own is 0 at every time, as the container's is.
        let movesInZ = (only.animationKeys() ?? []).contains { key in
            guard let a = only.animation(forKey: key) else { return false }
            return !(a is CAPropertyAnimation) || (a as? CAPropertyAnimation)?.keyPath?.hasPrefix("zPosition") == true
        }
        guard !movesInZ else { return container }
        only.removeFromSuperlayer()
        if only.name == nil { only.name = container.name }
        return only
    }

    /// The layers of one Lottie layer: shown between its in and out points, placed by its parents'
    /// transforms and its own, masked by its masks; nil when it never shows.
    private func layerTree(_ model: LayerModel, in layers: [LayerModel], byIndex: [Int: LayerModel], context: Context) -> CALayer? {
        guard let container = visibilityLayer(model, context: context) else { return nil }
        var parentHost: CALayer = container
        let parents = LottieAnimation.parentChain(of: model, in: layers, byIndex: byIndex)
        // A 3D layer under a parent turning in 3D carries its parents' transforms in its own matrix.
        let parentsInMatrix = model.is3D && TransformLayers.needsParentsInMatrix(parents)
        for parent in parents.reversed() where !parentsInMatrix {
            let t = TransformLayers(parent.transform, builder: builder(context), withOpacity: false, name: nil,
                                    autoOrient: parent.autoOrient, is3D: parent.is3D)
            parentHost.addSublayer(t.outer)
            parentHost = t.inner
        }
        let b = builder(context)
        let own = TransformLayers(model.transform, builder: b, withOpacity: true, name: model.name, autoOrient: model.autoOrient,
                              is3D: model.is3D, camera: context.camera, parents: parents, parentsInMatrix: parentsInMatrix)
        parentHost.addSublayer(own.outer)
        // Effects and masks are in the content's coordinates: layers of their own under the
        // transform, the shadow around the masked content (masks come before effects).
        var content = own.inner
        if let shadow = model.shadow {
            let l = TransformLayers.bare(nil)
            ShadowBuilder(animations: b).apply(shadow, to: l)
            content.addSublayer(l)
            content = l
        }
        if let mask = MaskBuilder(animations: b).mask(model.masks) {
            let l = TransformLayers.bare(nil)
            l.mask = mask
            content.addSublayer(l)
            content = l
        }
        switch model.content {
        case .shapes(let items):
            ShapeLayerBuilder(animations: b).build(items, into: content)
            // One shape layer at the identity (no mask or shadow between): it carries the layer's transform.
            if content === own.inner, case let f = own.folded(), f !== own.outer { parentHost.replaceSublayer(own.outer, with: f) }
        case .solid(let color, let w, let h):
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.frame = CGRect(x: 0, y: 0, width: w, height: h)
            solid.backgroundColor = color
            content.addSublayer(solid)
        case .precomp(let p):
            if let asset = animation.precomps[p.refId] { addPrecomp(p, asset: asset, layer: model, into: content, context: context) }
        case .image(let ref):
            if let asset = animation.images[ref], case .embedded(let image) = asset.source {
                let l = CALayer()
                l.anchorPoint = .zero
                l.frame = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
                l.contents = image
                content.addSublayer(l)
            }
        case .text(let text):
            TextLayerBuilder(animations: b, fonts: animation.textFonts).build(text, into: content)
        case .none, .camera:
            break
        }
        return container
    }

    /// A layer's keyframes are frames of the composition holding it, as its in and out points are:
    /// its start time (`st`) moves only a precomposition's inner frames (lottie-ios, rlottie and
    /// ThorVG agree; a layer trimmed in After Effects exports `st` before its in point while its
    /// keyframes stay where they were).
    private func builder(_ context: Context) -> KeyframeAnimationBuilder {
        var b = KeyframeAnimationBuilder(time: context.time)
        b.sampler = context.sampler
        return b
    }

    /// The layers of precomposition `asset`, shown by `layer`, added to `host` inside a layer clipped
    /// to the precomposition's size.
    private func addPrecomp(_ p: PrecompModel, asset: PrecompAsset, layer: LayerModel, into host: CALayer, context: Context) {
        let clip = TransformLayers.bare(nil)
        if let w = p.width ?? asset.width, let h = p.height ?? asset.height {
            clip.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            clip.masksToBounds = true
        }
        host.addSublayer(clip)
        let fr = animation.framerate, st = layer.startTime, sr = layer.timeStretch
        // The frames of the host this layer can show.
        let lo = max(context.reach.lowerBound, layer.inPoint), hi = max(lo, min(context.reach.upperBound, layer.outPoint))
        // The precomposition's frame is (host frame − st) / sr, or tm(host frame) × fr.
        let inner: (Double) -> Double
        if let tm = p.timeRemap {
            // The remap is a property of the layer: a function of the host's frame (no `st`), as in
            // lottie-ios and rlottie.
            inner = { tm.value(at: $0).at(0) * fr }
        } else {
            inner = { ($0 - st) / sr }
        }
        let innerTime = CompositionTime(startFrame: 0, framerate: fr)
        var sub: Context
        if let s = context.sampler {
            sub = Context(time: innerTime, sampler: s.then(inner), reach: lo...hi, showsLastFrame: false)
        } else if p.timeRemap != nil {
            let s = FrameSampler(hostTime: context.time, hostFrames: FrameSampler.frames(from: lo, to: hi, maximum: ShapeLayerBuilder.maximumSamples), map: inner)
            sub = Context(time: innerTime, sampler: s, reach: lo...hi, showsLastFrame: false)
        } else {
            // Local time = host time / sr + offset, so that host frame f shows precomposition frame (f − st) / sr.
            // The clip carries the timing (it has no animations of its own, and its map, at the
            // origin with no transform, is the identity): a layer of its own for it would only
            // pass its time on.
            clip.speed = Float(1 / sr)
            clip.timeOffset = CompositionTime.origin - CompositionTime.origin / sr + (context.time.startFrame - st) / (sr * fr)
            // A precomposition shown until the host's end shows its own last frame there too (its
            // layers whose out point falls on the animation's end stay visible on it, as lottie-ios
            // keeps them).
            sub = Context(time: innerTime, sampler: nil, reach: inner(lo)...inner(hi), showsLastFrame: context.showsLastFrame && hi >= context.reach.upperBound)
            build(asset.layers, into: clip, context: sub)
            return
        }
        sub.reach = lo...hi
        build(asset.layers, into: clip, context: sub)
    }

    /// A layer shown from the model's in point until its out point (in the animation's own
    /// composition, until the end when the out point is at or after its end, as lottie-ios shows the
    /// last frame); nil when never shown.
    private func visibilityLayer(_ model: LayerModel, context: Context) -> CALayer? {
        let inPoint = model.inPoint, outPoint = model.outPoint
        guard outPoint > inPoint else { return nil }
        let layer = TransformLayers.bare(model.name.map { "lottie: " + $0 })
        if let s = context.sampler {
            let a = s.animation("opacity", steps: true) { inPoint <= $0 && $0 < outPoint ? 1.0 : 0.0 }
            let shown = (a.values ?? []).compactMap { $0 as? Double }
            guard shown.contains(1) else { return nil }
            if shown.contains(0) { layer.add(a, forKey: "lottie.visibility") }
            layer.opacity = Float(shown.first ?? 1)
            return layer
        }
        let compIn = context.reach.lowerBound, compOut = context.reach.upperBound
        // A precomposition shows a layer on its in point even when that is its last frame.
        let lastShown = context.isRoot ? compIn == compOut : true
        guard outPoint > compIn, inPoint < compOut || (inPoint <= compOut && lastShown) else { return nil }
        let hidesBefore = inPoint > compIn, hidesAfter = outPoint < compOut || (!context.showsLastFrame && outPoint <= compOut)
        guard hidesBefore || hidesAfter else { return layer }
        // Opacity 0 before the in point, 1 until the out point, 0 after: jumps are equal key times.
        var frames: [Double] = [], values: [Double] = []
        let showFrame = KeyframeAnimationBuilder.jumpFrame(inPoint, after: compIn)
        let hideFrame = KeyframeAnimationBuilder.jumpFrame(outPoint, after: hidesBefore ? showFrame : compIn)
        let end = max(compOut, hideFrame)
        if hidesBefore { frames += [compIn, showFrame]; values += [0, 0] }
        frames.append(hidesBefore ? showFrame : compIn); values.append(1)
        if hidesAfter { frames += [hideFrame, hideFrame, end]; values += [1, 0, 0] } else { frames.append(end); values.append(1) }
        let b = KeyframeAnimationBuilder(time: context.time)
        if let a = b.sampled("opacity", frames: frames, values: values) {
            layer.add(a, forKey: "lottie.visibility")
            layer.opacity = hidesBefore ? 0 : 1
        } else if hidesBefore {
            layer.opacity = 0
        }
        return layer
    }
}
