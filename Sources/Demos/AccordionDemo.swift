import Foundation
import QuartzCore

/// The accordion animation of article 003: panels A and B fold like bellows inside a
/// CATransformLayer, in perspective, while C slides right. The article's constraints hold at every
/// angle: A stays joined to C (A's left edge moves exactly as C's right edge), A stays joined to B
/// (they share their hinge in 3D), and B's right edge (the red line) stays put, because the folds
/// push only the shared hinge back in depth, never the outer edges. They hold on screen too: the
/// perspective's vanishing point is on B's fixed edge, so the hinge, pushed back, is drawn towards
/// that edge and A's projection never reaches over C (with the vanishing point at the page's centre,
/// the hinge was drawn left of A's own left edge near the end of the fold, and A covered part of C).
public final class AccordionDemo {
    /// The container (it holds the perspective in its sublayerTransform).
    public let root = CALayer()
    /// The sliding panel C.
    public let panelC = CALayer()
    /// The 3D space of A and B.
    public let foldLayer = CATransformLayer()
    /// Panel A, hinged at its left edge.
    public let panelA = CALayer()
    /// Panel B, hinged at its right edge (the fixed red line).
    public let panelB = CALayer()
    /// The red line marking B's fixed edge.
    public let redLine = CALayer()
    /// The page size.
    public let size: CGSize
    /// The width of A and of B.
    public var panelWidth: CGFloat { size.width / 4 }
    /// Whether the panels are folded.
    public var closed = false
    /// The largest fold angle (at progress 1).
    public let maxAngle: CGFloat = .pi / 2 * 0.92

    /// Builds the scene for a page of `size` points.
    public init(size: CGSize) {
        self.size = size
        let image = DemoArt.page(width: Int(size.width), height: Int(size.height), hue: 0.36, number: 3)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        // Perspective about B's fixed edge (x = width; sublayerTransform works about the centre).
        var p = CATransform3DIdentity
        p.m34 = -1 / 700
        let toEdge = size.width / 2
        root.sublayerTransform = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-toEdge, 0, 0), p),
                                                     CATransform3DMakeTranslation(toEdge, 0, 0))
        let w = panelWidth
        let cWidth = size.width - 2 * w
        panelC.contents = image
        panelC.contentsRect = CGRect(x: 0, y: 0, width: cWidth / size.width, height: 1)
        panelC.anchorPoint = CGPoint(x: 1, y: 0.5)
        panelC.bounds = CGRect(x: 0, y: 0, width: cWidth, height: size.height)
        foldLayer.bounds = CGRect(x: 0, y: 0, width: 2 * w, height: size.height)
        foldLayer.anchorPoint = CGPoint(x: 1, y: 0.5)
        foldLayer.position = CGPoint(x: size.width, y: size.height / 2)
        panelA.contents = image
        panelA.contentsRect = CGRect(x: cWidth / size.width, y: 0, width: w / size.width, height: 1)
        panelA.bounds = CGRect(x: 0, y: 0, width: w, height: size.height)
        panelA.anchorPoint = CGPoint(x: 0, y: 0.5)
        panelB.contents = image
        panelB.contentsRect = CGRect(x: (cWidth + w) / size.width, y: 0, width: w / size.width, height: 1)
        panelB.bounds = CGRect(x: 0, y: 0, width: w, height: size.height)
        panelB.anchorPoint = CGPoint(x: 1, y: 0.5)
        panelB.position = CGPoint(x: 2 * w, y: size.height / 2)
        redLine.backgroundColor = CGColor(srgbRed: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        redLine.bounds = CGRect(x: 0, y: 0, width: 3, height: size.height)
        redLine.position = CGPoint(x: size.width - 1.5, y: size.height / 2)
        foldLayer.addSublayer(panelA)
        foldLayer.addSublayer(panelB)
        root.addSublayer(panelC)
        root.addSublayer(foldLayer)
        root.addSublayer(redLine)
        CATransaction.commit()
        setProgress(0)
    }

    /// The pose at `progress` (0 flat, 1 folded): A's transform, A's position, B's transform and
    /// C's position.
    public func pose(_ progress: Double) -> (a: CATransform3D, aPosition: CGPoint, b: CATransform3D, cPosition: CGPoint) {
        let theta = maxAngle * CGFloat(min(max(progress, 0), 1))
        let w = panelWidth
        // A's hinge (left edge) sits where the two folded widths end, measured from B's fixed edge.
        let hingeX = 2 * w - 2 * w * cos(theta)
        return (CATransform3DMakeRotation(theta, 0, 1, 0), CGPoint(x: hingeX, y: size.height / 2),
                CATransform3DMakeRotation(-theta, 0, 1, 0),
                CGPoint(x: size.width - 2 * w * cos(theta), y: size.height / 2))
    }

    /// Sets the fold to `progress` at once.
    public func setProgress(_ progress: Double) {
        let p = pose(progress)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        panelA.transform = p.a
        panelA.position = p.aPosition
        panelB.transform = p.b
        panelC.position = p.cPosition
        CATransaction.commit()
    }

    /// Folds (or unfolds, with `closing` false) over `duration` seconds with keyframe animations
    /// sampled from `pose`, so every constraint holds at every frame, not just at keyframes' ends.
    public func animate(closing: Bool = true, duration: CFTimeInterval = 1.2, beginTime: CFTimeInterval = 0) {
        let n = 24
        let ps = (0...n).map { Double($0) / Double(n) }.map { closing ? $0 : 1 - $0 }
        func kf(_ key: String, _ values: [Any]) -> CAKeyframeAnimation {
            let a = CAKeyframeAnimation(keyPath: key)
            a.values = values
            a.duration = duration
            a.beginTime = beginTime
            return a
        }
        let poses = ps.map { pose($0) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        setProgress(closing ? 1 : 0)
        panelA.add(kf("transform", poses.map { NSValue(caTransform3D: $0.a) }), forKey: "fold")
        panelA.add(kf("position", poses.map { NSValue(point: $0.aPosition) }), forKey: "slide")
        panelB.add(kf("transform", poses.map { NSValue(caTransform3D: $0.b) }), forKey: "fold")
        panelC.add(kf("position", poses.map { NSValue(point: $0.cPosition) }), forKey: "slide")
        CATransaction.commit()
    }
}

extension AccordionDemo: Demo {
    public static let name = "accordion"
    public static let title = "Accordion: panels fold in perspective (article 003)"
    public var caption: String { "Swipe right (or click) to fold A and B like bellows while C slides; swipe left to open. The red edge never moves." }

    public func handle(_ event: DemoEvent) {
        switch event {
        case .swipe(.right), .mouseDown: if !closed { animate(closing: true); closed = true }
        case .swipe(.left): if closed { animate(closing: false); closed = false }
        default: break
        }
    }
}
