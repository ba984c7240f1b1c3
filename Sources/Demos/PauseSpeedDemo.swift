import Foundation
import QuartzCore

/// Article 004: pausing and resuming a layer tree with the timeOffset/beginTime recipe, and speed
/// compounding through the hierarchy: a sublayer of speed 2 under a layer of speed 2 runs an
/// 8-second animation in 2 seconds.
public final class PauseSpeedDemo: Demo {
    public static let name = "pause-speed"
    public static let title = "Pause, resume and nested speed (article 004)"
    public let root = CALayer()
    /// The layer paused and resumed (with its spinning sublayer).
    public let pausable = CALayer()
    /// The outer layer of speed 2 and its sublayer of speed 2.
    public let outer = CALayer(), inner = CALayer()
    /// A reference layer at speed 1 running the same 8-second animation.
    public let reference = CALayer()
    public private(set) var paused = false
    public var caption: String { "Space pauses and resumes the left tree (article 004). Right: an 8 s slide at speed 2 \u{00D7} 2 takes 2 s; below, at speed 1." }

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        pausable.frame = CGRect(x: 60, y: size.height / 2 - 90, width: 180, height: 180)
        pausable.backgroundColor = DemoKit.color(0.25, 0.27, 0.32)
        pausable.cornerRadius = 12
        let spinner = CALayer()
        spinner.frame = CGRect(x: 40, y: 40, width: 100, height: 100)
        spinner.backgroundColor = DemoKit.color(0.3, 0.6, 0.95)
        pausable.addSublayer(spinner)
        root.addSublayer(pausable)
        DemoKit.addSpin(to: spinner, duration: 3)
        outer.frame = CGRect(x: 300, y: size.height / 2 - 90, width: max(200, size.width - 360), height: 80)
        outer.backgroundColor = DemoKit.color(0.2, 0.22, 0.26)
        outer.speed = 2
        inner.frame = CGRect(x: 0, y: 15, width: 50, height: 50)
        inner.backgroundColor = DemoKit.color(0.95, 0.6, 0.2)
        inner.speed = 2
        outer.addSublayer(inner)
        root.addSublayer(outer)
        reference.frame = CGRect(x: 300, y: size.height / 2 + 10, width: 50, height: 50)
        reference.backgroundColor = DemoKit.color(0.6, 0.6, 0.6)
        root.addSublayer(reference)
        root.addSublayer(DemoKit.label("speed 2 \u{00D7} 2", origin: CGPoint(x: 300, y: size.height / 2 - 120), width: 200))
        root.addSublayer(DemoKit.label("speed 1", origin: CGPoint(x: 300, y: size.height / 2 + 70), width: 200))
        slide()
    }

    /// The same 8-second slide on the nested layer and on the reference.
    public func slide() {
        let span = outer.bounds.width - 50
        for l in [inner, reference] {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 25.0 + (l === reference ? 300 : 0)
            a.toValue = 25.0 + span + (l === reference ? 300 : 0)
            a.duration = 8
            a.repeatCount = .infinity
            l.add(a, forKey: "slide")
        }
    }

    public func handle(_ event: DemoEvent) {
        guard case .key("Space") = event else { return }
        paused ? resumeLayer(pausable) : pauseLayer(pausable)
        paused.toggle()
    }

    /// Article 004: pause.
    public func pauseLayer(_ layer: CALayer) { DemoKit.pause(layer) }

    /// Article 004: resume.
    public func resumeLayer(_ layer: CALayer) { DemoKit.resume(layer) }
}
