import XCTest
@testable import QuartzCore

/// Action lookup, one step at a time. Apple (CALayer.action(forKey:)): the delegate's
/// action(for:forKey:), then the layer's `actions` dictionary, then the `style` dictionary's
/// "actions" entry and, recursively, the style's own "style" entry, then the class's
/// defaultAction(forKey:); an NSNull answer at any step stops the search with no action.
final class ActionLookupStyleTests: LaminaTestCase {
    func testStyleChainIsSearchedRecursively() {
        let l = makeLayer()
        let deep = RecordingAction("depth 3")
        l.style = ["style": ["style": ["actions": ["opacity": deep]]]]
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === deep, "found two style levels down")
        XCTAssertNil(l.action(forKey: "opacity.x") as? RecordingAction, "only under its own key")
    }

    /// Lamina follows a chain of "style" dictionaries 16 deep (the first dictionary and 15 more) and
    /// no further, so a runaway chain cannot stall every property change.
    func testStyleChainsAreFollowedSixteenDeep() {
        func chain(_ depth: Int, _ action: CAAction) -> [AnyHashable: Any] {
            var s: [AnyHashable: Any] = ["actions": ["myEvent": action]]
            for _ in 1..<depth { s = ["style": s] }
            return s
        }
        let l = makeLayer()
        let a = RecordingAction("deep")
        l.style = chain(16, a)
        XCTAssert(l.action(forKey: "myEvent") as? RecordingAction === a, "the sixteenth dictionary is searched")
        l.style = chain(17, a)
        XCTAssertNil(l.action(forKey: "myEvent"), "the seventeenth is not")
    }

    func testNearerStyleWinsOverDeeperStyle() {
        let l = makeLayer()
        let near = RecordingAction("near"), far = RecordingAction("far")
        l.style = ["actions": ["opacity": near], "style": ["actions": ["opacity": far, "position": far]]]
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === near)
        XCTAssert(l.action(forKey: "position") as? RecordingAction === far, "keys missing nearby are looked up deeper")
    }

    func testNSNullInAStyleStopsTheSearch() {
        let l = makeLayer()
        let far = RecordingAction("far")
        l.style = ["actions": ["opacity": NSNull()], "style": ["actions": ["opacity": far]]]
        XCTAssertNil(l.action(forKey: "opacity"), "NSNull stops the search: no deeper style, no implicit animation")
        // A deeper NSNull also stops it before defaultAction and the implicit animation.
        DefaultActionLayer.answer = RecordingAction("default")
        defer { DefaultActionLayer.answer = nil }
        let d = DefaultActionLayer()
        CATransaction.flush()
        d.style = ["style": ["style": ["actions": ["opacity": NSNull()]]]]
        XCTAssertNil(d.action(forKey: "opacity"))
    }

    func testStyleComesAfterActionsAndBeforeDefaultAction() {
        let styled = RecordingAction("style")
        let fromActions = RecordingAction("actions")
        DefaultActionLayer.answer = RecordingAction("default")
        defer { DefaultActionLayer.answer = nil }
        let l = DefaultActionLayer()
        CATransaction.flush()
        l.style = ["style": ["actions": ["opacity": styled]]]
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === styled, "the style chain before defaultAction")
        l.actions = ["opacity": fromActions]
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === fromActions, "actions before the style chain")
        let delegate = ActionDelegate()
        delegate.answer = RecordingAction("delegate")
        l.delegate = delegate
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === delegate.answer as? RecordingAction, "the delegate first")
        delegate.answer = nil
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === fromActions, "a delegate answering nil passes on")
        XCTAssertEqual(delegate.asked, ["opacity", "opacity"])
    }

    func testDefaultActionThenTheImplicitAnimation() {
        let l = DefaultActionLayer()
        CATransaction.flush()
        let def = RecordingAction("default")
        DefaultActionLayer.answer = def
        defer { DefaultActionLayer.answer = nil }
        XCTAssert(l.action(forKey: "opacity") as? RecordingAction === def)
        DefaultActionLayer.answer = NSNull()
        XCTAssertNil(l.action(forKey: "opacity"), "NSNull from defaultAction: no implicit animation")
        DefaultActionLayer.answer = nil
        let implicit = l.action(forKey: "opacity") as? CABasicAnimation
        XCTAssertEqual(implicit?.keyPath, "opacity")
        XCTAssertNil(l.action(forKey: "notAProperty"), "no implicit animation for a key that is not an animatable property")
    }

    /// Changing a property runs the action found in the style chain (and so adds no implicit animation).
    func testPropertyChangeRunsTheStyleChainAction() {
        let l = makeLayer()
        let act = RecordingAction("style")
        l.style = ["style": ["actions": ["opacity": act]]]
        l.opacity = 0.5
        XCTAssertEqual(act.runs, ["opacity"])
        XCTAssertNil(l.animationKeys(), "the style's action ran instead of the implicit animation")
        // An animation found in the style chain is added under the property's key.
        let fade = CABasicAnimation()
        fade.duration = 3
        l.style = ["style": ["style": ["actions": ["position": fade]]]]
        l.position = CGPoint(x: 10, y: 10)
        XCTAssertEqual(l.animationKeys(), ["position"])
        XCTAssertEqual(l.animation(forKey: "position")?.duration, 3)
    }
}
