import Foundation
import QuartzCore

/// One scenario of the headless tour: builds layers, animates them, and reports presentation values.
struct TourScenario: Sendable {
    let title: String
    let run: @Sendable (_ say: @escaping (String) -> Void) -> Void

    static func fmt(_ v: CGFloat) -> String { String(format: "%.1f", Double(v)) }
    static func fmt(_ p: CGPoint) -> String { "(\(fmt(p.x)), \(fmt(p.y)))" }
    static func fmt(_ c: CGColor?) -> String {
        guard let c else { return "nil" }
        let s = c.srgbComponents
        return String(format: "rgba(%.2f, %.2f, %.2f, %.2f)", Double(s.red), Double(s.green), Double(s.blue), Double(s.alpha))
    }

    /// Moves virtual time through a frame scheduler (what is due on the way runs at its time) and
    /// calls `report` at each sample time, after the frame's app side there.
    static func sample(_ times: [Double], _ report: (Double) -> Void) {
        let start = CACurrentMediaTime()
        let scheduler = FrameScheduler(clock: .virtual, start: start)
        for t in times {
            if start + t > scheduler.time { scheduler.advance(to: start + t) }
            try? scheduler.frame()
            report(t)
        }
    }

    static let all: [TourScenario] = [
        TourScenario(title: "Implicit animation (article 000, listing 7.1): a standalone layer's colour changes smoothly") { say in
            let layer = CALayer()
            layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            layer.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.flush()
            layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            sample([0, 0.125, 0.25]) { t in say("t=\(t)s  presentation backgroundColor = \(fmt(layer.presentation()?.backgroundColor))") }
        },
        TourScenario(title: "A 1-second transaction with a completion block that rotates the layer (7.2, 2.3)") { say in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            let start = CACurrentMediaTime()
            CATransaction.setCompletionBlock {
                say("completion block ran at t=\(CACurrentMediaTime() - start)s; rotating by 90 degrees in 0.25 s")
                layer.setAffineTransform(layer.affineTransform().rotated(by: .pi / 2))
            }
            layer.opacity = 0.2
            CATransaction.commit()
            sample([0, 0.5, 1.0, 1.125, 1.25]) { t in
                let p = layer.presentation()
                say("t=\(t)s  opacity = \(String(format: "%.2f", p?.opacity ?? -1))  rotation.z = \(String(format: "%.3f", (p?.value(forKeyPath: "transform.rotation.z") as? CGFloat) ?? 0))")
            }
        },
        TourScenario(title: "The bounce path (article 001, listing 3-3) over 5 seconds") { say in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.position = CGPoint(x: 74, y: 74)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 74, y: 74))
            path.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
            path.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
            let anim = CAKeyframeAnimation(keyPath: "position")
            anim.path = path
            anim.duration = 5
            CATransaction.flush()
            layer.add(anim, forKey: "position")
            sample([0, 1.25, 2.5, 3.75, 4.99, 5]) { t in say("t=\(t)s  position = \(fmt(layer.presentation()?.position ?? .zero))\(t == 5 ? "  (finished and removed: the model value)" : "")") }
        },
        TourScenario(title: "Pause and resume a layer's time (article 004)") { say in
            let layer = CALayer()
            CATransaction.flush()
            let anim = CABasicAnimation(keyPath: "position.x")
            anim.fromValue = 0
            anim.toValue = 100
            anim.duration = 10
            layer.add(anim, forKey: "move")
            let start = CACurrentMediaTime()
            CATransaction.flush()
            CAMediaClock.manualTime = start + 3
            let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = pausedTime
            CATransaction.flush()
            say("paused at t=3s: position.x = \(fmt(layer.presentation()?.position.x ?? -1))")
            CAMediaClock.manualTime = start + 8
            CATransaction.flush()
            say("still paused at t=8s: position.x = \(fmt(layer.presentation()?.position.x ?? -1))")
            let paused = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
            CATransaction.flush()
            CAMediaClock.manualTime = start + 9
            CATransaction.flush()
            say("resumed at t=8s, now t=9s: position.x = \(fmt(layer.presentation()?.position.x ?? -1)) (expected 40.0)")
        },
    ]
}
