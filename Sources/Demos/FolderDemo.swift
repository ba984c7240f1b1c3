import Foundation
import QuartzCore

/// The folder animation of article 003: the right half of the current page turns about the
/// vertical centre line, in perspective, and lands on the left showing the next page's left half.
/// Five layers, as the article builds it: the current page's left half and the next page's right
/// half stay put; a CATransformLayer turns, carrying a front face (current page, right half) and a
/// back face (next page, left half, turned 180 degrees), both single-sided.
public final class FolderDemo {
    /// The container of the whole scene.
    public let root = CALayer()
    /// The half that turns (article: animationLayer).
    public let rotateLayer = CATransformLayer()
    /// Its front face.
    public let frontLayer = CALayer()
    /// Its back face.
    public let backLayer = CALayer()
    /// The current page's left half (article: currentViewHalfLayer).
    public let leftLayer = CALayer()
    /// The next page's right half (article: nextViewHalfLayer).
    public let rightLayer = CALayer()
    /// Where the page lies in the root.
    public let pageRect: CGRect
    /// Whether the page has been folded over.
    public var folded = false
    /// Perspective of the turn: m34 = -1/distance.
    public let distance: CGFloat = 1000

    /// Builds the scene for a page of `size` points.
    public init(size: CGSize) {
        // The page sits inside a margin, so that the half turning toward the viewer can grow past
        // the page's edges in perspective and stay in view.
        let mx = (size.width * 0.1).rounded(), my = (size.height * 0.15).rounded()
        pageRect = CGRect(x: mx, y: my, width: size.width - 2 * mx, height: size.height - 2 * my)
        let page = pageRect
        let current = DemoArt.page(width: Int(page.width), height: Int(page.height), hue: 0.58, number: 1)
        let next = DemoArt.page(width: Int(page.width), height: Int(page.height), hue: 0.08, number: 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        let half = CGSize(width: page.width / 2, height: page.height)
        func face(_ l: CALayer, _ image: CGImage, right: Bool) {
            l.contents = image
            l.contentsRect = CGRect(x: right ? 0.5 : 0, y: 0, width: 0.5, height: 1)
            l.bounds = CGRect(origin: .zero, size: half)
        }
        face(leftLayer, current, right: false)
        leftLayer.position = CGPoint(x: page.minX + page.width / 4, y: page.midY)
        face(rightLayer, next, right: true)
        rightLayer.position = CGPoint(x: page.minX + page.width * 3 / 4, y: page.midY)
        rotateLayer.bounds = CGRect(origin: .zero, size: half)
        rotateLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
        rotateLayer.position = CGPoint(x: page.midX, y: page.midY)
        face(frontLayer, current, right: true)
        frontLayer.position = CGPoint(x: half.width / 2, y: half.height / 2)
        frontLayer.isDoubleSided = false
        face(backLayer, next, right: false)
        backLayer.position = CGPoint(x: half.width / 2, y: half.height / 2)
        backLayer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        backLayer.isDoubleSided = false
        rotateLayer.addSublayer(frontLayer)
        rotateLayer.addSublayer(backLayer)
        root.addSublayer(leftLayer)
        root.addSublayer(rightLayer)
        root.addSublayer(rotateLayer)
        rotateLayer.transform = pose(0)
        CATransaction.commit()
    }


    /// The turning layer's transform at `progress` (0: flat on the right, 1: landed on the left):
    /// a rotation about y by −π·progress, then the perspective m34 = −1/distance.
    public func pose(_ progress: Double) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1 / distance
        return CATransform3DConcat(CATransform3DMakeRotation(-CGFloat.pi * CGFloat(progress), 0, 1, 0), p)
    }

    /// Sets the turn to `progress` at once (no animation).
    public func setProgress(_ progress: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rotateLayer.transform = pose(progress)
        CATransaction.commit()
    }

    /// Adds the fold as a keyframe animation of `duration` seconds (keyframes every 22.5 degrees, so
    /// the turn always goes the same way round) and leaves the model at the end pose.
    @discardableResult
    public func fold(duration: CFTimeInterval = 1.2, beginTime: CFTimeInterval = 0) -> CAKeyframeAnimation {
        turn(from: 0, to: 1, duration: duration, beginTime: beginTime)
    }

    /// Turns the page back (the reverse of `fold`).
    @discardableResult
    public func unfold(duration: CFTimeInterval = 1.2, beginTime: CFTimeInterval = 0) -> CAKeyframeAnimation {
        turn(from: 1, to: 0, duration: duration, beginTime: beginTime)
    }

    private func turn(from p0: Double, to p1: Double, duration: CFTimeInterval, beginTime: CFTimeInterval) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "transform")
        a.values = (0...8).map { NSValue(caTransform3D: pose(p0 + (p1 - p0) * Double($0) / 8)) }
        a.duration = duration
        a.beginTime = beginTime
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        a.calculationMode = .linear
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rotateLayer.transform = pose(p1)
        rotateLayer.add(a, forKey: "fold")
        CATransaction.commit()
        return a
    }
}

extension FolderDemo: Demo {
    public static let name = "folder"
    public static let title = "Folder: a half page turns in perspective (article 003)"
    public var caption: String { "Swipe left (or click) to fold the page over the next one; swipe right to fold it back. Both faces of the turning half show." }

    public func handle(_ event: DemoEvent) {
        switch event {
        case .swipe(.left), .mouseDown: if !folded { fold(); folded = true }
        case .swipe(.right): if folded { unfold(); folded = false }
        default: break
        }
    }
}
