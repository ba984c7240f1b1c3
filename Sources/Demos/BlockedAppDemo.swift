import Foundation
import QuartzCore

/// The render thread at work: a button blocks the app thread for one second (as a slow handler
/// would) while a running animation keeps moving at full rate, as on iOS where the render server is
/// another process. The counter, updated by the app thread, stops for that second.
public final class BlockedAppDemo: Demo {
    public static let name = "blocked-app"
    public static let title = "The app thread blocks, the animation keeps moving"
    public let root = CALayer()
    /// The spinning layer (animated by the render thread).
    public let spinner = CALayer()
    /// The button.
    public let button: CALayer
    private let counter: CATextLayer
    private var ticks = 0
    /// What the button does on the app thread: by default it sleeps one second, as a slow handler
    /// would. Tests replace it with a wait for a number of presented frames, so that they count
    /// frames instead of depending on how fast the machine renders.
    public var block: () -> Void = { usleep(1_000_000) }
    public let caption = "Click \u{201C}Block 1 s\u{201D}: the app thread sleeps a second; the square keeps spinning (render thread), the tick counter (app thread) stops."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        spinner.frame = CGRect(x: size.width / 2 - 60, y: size.height / 2 - 150, width: 120, height: 120)
        spinner.backgroundColor = DemoKit.color(0.3, 0.75, 0.5)
        spinner.cornerRadius = 12
        DemoKit.addSpin(to: spinner, duration: 2)
        root.addSublayer(spinner)
        button = DemoKit.button("Block 1 s", frame: CGRect(x: size.width / 2 - 80, y: size.height / 2 + 30, width: 160, height: 40))
        root.addSublayer(button)
        counter = DemoKit.label("app ticks: 0", origin: CGPoint(x: size.width / 2 - 100, y: size.height / 2 + 90), width: 200, alignment: .center)
        root.addSublayer(counter)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event, let hit = DemoKit.hitTest(root, p), hit === button || hit.superlayer === button else { return }
        block()
    }

    public func tick(_ time: CFTimeInterval) {
        ticks += 1
        if ticks % 10 == 0 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            counter.string = "app ticks: \(ticks)"
            CATransaction.commit()
        }
    }
}
