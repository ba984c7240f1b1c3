import Foundation
import QuartzCore
import Lottie

extension SceneJSON {
    /// For a layer playing a Lottie animation, its `"lottie"` field: where playback is (frame,
    /// progress, seconds from the first frame, whether it plays), the animation's frames and rate,
    /// and, for every named layer of its composition (a Lottie layer's `nm`) in tree order, the
    /// presented `matrix` [a, b, c, d, tx, ty] from that layer's content to the composition's
    /// coordinates (its parents' transforms included), its `opacity` and the `visibleOpacity` it is
    /// seen with (times every ancestor's: 0 outside its in and out points). A Lottie layer's
    /// transform is carried by a short chain of unnamed layers below the named one; both figures
    /// follow that chain. Empty for any other layer.
    func lottieFields(_ model: CALayer) -> [String] {
        guard let l = model as? LottieAnimationLayer else { return [] }
        var fields = [
            "\"frame\": \(n(l.currentFrame, "lottie.frame"))",
            "\"progress\": \(n(l.currentProgress, "lottie.progress"))",
            "\"seconds\": \(n(l.currentTime, "lottie.seconds"))",
            "\"playing\": \(l.isAnimationPlaying)",
        ]
        if let a = l.animation {
            fields += ["\"startFrame\": \(n(a.startFrame, "lottie.startFrame"))", "\"endFrame\": \(n(a.endFrame, "lottie.endFrame"))",
                       "\"framerate\": \(n(a.framerate, "lottie.framerate"))"]
        }
        var items: [String] = []
        func walk(_ layer: CALayer, above: CGAffineTransform, seen: Double, depth: Int) {
            guard depth < 512 else { return }
            var m = Self.local(layer).concatenating(above)
            var seenHere = seen * Double((layer.presentation() ?? layer).opacity)
            var own = Double((layer.presentation() ?? layer).opacity)
            var content = layer
            if let name = layer.name, !name.isEmpty, !name.hasPrefix("lottie:") {
                // Down the chain of unnamed placing layers that carry this layer's transform and opacity.
                while let only = content.sublayers, only.count == 1, Self.isPlacing(only[0]), depth < 512 {
                    content = only[0]
                    let o = Double((content.presentation() ?? content).opacity)
                    m = Self.local(content).concatenating(m)
                    own *= o
                    seenHere *= o
                }
                let key = "lottie.layers[\(items.count)]"
                items.append("{" + [
                    "\"name\": \(SceneJSON.string(name))",
                    "\"matrix\": \(list([m.a, m.b, m.c, m.d, m.tx, m.ty].map { Double($0) }, key + ".matrix"))",
                    "\"opacity\": \(n(own, key + ".opacity"))",
                    "\"visibleOpacity\": \(n(seenHere, key + ".visibleOpacity"))",
                ].joined(separator: ", ") + "}")
            }
            for s in content.sublayers ?? [] { walk(s, above: m, seen: seenHere, depth: depth + 1) }
        }
        // The composition layer (the one sublayer) holds the composition's coordinates.
        for top in l.sublayers ?? [] {
            for s in top.sublayers ?? [] { walk(s, above: .identity, seen: Double((top.presentation() ?? top).opacity), depth: 0) }
        }
        fields.append("\"layers\": [" + items.joined(separator: ", ") + "]")
        return ["\"lottie\": {" + fields.joined(separator: ", ") + "}"]
    }

    /// A layer that only places what is below it: a plain, unnamed CALayer of no size.
    private static func isPlacing(_ l: CALayer) -> Bool {
        type(of: l) == CALayer.self && (l.name ?? "").isEmpty && l.bounds.size == .zero
    }

    /// The presented map from `layer`'s coordinates to its parent's (2D part): bounds origin and
    /// anchor point, transform, position.
    private static func local(_ layer: CALayer) -> CGAffineTransform {
        let p = layer.presentation() ?? layer
        let t = p.transform
        let affine = CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
        let b = p.bounds
        return CGAffineTransform(translationX: -b.minX - p.anchorPoint.x * b.width, y: -b.minY - p.anchorPoint.y * b.height)
            .concatenating(affine).concatenating(CGAffineTransform(translationX: p.position.x, y: p.position.y))
    }
}
