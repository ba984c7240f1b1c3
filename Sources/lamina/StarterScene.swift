import QuartzCore

/// The app's layer tree: a card that turns once every four seconds, and changes colour (an
/// implicit animation) and pops (an explicit one) when it is clicked.
public final class AppScene {
    /// The window's size in points.
    public static let size = CGSize(width: 480, height: 320)
    /// The root layer: give it to the window, or to a CARenderer.
    public let root = CALayer()
    /// The card.
    public let card = CALayer()
    /// The caption under the card.
    public let caption = CATextLayer()
    /// The colours a click steps through.
    public static let colors = [
        CGColor(srgbRed: 0.95, green: 0.55, blue: 0.2, alpha: 1),
        CGColor(srgbRed: 0.3, green: 0.6, blue: 0.95, alpha: 1),
        CGColor(srgbRed: 0.4, green: 0.8, blue: 0.45, alpha: 1),
    ]
    /// Clicks on the card so far.
    public private(set) var clicks = 0

    /// The tree, with the card turning from media time `start`.
    public init(start: CFTimeInterval = CACurrentMediaTime()) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: AppScene.size)
        root.backgroundColor = CGColor(srgbRed: 0.11, green: 0.12, blue: 0.14, alpha: 1)
        card.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        card.position = CGPoint(x: 240, y: 140)
        card.cornerRadius = 18
        card.backgroundColor = AppScene.colors[0]
        root.addSublayer(card)
        caption.frame = CGRect(x: 0, y: 250, width: 480, height: 30)
        caption.string = "Click the card"
        caption.fontSize = 18
        caption.alignmentMode = .center
        caption.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(caption)
        CATransaction.commit()
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 4
        turn.repeatCount = .infinity
        turn.beginTime = start
        card.add(turn, forKey: "turn")
    }

    /// The layer shown at `point` (root coordinates), hit-tested where the layers are on screen.
    public func layer(at point: CGPoint) -> CALayer? {
        root.presentation()?.hitTest(point)?.model()
    }

    /// A click at `point`: on the card, it takes the next colour (animated by its implicit action)
    /// and pops. Returns whether the card was hit.
    @discardableResult
    public func click(at point: CGPoint) -> Bool {
        guard layer(at: point) === card else { return false }
        clicks += 1
        card.backgroundColor = AppScene.colors[clicks % AppScene.colors.count]
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1, 1.2, 1]
        pop.duration = 0.3
        card.add(pop, forKey: "pop")
        return true
    }

    /// The frame at media time `t` drawn headless at `scale`: a new scene on virtual time, clicked
    /// at `clicks` (media time, point) on the way.
    public static func render(at t: CFTimeInterval, scale: CGFloat = 1, clicks: [(CFTimeInterval, CGPoint)] = []) throws -> CGImage {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let scene = AppScene(start: 0)
        let renderer = CARenderer(size: AppScene.size, scale: scale)
        renderer.layer = scene.root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer)
        for (time, point) in clicks {
            try scheduler.frame(at: time)
            scene.click(at: point)
            CATransaction.flush()   // the click's changes commit at its time, as a window's app turn does
        }
        try scheduler.frame(at: t)
        return renderer.makeImage()
    }
}
