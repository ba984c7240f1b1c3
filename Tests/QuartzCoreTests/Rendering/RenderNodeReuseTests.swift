import XCTest
@testable @_spi(LaminaInternal) import QuartzCore
import Compositor

/// RenderTreeBuilder keeps the nodes of unanimated layers from frame to frame: a kept builder must
/// build, after any change, the very tree a fresh builder builds, and a kept renderer must draw the
/// pixels a fresh renderer draws (1 and 3 threads).
final class RenderNodeReuseTests: LaminaTestCase {
    /// root (white) > container > [shape (filled, stroked path), plain (red background), gradient],
    /// plus a spinner whose animation keeps the frames changing. Nothing but the spinner is animated.
    struct Scene {
        let root = CALayer(), container = CALayer(), shape = CAShapeLayer(), plain = CALayer(), gradient = CAGradientLayer(), spinner = CALayer()
        init() {
            root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
            root.position = CGPoint(x: 32, y: 24)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            container.frame = CGRect(x: 4, y: 4, width: 56, height: 40)
            shape.frame = CGRect(x: 2, y: 2, width: 24, height: 20)
            shape.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 18, height: 14), transform: nil)
            shape.fillColor = CGColor(srgbRed: 0, green: 0.4, blue: 1, alpha: 1)
            shape.strokeColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            shape.lineWidth = 2
            plain.frame = CGRect(x: 30, y: 4, width: 12, height: 10)
            plain.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
            gradient.frame = CGRect(x: 30, y: 20, width: 22, height: 16)
            gradient.colors = [CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0.6, blue: 0, alpha: 1)]
            spinner.frame = CGRect(x: 50, y: 2, width: 6, height: 6)
            spinner.backgroundColor = CGColor(gray: 0, alpha: 1)
            container.addSublayer(shape)
            container.addSublayer(plain)
            container.addSublayer(gradient)
            root.addSublayer(container)
            root.addSublayer(spinner)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1; spin.repeatCount = .infinity
            spinner.add(spin, forKey: "spin")
        }
    }

    /// The changes made between two frames, each without implicit animations (the changed layer
    /// stays unanimated, so only the kept node's check can notice it).
    static var changes: [(String, (Scene) -> Void)] { [
        ("shape fillColor", { $0.shape.fillColor = CGColor(srgbRed: 0.2, green: 0.8, blue: 0.2, alpha: 1) }),
        ("shape path", { $0.shape.path = CGPath(rect: CGRect(x: 1, y: 1, width: 20, height: 12), transform: nil) }),
        ("shape lineWidth", { $0.shape.lineWidth = 5 }),
        ("plain backgroundColor", { $0.plain.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1) }),
        ("plain position", { $0.plain.position = CGPoint(x: 20, y: 30) }),
        ("gradient colors", { $0.gradient.colors = [CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)] }),
        // The children are unchanged; what their superlayer gives them changes.
        ("container sublayerTransform", { $0.container.sublayerTransform = CATransform3DMakeTranslation(5, -3, 0) }),
        ("container isGeometryFlipped", { $0.container.isGeometryFlipped = true }),
        ("container bounds origin", { $0.container.bounds.origin = CGPoint(x: 6, y: 2) }),
        ("plain hidden", { $0.plain.isHidden = true }),
        // The record now carries an animation (the node is made anew every frame from then on).
        ("shape animated", { s in
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.5; fade.toValue = 0.5; fade.duration = 10
            s.shape.add(fade, forKey: "fade")
        }),
    ] }

    static func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
        CATransaction.flush()
    }

    /// After each change, the kept builder's tree equals a fresh builder's, differs from the tree
    /// before the change, and the frame before the change reused the unchanged nodes.
    func testKeptBuilderBuildsWhatAFreshOneBuilds() {
        for (name, change) in RenderNodeReuseTests.changes {
            let scene = Scene()
            CATransaction.flush()
            let kept = RenderTreeBuilder()
            var t = t0
            _ = kept.build(PresentationSnapshot(root: scene.root, time: t))
            t += 1.0 / 60
            let before = kept.build(PresentationSnapshot(root: scene.root, time: t))
            // Root, container and its three children are unanimated and unchanged.
            XCTAssertEqual(kept.reusedNodes, 5, name)
            XCTAssertEqual(before, RenderTreeBuilder().build(PresentationSnapshot(root: scene.root, time: t)), name)
            RenderNodeReuseTests.withoutActions { change(scene) }
            t += 1.0 / 60
            let after = kept.build(PresentationSnapshot(root: scene.root, time: t))
            let fresh = RenderTreeBuilder().build(PresentationSnapshot(root: scene.root, time: t))
            XCTAssertEqual(after, fresh, "\(name): the kept builder's tree differs from a fresh builder's")
            // The change shows in the tree (the spinner moved too; the rest must differ as well).
            var unspun = after, unspunBefore = before
            for k in unspun.nodes.indices where unspun.nodes[k].id == fresh.nodes.last?.id { unspun.nodes[k].toParent = .identity }
            for k in unspunBefore.nodes.indices where unspunBefore.nodes[k].id == fresh.nodes.last?.id { unspunBefore.nodes[k].toParent = .identity }
            XCTAssertNotEqual(unspun, unspunBefore, "\(name): the change should change the tree")
        }
    }

    /// A renderer kept across a change draws what a fresh renderer draws, on 1 and 3 threads, both
    /// redrawing what changed and redrawing the whole frame.
    func testKeptRendererDrawsWhatAFreshOneDraws() {
        let size = CGSize(width: 64, height: 48)
        for threads in [1, 3] {
            for whole in [false, true] {
                for (name, change) in RenderNodeReuseTests.changes {
                    let scene = Scene()
                    CATransaction.flush()
                    let r = CARenderer(size: size, scale: 2)
                    r.threads = threads
                    r.layer = scene.root
                    var t = t0
                    for _ in 0..<2 {
                        t += 1.0 / 60
                        CAMediaClock.manualTime = t
                        if whole { r.addUpdate(CGRect(origin: .zero, size: size)) }
                        r.beginFrame(atTime: t); r.render(); r.endFrame()
                    }
                    let old = r.makeImage().premultipliedARGB
                    RenderNodeReuseTests.withoutActions { change(scene) }
                    t += 1.0 / 60
                    CAMediaClock.manualTime = t
                    if whole { r.addUpdate(CGRect(origin: .zero, size: size)) }
                    r.beginFrame(atTime: t); r.render(); r.endFrame()
                    let fresh = CARenderer(size: size, scale: 2)
                    fresh.threads = threads
                    fresh.layer = scene.root
                    fresh.beginFrame(atTime: t); fresh.render(); fresh.endFrame()
                    let a = r.makeImage().premultipliedARGB, b = fresh.makeImage().premultipliedARGB
                    let differing = zip(a, b).filter { $0 != $1 }.count
                    XCTAssertEqual(differing, 0, "\(name), \(threads) threads, whole \(whole): \(differing) pixels differ from a fresh renderer's")
                    // Outside the spinner (top right), the change itself shows.
                    let changed = zip(old, a).enumerated().filter { $0.element.0 != $0.element.1 && $0.offset % 128 < 96 }.count
                    XCTAssertGreaterThan(changed, 0, "\(name): the change should change the pixels")
                }
            }
        }
    }
}
