import Foundation
import QuartzCore

/// Snow from a CAEmitterLayer: flakes born along a line above the top edge drift down, sway,
/// spin and fade. A click turns a blizzard on or off by setting `emitterCells.flake.birthRate`
/// through the layer (an implicit animation of a cell's key path).
public final class SnowDemo: Demo {
    public static let name = "snow"
    public static let title = "Snow: CAEmitterLayer and a cell's key path"
    public let root = CALayer()
    /// The emitter.
    public let emitter = CAEmitterLayer()
    public let caption = "Click: blizzard on or off (emitterCells.flake.birthRate 16 ↔ 64, animated). Particles are a function of time and seed."

    /// A soft white flake: a disc whose alpha falls off towards the rim (premultiplied).
    static let flake: CGImage = {
        let n = 16
        var px = [UInt32](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let d = hypot(Double(x) + 0.5 - Double(n) / 2, Double(y) + 0.5 - Double(n) / 2) / (Double(n) / 2)
                let a = UInt32(max(0, min(1, 1.3 - 1.3 * d * d)) * 255)
                px[y * n + x] = a << 24 | a << 16 | a << 8 | a
            }
        }
        return CGImage(width: n, height: n, premultipliedARGB: px)
    }()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        root.backgroundColor = DemoKit.color(0.10, 0.14, 0.24)
        emitter.frame = root.bounds
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: -10)
        emitter.emitterSize = CGSize(width: size.width * 1.2, height: 0)
        emitter.seed = 2026
        let cell = CAEmitterCell()
        cell.name = "flake"
        cell.contents = SnowDemo.flake
        cell.birthRate = 16
        cell.lifetime = 14
        cell.velocity = 40
        cell.velocityRange = 15
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = .pi / 6
        cell.xAcceleration = -3
        cell.yAcceleration = 4
        cell.scale = 0.7
        cell.scaleRange = 0.35
        cell.spin = 0.4
        cell.spinRange = 1.2
        cell.alphaRange = 0.3
        cell.alphaSpeed = -0.05
        cell.color = DemoKit.color(0.92, 0.96, 1)
        emitter.emitterCells = [cell]
        // Started eight seconds ago: the sky is already full (any time is as cheap to draw).
        emitter.beginTime = CACurrentMediaTime() - 8
        root.addSublayer(emitter)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        toggle()
    }

    /// Blizzard on or off.
    public func toggle() {
        let rate = (emitter.value(forKeyPath: "emitterCells.flake.birthRate") as? CGFloat) ?? 16
        emitter.setValue(rate > 32 ? 16 : 64, forKeyPath: "emitterCells.flake.birthRate")
    }
}
