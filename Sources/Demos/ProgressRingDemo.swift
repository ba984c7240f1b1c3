import Foundation
import QuartzCore

/// A layer with a custom animatable property, written as Apple code writes it, in the Linux
/// spelling: Apple declares `@NSManaged var progress: CGFloat` (which needs Objective-C); here the
/// property is computed over key-value coding, which is where `@NSManaged` stores it on Apple.
/// `needsDisplay(forKey:)` makes Core Animation redraw the presentation copy at every frame of a
/// `progress` animation, and `action(forKey:)` animates every change from the value on screen.
public final class ProgressRingLayer: CALayer {
    /// How much of the ring is drawn, 0 to 1. Animatable.
    public var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    /// Unset, `progress` is 0.
    public override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    /// A change of `progress` redraws the layer (its animation: every frame).
    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    /// Changes of `progress` animate from the value on screen, eased, over 0.8 s.
    public override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = presentation()?.progress ?? progress
        a.duration = 0.8
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return a
    }

    /// Draws the track and the arc for `progress` (on a presentation copy while it animates).
    public override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 14
        ctx.setLineWidth(18)
        ctx.setStrokeColor(DemoKit.color(0.85, 0.87, 0.9))
        ctx.strokeEllipse(in: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius))
        let p = min(max(progress, 0), 1)
        guard p > 0 else { return }
        ctx.setLineCap(.round)
        ctx.setStrokeColor(DemoKit.color(0.2 + 0.6 * p, 0.55, 0.95 - 0.6 * p))
        // The context is y-down, as a layer's drawing context is on iOS: -π/2 is 12 o'clock, and
        // angles growing (clockwise: false in Core Graphics' terms) turn clockwise on screen.
        ctx.addArc(center: centre, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * p, clockwise: false)
        ctx.strokePath()
    }
}

/// A progress ring drawn in `draw(in:)` from an animated custom property (`progress`).
public final class ProgressRingDemo: Demo {
    public static let name = "progress-ring"
    public static let title = "A custom animatable property drawn in draw(in:): a progress ring"
    public let root = CALayer()
    /// The ring.
    public let ring = ProgressRingLayer()
    public let caption = "Click: progress steps on by a third (to 0 after full), animated; draw(in:) runs on every frame of the animation."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        let side = min(size.width, size.height) * 0.6
        ring.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        ring.position = CGPoint(x: size.width / 2, y: size.height / 2)
        ring.contentsScale = 2
        ring.setNeedsDisplay()
        root.addSublayer(ring)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        step()
    }

    /// The next value: a third more, back to 0 after a full ring.
    public func step() {
        ring.progress = ring.progress >= 0.99 ? 0 : min(1, ring.progress + 1.0 / 3)
    }
}
