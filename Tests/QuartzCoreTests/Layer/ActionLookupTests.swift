import XCTest
@testable import QuartzCore

/// A delegate whose action(for:forKey:) answer is configurable.
final class ActionDelegate: NSObject, CALayerDelegate {
    var answer: CAAction?
    var asked: [String] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? { asked.append(event); return answer }
}

/// A layer class whose defaultAction(forKey:) answer is configurable.
final class DefaultActionLayer: CALayer {
    nonisolated(unsafe) static var answer: CAAction?
    override class func defaultAction(forKey event: String) -> CAAction? { answer }
}

final class ActionLookupTests: LaminaTestCase {
    enum Step: CaseIterable { case none, null, action }

    /// Every combination of the four lookup steps answering nothing, NSNull or an action:
    /// the first step that answers decides; NSNull means no action; no answer at all gives the
    /// implicit CABasicAnimation.
    func testExhaustiveLookupOrder() {
        var cases = 0
        for d in Step.allCases { for a in Step.allCases { for s in Step.allCases { for def in Step.allCases {
            let layer = DefaultActionLayer()
            CATransaction.flush()
            let delegate = ActionDelegate()
            let actions = (delegate: RecordingAction("delegate"), actions: RecordingAction("actions"),
                           style: RecordingAction("style"), def: RecordingAction("default"))
            func answer(_ step: Step, _ act: CAAction) -> CAAction? {
                switch step { case .none: return nil; case .null: return NSNull(); case .action: return act }
            }
            delegate.answer = answer(d, actions.delegate)
            layer.delegate = delegate
            if let x = answer(a, actions.actions) { layer.actions = ["opacity": x] }
            if let x = answer(s, actions.style) { layer.style = ["actions": ["opacity": x]] }
            DefaultActionLayer.answer = answer(def, actions.def)
            let result = layer.action(forKey: "opacity")
            let steps: [(Step, RecordingAction)] = [(d, actions.delegate), (a, actions.actions), (s, actions.style), (def, actions.def)]
            let label = "delegate=\(d) actions=\(a) style=\(s) default=\(def)"
            if let first = steps.first(where: { $0.0 != .none }) {
                if first.0 == .null {
                    XCTAssertNil(result, label)
                } else {
                    XCTAssert((result as? RecordingAction) === first.1, label)
                }
            } else {
                let basic = result as? CABasicAnimation
                XCTAssertNotNil(basic, label)
                XCTAssertEqual(basic?.keyPath, "opacity", label)
                XCTAssertEqual(basic?.fromValue as? Float, 1, label)
            }
            cases += 1
        } } } }
        DefaultActionLayer.answer = nil
        XCTAssertEqual(cases, 81)
    }

    func testActionRunsBeforeTheValueIsStored() {
        // Article 000 section 5.1.1: when add(_:forKey:) is called the model still has the old value.
        final class InspectionLayer: CALayer {
            var seen: [(String, CGFloat, Any?)] = []
            override func add(_ anim: CAAnimation, forKey key: String?) {
                seen.append((key ?? "", position.x, (anim as? CABasicAnimation)?.fromValue))
                super.add(anim, forKey: key)
            }
        }
        let l = InspectionLayer()
        l.position = CGPoint(x: 10, y: 10)
        CATransaction.flush()
        l.position = CGPoint(x: 200, y: 10)
        XCTAssertEqual(l.seen.count, 1)
        XCTAssertEqual(l.seen.first?.0, "position")
        XCTAssertEqual(l.seen.first?.1, 10, "the model value is still the old one")
        XCTAssertEqual(l.seen.first?.2 as? CGPoint, CGPoint(x: 10, y: 10), "fromValue is the old presentation value")
        XCTAssertEqual(l.position.x, 200)
    }

    func testDelegateNSNullDisablesImplicitAnimation() {
        let l = makeLayer()
        let d = ActionDelegate()
        d.answer = NSNull()
        l.delegate = d
        l.opacity = 0
        XCTAssertNil(l.animationKeys())
        XCTAssertEqual(d.asked, ["opacity"])
    }

    func testActionsDictionaryTransitionIsUsedForBackgroundColor() {
        // Article 000 section 3.5: a push transition as the backgroundColor action.
        let l = makeLayer()
        let t = CATransition()
        t.type = .push
        t.subtype = .fromLeft
        l.actions = ["backgroundColor": t]
        l.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        XCTAssertEqual(l.animationKeys(), ["transition"])
        CATransaction.flush()
        at(0.1)
        let tr = l.presentationState(at: CACurrentMediaTime()).transition
        XCTAssertEqual(tr?.type, .push)
        XCTAssertEqual(tr?.subtype, .fromLeft)
        XCTAssertClose(tr?.progress, 0.4, 1e-9)
        XCTAssertNil(tr?.from.state.backgroundColor, "the snapshot shows the old look")
    }

    func testNoImplicitAnimationBeforeFirstCommit() {
        let l = CALayer()
        l.opacity = 0.5
        XCTAssertNil(l.animationKeys())
    }

    func testImplicitAnimationUsesTransactionDurationAndTiming() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.opacity = 0
        CATransaction.commit()
        let a = l.animation(forKey: "opacity") as? CABasicAnimation
        XCTAssertEqual(a?.duration, 2)
        XCTAssertEqual(a?.timingFunction, CAMediaTimingFunction(name: .linear))
        at(1)
        XCTAssertClose(Double(l.presentation()!.opacity), 0.5, 1e-6)
        at(2)
        XCTAssertEqual(l.presentation()?.opacity, 0)
        XCTAssertNil(l.animationKeys(), "removed on completion")
    }

    func testImplicitAnimationDefaultsToDefaultTiming() {
        let l = makeLayer()
        l.opacity = 0
        XCTAssertEqual(l.animation(forKey: "opacity")?.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(l.animation(forKey: "opacity")?.duration, 0.25)
    }

    func testRetargetStartsFromCurrentPresentationValue() {
        let l = makeLayer()
        CATransaction.begin(); CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.position = CGPoint(x: 150, y: 50)
        CATransaction.commit()
        at(0.5)
        l.position = CGPoint(x: 0, y: 50)
        let a = l.animation(forKey: "position") as? CABasicAnimation
        XCTAssertClose(a?.fromValue as? CGPoint, CGPoint(x: 100, y: 50), 1e-9)
    }

    func testOrderInActionRunsWhenAddedToCommittedTree() {
        let parent = makeLayer()
        let child = CALayer()
        let action = RecordingAction("in")
        child.actions = [kCAOnOrderIn: action]
        parent.addSublayer(child)
        XCTAssertEqual(action.runs, [kCAOnOrderIn])
    }
}
