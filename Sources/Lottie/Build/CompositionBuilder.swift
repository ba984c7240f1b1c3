import Foundation
import QuartzCore

/// Builds, once, the layer tree of a composition: per Lottie layer, a layer that shows it between
/// its in and out points, the transform layers of its parents (parenting passes transforms, not
/// opacity or visibility), its own transform and opacity, and its content.
struct CompositionBuilder {
    let animation: LottieAnimation

    /// The layers of the composition, to add to a layer whose time is `CompositionTime`'s.
    func build(into host: CALayer) {
        let time = CompositionTime(startFrame: Double(animation.startFrame), framerate: animation.framerate)
        let byIndex = animation.layersByIndex
        // The first layer is drawn on top: add the last first.
        for model in animation.layers.reversed() where model.isDrawn {
            guard let container = visibilityLayer(model, time: time) else { continue }
            var parentHost: CALayer = container
            for parent in animation.parentChain(of: model, byIndex: byIndex).reversed() {
                let b = KeyframeAnimationBuilder(time: time, frameOffset: parent.startTime)
                let t = TransformLayers(parent.transform, builder: b, withOpacity: false, name: nil)
                parentHost.addSublayer(t.outer)
                parentHost = t.inner
            }
            let b = KeyframeAnimationBuilder(time: time, frameOffset: model.startTime)
            let own = TransformLayers(model.transform, builder: b, withOpacity: true, name: model.name)
            parentHost.addSublayer(own.outer)
            switch model.content {
            case .shapes(let items):
                ShapeLayerBuilder(animations: b).build(items, into: own.inner)
            case .solid(let color, let w, let h):
                let solid = CALayer()
                solid.anchorPoint = .zero
                solid.frame = CGRect(x: 0, y: 0, width: w, height: h)
                solid.backgroundColor = color
                own.inner.addSublayer(solid)
            case .none:
                break
            }
            host.addSublayer(container)
        }
    }

    /// A layer shown from the model's in point until its out point (until the end when the out point
    /// is at or after the composition's end, as lottie-ios shows the last frame); nil when never shown.
    private func visibilityLayer(_ model: LayerModel, time: CompositionTime) -> CALayer? {
        let compIn = Double(animation.startFrame), compOut = Double(animation.endFrame)
        let inPoint = model.inPoint, outPoint = model.outPoint
        guard outPoint > inPoint, outPoint > compIn, inPoint < compOut || (inPoint <= compOut && compIn == compOut) else { return nil }
        let layer = TransformLayers.bare(model.name.map { "lottie: " + $0 })
        let hidesBefore = inPoint > compIn, hidesAfter = outPoint < compOut
        guard hidesBefore || hidesAfter else { return layer }
        // Opacity 0 before the in point, 1 until the out point, 0 after: jumps are equal key times.
        var frames: [Double] = [], values: [Double] = []
        let showFrame = KeyframeAnimationBuilder.jumpFrame(inPoint, after: compIn)
        let hideFrame = KeyframeAnimationBuilder.jumpFrame(outPoint, after: hidesBefore ? showFrame : compIn)
        if hidesBefore { frames += [compIn, showFrame]; values += [0, 0] }
        frames.append(hidesBefore ? showFrame : compIn); values.append(1)
        if hidesAfter { frames += [hideFrame, hideFrame, compOut]; values += [1, 0, 0] } else { frames.append(compOut); values.append(1) }
        let b = KeyframeAnimationBuilder(time: time, frameOffset: 0)
        if let a = b.sampled("opacity", frames: frames, values: values) {
            layer.add(a, forKey: "lottie.visibility")
            layer.opacity = hidesBefore ? 0 : 1
        }
        return layer
    }
}
