import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Animation specs read into CAAnimation objects property by property (scenes/README.md), with the
/// timing functions' control points as Apple documents them (linear 0,0,1,1; easeIn 0.42,0,1,1;
/// easeOut 0,0,0.58,1; easeInEaseOut 0.42,0,0.58,1; default 0.25,0.1,0.25,1) and each error.
final class SceneAnimationSpecTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    let layers = """
    layers:
      - {name: a, frame: [0, 0, 10, 10]}
      - {name: s, class: CAShapeLayer}
      - {name: t, class: CATextLayer}

    """

    func scene(_ animations: String) throws -> Scene { try Scene.parse(layers + "animations:\n" + animations, file: "a.yaml") }

    /// The animation on layer a (or `layer`) under `key` after loading one spec.
    func anim(_ spec: String, key: String, layer: String = "a") throws -> CAAnimation {
        let s = try scene("  - " + spec + "\n")
        return try XCTUnwrap(s.layers[layer]?.animation(forKey: key), "no animation \(key)")
    }

    func error(_ spec: String) -> SceneError? {
        do { _ = try scene("  - " + spec + "\n"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    func testTheTypeFollowsFromTheKeysAndTheKeyFromTheKeyPath() throws {
        XCTAssertTrue(type(of: try anim("{layer: a, keyPath: opacity, to: 0}", key: "opacity")) == CABasicAnimation.self)
        XCTAssertTrue(try anim("{layer: a, keyPath: opacity, values: [0, 1]}", key: "opacity") is CAKeyframeAnimation)
        XCTAssertTrue(try anim("{layer: a, keyPath: position, path: \"M 0 0 L 1 1\"}", key: "position") is CAKeyframeAnimation)
        XCTAssertTrue(try anim("{layer: a, animations: [{keyPath: opacity, to: 0}]}", key: "group") is CAAnimationGroup)
        XCTAssertTrue(try anim("{layer: a, type: spring, keyPath: position.x, to: 5}", key: "position.x") is CASpringAnimation)
        XCTAssertTrue(try anim("{layer: a, type: transition}", key: "transition") is CATransition)
        XCTAssertTrue(try anim("{layer: a, type: basic, keyPath: opacity, to: 0, key: fade}", key: "fade") is CABasicAnimation)
        XCTAssertTrue(try anim("{layer: a, type: group, key: g, animations: []}", key: "g") is CAAnimationGroup)
        let s = try scene("  - {layer: a, keyPath: opacity, to: 0, key: fade}\n  - {layer: s, keyPath: lineWidth, to: 3}\n")
        XCTAssertEqual(s.layers["a"]?.animationKeys(), ["fade"])
        XCTAssertEqual((s.layers["s"]?.animation(forKey: "lineWidth") as? CABasicAnimation)?.keyPath, "lineWidth")
        // The specs are kept by layer and key, as written (for reloads).
        XCTAssertEqual(Set(s.animationSpecs.keys), ["a", "s"])
        XCTAssertEqual(s.animationSpecs["a"].map { Array($0.keys) }, ["fade"])
        XCTAssertEqual(s.animationSpecs["s"].map { Array($0.keys) }, ["lineWidth"])
    }

    func testTypeLayerAndKeyPathErrors() {
        let cases: [(String, String)] = [
            ("{layer: a, type: grup}", "unknown animation type \"grup\"; did you mean \"group\"?; expected basic, keyframe, spring, group or transition"),
            ("{layer: a, type: [1]}", "unknown animation type \"?\"; expected basic, keyframe, spring, group or transition"),
            ("{layer: a, keyPath: opacity, to: 0, values: [1]}", "\"to\" does not belong in a keyframe animation"),
            ("{layer: a, type: group, animations: [], keyPath: opacity}", "\"keyPath\" does not belong in a group animation"),
            ("{layer: a, type: transition, additive: true}", "\"additive\" does not belong in a transition animation"),
            ("{layer: a, keyPath: opacity, too: 0}", "unknown key \"too\" in a basic animation; did you mean \"to\"?"),
            ("{keyPath: opacity, to: 0}", "an animation needs \"layer\": the name of a layer"),
            ("{layer: [a], keyPath: opacity}", "expected the name of a layer"),
            ("{layer: b, keyPath: opacity}", "no layer named \"b\"; did you mean \"a\"?"),
            ("{layer: a, to: 0}", "a basic animation needs \"keyPath\""),
            ("{layer: a, type: spring, to: 0}", "a spring animation needs \"keyPath\""),
            ("{layer: a, keyPath: [opacity], to: 0}", "a basic animation needs \"keyPath\""),
            ("{layer: a, keyPath: opacty, to: 0}", "\"opacty\" cannot be animated on a CALayer; did you mean \"opacity\"?"),
            ("{layer: a, keyPath: lineWidth, to: 0}", "\"lineWidth\" cannot be animated on a CALayer"),
            ("{layer: a, type: group, animations: 3}", "a group needs \"animations\": a list"),
            ("{layer: a, animations: [{layer: s, keyPath: opacity}]}", "an animation in a group animates the group's layer \"a\""),
            ("{layer: a, keyPath: opacity, additive: 1}", "expected true or false"),
            ("{layer: a, keyPath: opacity, cumulative: yes please}", "expected true or false"),
            ("3", "expected an animation (a mapping of keys to values)"),
        ]
        for (spec, message) in cases { XCTAssertEqual(error(spec)?.message, message, spec) }
        // Located: the key, the value or the whole spec as the message says (line 6 of the file).
        XCTAssertEqual(error("{layer: a, type: grup}")?.column, 22)
        XCTAssertEqual(error("{layer: a, keyPath: opacity, too: 0}")?.column, 34)
        XCTAssertEqual(error("{keyPath: opacity, to: 0}")?.column, 5)
        XCTAssertEqual(error("{layer: b, keyPath: opacity}")?.column, 13)
        XCTAssertEqual(error("{layer: b, keyPath: opacity}")?.line, 6)
        XCTAssertEqual(error("{layer: a, keyPath: opacty, to: 0}")?.column, 25)
    }

    func testValuesTakeTheTypeOfTheirProperty() throws {
        let o = try XCTUnwrap(try anim("{layer: a, keyPath: opacity, from: 1, to: 0.25, by: 0.5}", key: "opacity") as? CABasicAnimation)
        XCTAssertEqual(o.fromValue as? Double, 1); XCTAssertEqual(o.toValue as? Double, 0.25); XCTAssertEqual(o.byValue as? Double, 0.5)
        let p = try XCTUnwrap(try anim("{layer: a, keyPath: position, from: [1, 2], to: [3, 4]}", key: "position") as? CABasicAnimation)
        XCTAssertEqual((p.fromValue as? NSValue)?.pointValue, CGPoint(x: 1, y: 2))
        XCTAssertEqual((p.toValue as? NSValue)?.pointValue, CGPoint(x: 3, y: 4))
        XCTAssertNil(p.byValue)
        let b = try XCTUnwrap(try anim("{layer: a, keyPath: bounds, to: [1, 2, 3, 4]}", key: "bounds") as? CABasicAnimation)
        XCTAssertEqual((b.toValue as? NSValue)?.rectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        let z = try XCTUnwrap(try anim("{layer: a, keyPath: bounds.size, to: [5, 6]}", key: "bounds.size") as? CABasicAnimation)
        XCTAssertEqual((z.toValue as? NSValue)?.sizeValue, CGSize(width: 5, height: 6))
        let t = try XCTUnwrap(try anim("{layer: a, keyPath: transform, to: {translate: [7, 8]}}", key: "transform") as? CABasicAnimation)
        XCTAssertEqual((t.toValue as? NSValue)?.caTransform3DValue.m41, 7)
        XCTAssertEqual((t.toValue as? NSValue)?.caTransform3DValue.m42, 8)
        let c = try XCTUnwrap(try anim("{layer: a, keyPath: backgroundColor, to: \"#ff8000\"}", key: "backgroundColor") as? CABasicAnimation)
        let rgb = try XCTUnwrap((c.toValue as! CGColor).srgbComponents)
        XCTAssertEqual([rgb.red, rgb.green, rgb.blue, rgb.alpha], [1, 128 / 255.0, 0, 1])
        let x = try XCTUnwrap(try anim("{layer: a, keyPath: transform.rotation.z, to: 3.5}", key: "transform.rotation.z") as? CABasicAnimation)
        XCTAssertEqual(x.toValue as? Double, 3.5)
        XCTAssertEqual(error("{layer: a, keyPath: position, to: 3}")?.message, "expected a point [x, y]")
        XCTAssertEqual(error("{layer: a, keyPath: opacity, from: a}")?.message, "expected a number, got \"a\"")
    }

    func testTimingPropertiesAndTheStartDelay() throws {
        let a = try anim("""
        {layer: a, keyPath: opacity, to: 0, duration: 2.5, repeatCount: 3.5, speed: 0.5, timeOffset: 0.75,
             autoreverses: true, removedOnCompletion: false, fillMode: forwards, timingFunction: easeIn}
        """, key: "opacity")
        XCTAssertEqual(a.duration, 2.5); XCTAssertEqual(a.repeatCount, 3.5); XCTAssertEqual(a.speed, 0.5); XCTAssertEqual(a.timeOffset, 0.75)
        XCTAssertTrue(a.autoreverses); XCTAssertFalse(a.isRemovedOnCompletion); XCTAssertEqual(a.fillMode, .forwards)
        XCTAssertEqual(a.timingFunction, CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        let b = try anim("{layer: a, keyPath: opacity, to: 0, repeatDuration: 4, autoreverses: false, removedOnCompletion: true, fillMode: backwards}", key: "opacity")
        XCTAssertEqual(b.repeatDuration, 4); XCTAssertFalse(b.autoreverses); XCTAssertTrue(b.isRemovedOnCompletion); XCTAssertEqual(b.fillMode, .backwards)
        XCTAssertEqual(b.duration, 0, "left out: 0 (the 0.25 s default applies when it runs)")
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, fillMode: both}", key: "opacity").fillMode, .both)
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, fillMode: removed}", key: "opacity").fillMode, .removed)
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, repeatCount: infinity}", key: "opacity").repeatCount, .infinity)
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, repeatDuration: infinity}", key: "opacity").repeatDuration, .infinity)
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, duration: 0, repeatCount: 0}", key: "opacity").repeatCount, 0)
        let cases: [(String, String)] = [
            ("{layer: a, keyPath: opacity, duration: infinity}", "expected a number, got \"infinity\""),
            ("{layer: a, keyPath: opacity, duration: -0.5}", "duration must not be negative"),
            ("{layer: a, keyPath: opacity, repeatCount: -1}", "repeatCount must not be negative"),
            ("{layer: a, keyPath: opacity, repeatDuration: -2}", "repeatDuration must not be negative"),
            ("{layer: a, keyPath: opacity, speed: fast}", "expected a number, got \"fast\""),
            ("{layer: a, keyPath: opacity, timeOffset: later}", "expected a number, got \"later\""),
            ("{layer: a, keyPath: opacity, beginTime: soon}", "expected a number, got \"soon\""),
            ("{layer: a, keyPath: opacity, autoreverses: 2}", "expected true or false"),
            ("{layer: a, keyPath: opacity, removedOnCompletion: 2}", "expected true or false"),
            ("{layer: a, keyPath: opacity, fillMode: always}", "expected removed, forwards, backwards or both"),
        ]
        for (spec, message) in cases { XCTAssertEqual(error(spec)?.message, message, spec) }
        XCTAssertEqual(error("{layer: a, keyPath: opacity, duration: -0.5}")?.column, 44, "at the value")

        // beginTime delays the start from when the scene loads, in the layer's own time: loaded at
        // media time 5 on a layer of speed 2 (local time 10), a delay of 1 begins at local time 11.
        CAMediaClock.manualTime = 5
        let s = try Scene.parse("""
        layers: [{name: a, speed: 2}, {name: b}]
        animations:
          - {layer: a, keyPath: opacity, to: 0, beginTime: 1}
          - {layer: b, keyPath: opacity, to: 0, beginTime: 1.5}
        """)
        XCTAssertEqual(s.layers["a"]?.animation(forKey: "opacity")?.beginTime, 11)
        XCTAssertEqual(s.layers["b"]?.animation(forKey: "opacity")?.beginTime, 6.5)
    }

    func testTimingFunctionsByNameAndByControlPoints() throws {
        let named: [(String, [Float])] = [("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
                                          ("easeInEaseOut", [0.42, 0, 0.58, 1]), ("default", [0.25, 0.1, 0.25, 1])]
        for (name, c) in named {
            XCTAssertEqual(try anim("{layer: a, keyPath: opacity, timingFunction: \(name)}", key: "opacity").timingFunction,
                           CAMediaTimingFunction(controlPoints: c[0], c[1], c[2], c[3]), name)
        }
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, timingFunction: [0, -0.5, 1, 1.5]}", key: "opacity").timingFunction,
                       CAMediaTimingFunction(controlPoints: 0, -0.5, 1, 1.5), "y values may leave 0...1")
        XCTAssertEqual(try anim("{layer: a, keyPath: opacity, timingFunction: [0.1, 0.2, 0.3, 0.4]}", key: "opacity").timingFunction,
                       CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4))
        for bad in ["[-0.01, 0, 1, 1]", "[0, 0, 1.01, 1]", "[1.5, 0, 0.5, 1]", "[0, 0, -1, 1]"] {
            XCTAssertEqual(error("{layer: a, keyPath: opacity, timingFunction: \(bad)}")?.message, "control point x values must be in 0...1", bad)
        }
        XCTAssertEqual(error("{layer: a, keyPath: opacity, timingFunction: [0, 0, 1]}")?.message,
                       "expected four control point numbers [c1x, c1y, c2x, c2y], got 3 numbers")
        XCTAssertEqual(error("{layer: a, keyPath: opacity, timingFunction: easeInOut}")?.message,
                       "expected linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]")
    }

    func testKeyframeOptions() throws {
        let k = try XCTUnwrap(try anim("""
        {layer: a, keyPath: position.y, values: [0, 10, 30], keyTimes: [0, 0.25, 1], calculationMode: cubic,
             tensionValues: [1, 2, 3], continuityValues: [4, 5, 6], biasValues: [7, 8, 9], timingFunctions: [easeOut, linear],
             additive: true, cumulative: true}
        """, key: "position.y") as? CAKeyframeAnimation)
        XCTAssertEqual(k.values?.compactMap { $0 as? Double }, [0, 10, 30])
        XCTAssertEqual(k.keyTimes?.map(\.doubleValue), [0, 0.25, 1])
        XCTAssertEqual(k.calculationMode, .cubic)
        XCTAssertEqual(k.tensionValues?.map(\.doubleValue), [1, 2, 3])
        XCTAssertEqual(k.continuityValues?.map(\.doubleValue), [4, 5, 6])
        XCTAssertEqual(k.biasValues?.map(\.doubleValue), [7, 8, 9])
        XCTAssertEqual(k.timingFunctions ?? [], [CAMediaTimingFunction(controlPoints: 0, 0, 0.58, 1), CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)])
        XCTAssertTrue(k.isAdditive); XCTAssertTrue(k.isCumulative)
        let plain = try XCTUnwrap(try anim("{layer: a, keyPath: opacity, values: [1, 0], additive: false, cumulative: false}", key: "opacity") as? CAKeyframeAnimation)
        XCTAssertFalse(plain.isAdditive); XCTAssertFalse(plain.isCumulative)
        XCTAssertNil(plain.keyTimes); XCTAssertNil(plain.tensionValues); XCTAssertNil(plain.continuityValues); XCTAssertNil(plain.biasValues)
        XCTAssertEqual(plain.calculationMode, .linear)
        for mode in ["linear", "discrete", "paced", "cubicPaced"] {
            XCTAssertEqual((try anim("{layer: a, keyPath: opacity, values: [1, 0], calculationMode: \(mode)}", key: "opacity") as? CAKeyframeAnimation)?.calculationMode,
                           CAAnimationCalculationMode(rawValue: mode))
        }
        XCTAssertEqual(try XCTUnwrap(try anim("{layer: a, keyPath: opacity, values: [1, 0.5, 0], keyTimes: [0, 0, 1]}", key: "opacity") as? CAKeyframeAnimation).keyTimes?.map(\.doubleValue),
                       [0, 0, 1], "equal neighbours rise (not strictly)")
        let p = try XCTUnwrap(try anim("{layer: a, keyPath: position, path: \"M 1 2 L 3 4\", rotationMode: auto}", key: "position") as? CAKeyframeAnimation)
        XCTAssertEqual(p.path?.commands, [.move(to: CGPoint(x: 1, y: 2)), .addLine(to: CGPoint(x: 3, y: 4))])
        XCTAssertEqual(p.rotationMode, .rotateAuto)
        XCTAssertEqual((try anim("{layer: a, keyPath: position, path: \"M 1 2\", rotationMode: autoReverse}", key: "position") as? CAKeyframeAnimation)?.rotationMode, .rotateAutoReverse)
        XCTAssertNil((try anim("{layer: a, keyPath: position, path: \"M 1 2\"}", key: "position") as? CAKeyframeAnimation)?.rotationMode)
        let cases: [(String, String)] = [
            ("{layer: a, keyPath: opacity, path: \"M 0 0\"}", "a path animates a point property (position), not opacity"),
            ("{layer: a, keyPath: position, path: \"M 0 0\", rotationMode: spin}", "expected auto or autoReverse"),
            ("{layer: a, type: keyframe, keyPath: opacity}", "a keyframe animation needs \"values\" (a list) or \"path\""),
            ("{layer: a, keyPath: opacity, values: 3}", "a keyframe animation needs \"values\" (a list) or \"path\""),
            ("{layer: a, keyPath: opacity, values: [1, 0], keyTimes: [0, 0.5, 1]}", "expected 2 keyTimes, one per value, got 3 numbers"),
            ("{layer: a, keyPath: opacity, values: [1, 0], keyTimes: [0.5, 0.25]}", "keyTimes must rise from 0 to 1"),
            ("{layer: a, keyPath: opacity, values: [1, 0], keyTimes: [-0.1, 1]}", "keyTimes must rise from 0 to 1"),
            ("{layer: a, keyPath: opacity, values: [1, 0], keyTimes: [0, 1.1]}", "keyTimes must rise from 0 to 1"),
            ("{layer: a, keyPath: opacity, values: [1, 0], tensionValues: [1]}", "expected 2 tension values, one per value, got 1 numbers"),
            ("{layer: a, keyPath: opacity, values: [1, 0], continuityValues: [1, 2, 3]}", "expected 2 continuity values, one per value, got 3 numbers"),
            ("{layer: a, keyPath: opacity, values: [1, 0], biasValues: []}", "expected 2 bias values, one per value, got 0 numbers"),
            ("{layer: a, keyPath: opacity, values: [1, 0], timingFunctions: linear}", "expected a list of timing functions, one per keyframe interval"),
            ("{layer: a, keyPath: opacity, values: [1, 0], calculationMode: smooth}", "expected linear, discrete, paced, cubic or cubicPaced"),
            ("{layer: a, keyPath: opacity, values: [1, x]}", "expected a number, got \"x\""),
        ]
        for (spec, message) in cases { XCTAssertEqual(error(spec)?.message, message, spec) }
    }

    func testGroupsTransitionsAndSprings() throws {
        let g = try XCTUnwrap(try anim("""
        {layer: a, duration: 3, animations: [{keyPath: opacity, to: 0, beginTime: 1.5}, {layer: a, keyPath: position.x, to: 4}]}
        """, key: "group") as? CAAnimationGroup)
        XCTAssertEqual(g.duration, 3)
        XCTAssertEqual(g.animations?.count, 2)
        XCTAssertEqual(g.animations?.first?.beginTime, 1.5, "a member's beginTime counts from the group's start")
        XCTAssertEqual(g.animations?.last?.beginTime, 0)
        XCTAssertEqual((g.animations?.last as? CABasicAnimation)?.keyPath, "position.x")

        let t = try XCTUnwrap(try anim("{layer: a, type: transition, transitionType: moveIn, subtype: fromTop, startProgress: 0.25, endProgress: 0.75}",
                                       key: "transition") as? CATransition)
        XCTAssertEqual(t.type, .moveIn); XCTAssertEqual(t.subtype, .fromTop); XCTAssertEqual(t.startProgress, 0.25); XCTAssertEqual(t.endProgress, 0.75)
        for (type, want) in [("fade", CATransitionType.fade), ("push", .push), ("reveal", .reveal)] {
            XCTAssertEqual((try anim("{layer: a, type: transition, transitionType: \(type)}", key: "transition") as? CATransition)?.type, want)
        }
        for (sub, want) in [("fromLeft", CATransitionSubtype.fromLeft), ("fromRight", .fromRight), ("fromBottom", .fromBottom)] {
            XCTAssertEqual((try anim("{layer: a, type: transition, subtype: \(sub)}", key: "transition") as? CATransition)?.subtype, want)
        }
        let ends = try XCTUnwrap(try anim("{layer: a, type: transition, startProgress: 0, endProgress: 1}", key: "transition") as? CATransition)
        XCTAssertEqual(ends.startProgress, 0); XCTAssertEqual(ends.endProgress, 1)
        let cases: [(String, String)] = [
            ("{layer: a, type: transition, transitionType: slide}", "expected fade, moveIn, push or reveal"),
            ("{layer: a, type: transition, subtype: fromAbove}", "expected fromLeft, fromRight, fromTop or fromBottom"),
            ("{layer: a, type: transition, startProgress: -0.1}", "expected a number in 0...1"),
            ("{layer: a, type: transition, endProgress: 1.1}", "expected a number in 0...1"),
            ("{layer: a, type: transition, endProgress: x}", "expected a number, got \"x\""),
            ("{layer: a, type: spring, keyPath: opacity, mass: 0}", "mass must be greater than 0 (and at most 1e6), got 0"),
            ("{layer: a, type: spring, keyPath: opacity, stiffness: 1000001}", "stiffness must be greater than 0 (and at most 1e6), got 1000001"),
            ("{layer: a, type: spring, keyPath: opacity, damping: -1}", "damping must be 0 or more (and at most 1e6), got -1"),
            ("{layer: a, type: spring, keyPath: opacity, initialVelocity: -1000001}", "initialVelocity must be between -1e6 and 1e6, got -1000001"),
            ("{layer: a, type: spring, keyPath: opacity, mass: heavy}", "mass must be greater than 0 (and at most 1e6), got \"heavy\""),
        ]
        for (spec, message) in cases { XCTAssertEqual(error(spec)?.message, message, spec) }
        // Each parameter reaches its property; the duration is the spring's settling duration.
        let s = try XCTUnwrap(try anim("{layer: a, type: spring, keyPath: position.x, from: 0, to: 100, mass: 2, stiffness: 50, damping: 0.5, initialVelocity: -3}",
                                       key: "position.x") as? CASpringAnimation)
        XCTAssertEqual(s.mass, 2); XCTAssertEqual(s.stiffness, 50); XCTAssertEqual(s.damping, 0.5); XCTAssertEqual(s.initialVelocity, -3)
        XCTAssertEqual(s.duration, s.settlingDuration)
        XCTAssertGreaterThan(s.duration, 0)
        let edges = try XCTUnwrap(try anim("{layer: a, type: spring, keyPath: position.x, to: 1, mass: 1000000, stiffness: 1000000, damping: 0, initialVelocity: 1000000}",
                                           key: "position.x") as? CASpringAnimation)
        XCTAssertEqual(edges.mass, 1e6); XCTAssertEqual(edges.stiffness, 1e6); XCTAssertEqual(edges.damping, 0); XCTAssertEqual(edges.initialVelocity, 1e6)
        // A spring left to its defaults settles in the time Apple's default spring takes (duration
        // set from it, not left at 0).
        let d = try XCTUnwrap(try anim("{layer: a, type: spring, keyPath: position.x, to: 1}", key: "position.x") as? CASpringAnimation)
        XCTAssertEqual(d.mass, 1); XCTAssertEqual(d.stiffness, 100); XCTAssertEqual(d.damping, 10); XCTAssertEqual(d.initialVelocity, 0)
        XCTAssertEqual(d.duration, CASpringAnimation().settlingDuration)
    }
}
