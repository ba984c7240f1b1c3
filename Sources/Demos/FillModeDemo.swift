import Foundation
import QuartzCore

/// Article 004's fill modes side by side: four layers get the same animation starting one second
/// after the click, with fillMode removed, forwards, backwards and both (and isRemovedOnCompletion
/// off, so the fill can show).
public final class FillModeDemo: Demo {
    public static let name = "fill-modes"
    public static let title = "fillMode: removed, forwards, backwards, both (article 004)"
    public let root = CALayer()
    /// One layer per fill mode, in the order of `modes`.
    public private(set) var layers: [CALayer] = []
    /// The modes shown.
    public static let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
    public let caption = "Click: each square slides right after a 1 s delay. Backwards/both jump to the start at once; forwards/both stay at the end."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        for (i, m) in FillModeDemo.modes.enumerated() {
            let y = 60 + CGFloat(i) * 110
            root.addSublayer(DemoKit.label(m.rawValue, origin: CGPoint(x: 30, y: y + 20), width: 140))
            let l = CALayer()
            l.frame = CGRect(x: 200, y: y, width: 60, height: 60)
            l.backgroundColor = DemoKit.color(0.3 + 0.15 * CGFloat(i), 0.5, 0.9 - 0.15 * CGFloat(i))
            l.cornerRadius = 8
            root.addSublayer(l)
            layers.append(l)
        }
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        start(at: CACurrentMediaTime() + 1)
    }

    /// The same delayed slide with each fill mode.
    public func start(at begin: CFTimeInterval) {
        for (l, m) in zip(layers, FillModeDemo.modes) {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 330.0
            a.toValue = 630.0
            a.duration = 2
            a.beginTime = l.convertTime(begin, from: nil)
            a.fillMode = m
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "slide")
        }
    }
}
