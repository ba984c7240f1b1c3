import XCTest
import Foundation
@testable import QuartzCore

/// Layers the app lets go of are freed with their animations, even ones that never end, and a
/// transaction waiting for such an animation completes.
final class AnimationLifetimeTests: LaminaTestCase {
    func testALayerWithAnEndlessAnimationIsFreedWhenReleased() {
        weak var gone: CALayer?
        do {
            let l = makeLayer()
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0; spin.toValue = Double.pi * 2; spin.duration = 1; spin.repeatCount = .infinity
            l.add(spin, forKey: "spin")
            CATransaction.flush()
            XCTAssertEqual(AnimationRuntime.shared.registeredCount, 1)
            gone = l
        }
        at(0.5)
        XCTAssertNil(gone, "freed with its endless animation")
        XCTAssertEqual(AnimationRuntime.shared.registeredCount, 0)
    }

    func testATransactionWaitingForAFreedLayersAnimationCompletes() {
        var completed = false
        do {
            let l = makeLayer()
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed = true }
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 100
            l.add(a, forKey: "fade")
            CATransaction.commit()
            CATransaction.flush()
        }
        at(0.1)
        XCTAssertTrue(completed, "the layer and its animation are gone: nothing is left to wait for")
    }

    func testManyDistinctDiagnosticsDoNotGrowWithoutBound() {
        LaminaDiagnostics.handler = nil
        defer { captureDiagnostics() }
        let saved = dup(2); let null = open("/dev/null", O_WRONLY); dup2(null, 2)
        for i in 0..<(LaminaDiagnostics.remembered * 2 + 10) { LaminaDiagnostics.report("distinct message \(i)") }
        dup2(saved, 2); close(null); close(saved)
        XCTAssertLessThanOrEqual(LaminaDiagnostics.rememberedCount, LaminaDiagnostics.remembered)
    }
}

/// Presentation copies do not keep each other, or the model tree, alive.
final class PresentationLifetimeTests: LaminaTestCase {
    func testAPresentationTreeWalkedDownAndUpIsFreedWithItsModel() {
        weak var model: CALayer?
        weak var copy: CALayer?
        do {
            let root = makeLayer()
            let child = CALayer()
            child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            root.addSublayer(child)
            CATransaction.flush()
            let pres = root.presentation()!
            let hit = pres.hitTest(CGPoint(x: 15, y: 15))     // builds the copy's sublayers
            XCTAssertTrue(hit?.model() === child)
            XCTAssertTrue(hit?.superlayer === pres, "a built child's superlayer is the copy that built it")
            model = root; copy = pres
        }
        CATransaction.flush()
        XCTAssertNil(copy, "no cycle between a presentation copy and its sublayers")
        XCTAssertNil(model)
    }

    func testAPresentationChildAlsoReachesItsParentOnItsOwn() {
        let root = makeLayer()
        let child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        let p = child.presentation()!
        XCTAssertTrue(p.superlayer?.model() === root, "made on demand and kept by the child")
        XCTAssertTrue(p.superlayer === p.superlayer)
    }
}
