import Foundation
import LaminaRandom
import QuartzCore

/// Hundreds of animated layers: each orbits with its own period, turns and pulses, so every frame
/// redraws most of the window. The window's frame timings show whether frames keep up.
public final class StressDemo: Demo {
    public static let name = "stress"
    public static let title = "Stress: 400 animated layers"
    public let root = CALayer()
    /// The number of layers.
    public let count: Int
    public let caption = "400 layers, each with its own orbit, turn and pulse (keyframe, basic and repeating animations)."

    public init(size: CGSize) {
        count = 400
        root.bounds = CGRect(origin: .zero, size: size)
        var rng = SplitMix64(seed: 7)  // LaminaRandom's generator: the same picture every run
        for i in 0..<count {
            let l = CALayer()
            let s = CGFloat(Double.random(in: 10...34, using: &rng))
            l.bounds = CGRect(x: 0, y: 0, width: s, height: s)
            l.cornerRadius = CGFloat(Double.random(in: 0...0.5, using: &rng)) * s
            l.backgroundColor = DemoKit.randomColor(using: &rng)
            l.opacity = Float.random(in: 0.6...1, using: &rng)
            let cx = Double.random(in: 40...(Double(size.width) - 40), using: &rng), cy = Double.random(in: 40...(Double(size.height) - 40), using: &rng)
            l.position = CGPoint(x: cx, y: cy)
            root.addSublayer(l)
            let r = Double.random(in: 10...60, using: &rng)
            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path = CGPath(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), transform: nil)
            orbit.duration = Double.random(in: 1.5...5, using: &rng)
            orbit.repeatCount = .infinity
            orbit.calculationMode = .paced
            l.add(orbit, forKey: "orbit")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0.0
            turn.toValue = (i % 2 == 0 ? 1.0 : -1.0) * 2 * Double.pi
            turn.duration = Double.random(in: 1...4, using: &rng)
            turn.repeatCount = .infinity
            l.add(turn, forKey: "turn")
            let pulse = CABasicAnimation(keyPath: "opacity")
            pulse.fromValue = 1.0
            pulse.toValue = 0.4
            pulse.duration = Double.random(in: 0.5...2, using: &rng)
            pulse.autoreverses = true
            pulse.repeatCount = .infinity
            l.add(pulse, forKey: "pulse")
        }
    }

    public func handle(_ event: DemoEvent) {}
}
