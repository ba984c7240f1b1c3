import ArgumentParser
import Foundation
import LaminaRandom
@_spi(LaminaInternal) import QuartzCore

/// `lamina bench eval`: the time to commit and evaluate one frame of 10,000 layers, each with three
/// running animations (a basic position animation, a keyframe opacity animation and a spring
/// transform.scale animation), single-threaded, on virtual time.
struct BenchEval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Median time to commit and evaluate one frame of 10,000 layers x 3 animations."
    )

    @Option(help: "Number of layers.") var layers = 10_000
    @Option(help: "Number of measured frames.") var frames = 200
    @Option(help: "Warm-up frames (not measured).") var warmup = 20
    @Option(help: "Animations per layer (0-3: position, opacity keyframes, spring scale).") var animations = 3

    func validate() throws {
        guard layers >= 1 else { throw ValidationError("--layers must be at least 1") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative") }
        guard (0...3).contains(animations) else { throw ValidationError("--animations must be 0, 1, 2 or 3") }
    }

    func run() throws {
        print(MachineDescription.current())
        print("# " + MachineLoad.line())
        CAMediaClock.manualTime = 1000
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
        var rng = SplitMix64(seed: 42)
        func rnd() -> Double { rng.unit() }
        for i in 0..<layers {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            l.position = CGPoint(x: rnd() * 1280, y: rnd() * 720)
            l.backgroundColor = CGColor(srgbRed: rnd(), green: rnd(), blue: rnd(), alpha: 1)
            root.addSublayer(l)
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: rnd() * 1280, y: rnd() * 720)
            move.toValue = CGPoint(x: rnd() * 1280, y: rnd() * 720)
            move.duration = 1 + rnd()
            move.repeatCount = .infinity
            move.autoreverses = true
            if animations >= 1 { l.add(move, forKey: "move") }
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1.0, 0.3, 0.8, 1.0]
            fade.keyTimes = [0, 0.3, 0.7, 1]
            fade.duration = 2
            fade.repeatCount = .infinity
            if animations >= 2 { l.add(fade, forKey: "fade") }
            let spring = CASpringAnimation(keyPath: "transform.scale")
            spring.fromValue = 0.5
            spring.toValue = 1.0
            spring.duration = spring.settlingDuration
            spring.repeatCount = .infinity
            spring.beginTime = Double(i % 7) * 0.01
            if animations >= 3 { l.add(spring, forKey: "pop") }
        }
        CATransaction.flush()
        var samples: [Double] = []
        var checksum = 0.0
        var snap = PresentationSnapshot(root: root, time: CACurrentMediaTime())
        for f in 0..<(warmup + frames) {
            CAMediaClock.manualTime = 1000 + Double(f) / 60
            let t0 = DispatchTime.now().uptimeNanoseconds
            CATransaction.flush()
            snap.update(root: root, time: CACurrentMediaTime())
            let t1 = DispatchTime.now().uptimeNanoseconds
            checksum += Double(snap.count)
            if f >= warmup { samples.append(Double(t1 - t0) / 1e6) }
        }
        samples.sort()
        let med = samples[samples.count / 2]
        print("name ms_med ms_min ms_max")
        print(String(format: "eval.%@_layers_x%d %.3f %.3f %.3f", layers % 1000 == 0 ? "\(layers / 1000)k" : "\(layers)", animations, med, samples.first!, samples.last!))
        if checksum < 0 { print(checksum) }
    }
}
