import Foundation
@_spi(LaminaInternal) import QuartzCore

/// Small building blocks shared by the demos: colours, captions and buttons.
public enum DemoKit {
    /// An sRGB colour.
    public static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(srgbRed: r, green: g, blue: b, alpha: a)
    }

    /// A text layer with the given string, size and colour, top-left at `origin`, `width` wide.
    public static func label(_ text: String, origin: CGPoint, width: CGFloat, fontSize: CGFloat = 16,
                             color: CGColor = DemoKit.color(0.92, 0.92, 0.95), alignment: CATextLayerAlignmentMode = .left) -> CATextLayer {
        let t = CATextLayer()
        t.string = text
        t.fontSize = fontSize
        t.foregroundColor = color
        t.alignmentMode = alignment
        t.truncationMode = .end
        t.anchorPoint = .zero
        t.position = origin
        t.bounds = CGRect(x: 0, y: 0, width: width, height: fontSize * 1.4)
        return t
    }

    /// A rounded button layer with a centred title; returns the button (the label is its sublayer).
    public static func button(_ title: String, frame: CGRect) -> CALayer {
        let b = CALayer()
        b.frame = frame
        b.backgroundColor = color(0.25, 0.45, 0.85)
        b.cornerRadius = 8
        let l = label(title, origin: CGPoint(x: 0, y: (frame.height - 16 * 1.4) / 2), width: frame.width, alignment: .center)
        b.addSublayer(l)
        return b
    }

    /// Article 004: pauses a layer's time where it is now.
    public static func pause(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    /// Article 004: resumes a paused layer from where it was paused.
    public static func resume(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }

    /// Adds an endless turn about z (one turn per `duration` seconds) to a layer.
    public static func addSpin(to layer: CALayer, duration: CFTimeInterval) {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = duration
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
    }

    /// A random, fairly saturated colour.
    public static func randomColor<G: RandomNumberGenerator>(using g: inout G) -> CGColor {
        let (r, gr, b) = DemoArt.rgb(hue: Double.random(in: 0..<1, using: &g), s: 0.7, v: 0.9)
        return color(CGFloat(r), CGFloat(gr), CGFloat(b))
    }

    /// The topmost model layer under `point` (in `root`'s coordinates), found on the presentation
    /// tree (what is on screen), as Core Animation apps do, honouring 3D transforms, masksToBounds
    /// and isHidden and passing through layers of opacity 0; nil when nothing inside `root` is there.
    public static func hitTest(_ root: CALayer, _ point: CGPoint) -> CALayer? {
        guard let pres = root.presentation() else { return nil }
        var top: CALayer = pres
        while let s = top.superlayer { top = s }
        guard let hit = top.hitTestVisible(inParent(of: top, pres.convert(point, to: nil)))?.model() else { return nil }
        var l: CALayer? = hit
        while let x = l { if x === root { return hit }; l = x.superlayer }
        return nil
    }

    /// A point in the top layer's coordinates expressed where hitTest wants it: in the space its
    /// position is given in (the top layer's transform is taken as the identity).
    static func inParent(of top: CALayer, _ p: CGPoint) -> CGPoint {
        let b = top.bounds
        return CGPoint(x: p.x - b.minX - top.anchorPoint.x * b.width + top.position.x,
                       y: p.y - b.minY - top.anchorPoint.y * b.height + top.position.y)
    }

    /// The same on the model tree (where layers will be, not where they are shown).
    public static func modelHitTest(_ root: CALayer, _ point: CGPoint) -> CALayer? {
        var top: CALayer = root
        while let s = top.superlayer { top = s }
        guard let hit = top.hitTest(inParent(of: top, root.convert(point, to: nil))) else { return nil }
        var l: CALayer? = hit
        while let x = l { if x === root { return hit }; l = x.superlayer }
        return nil
    }
}
