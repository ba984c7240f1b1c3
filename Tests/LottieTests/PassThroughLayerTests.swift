import XCTest
import Foundation
@testable import QuartzCore
@testable import Lottie

/// Layers the builder leaves out because they would hand their content on unchanged (a layer
/// fewer to evaluate and draw every frame, the same pixels): a group whose transform is the
/// identity, a Lottie layer's container when it never hides, and a precomposition's timing (kept
/// on its clip layer).
final class PassThroughLayerTests: LottieTestCase {
    /// A 100 × 100 composition of one layer "box" at (50, 50) shown from `ip`, holding a group with
    /// the transform `tr` (JSON) around a 20 × 20 red rectangle centred on its origin.
    private func box(group tr: String, ip: Int = 0) throws -> LottieAnimation {
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":\(ip),"op":10,"st":0,
         "ks":{"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr",\(tr)}]}]}]}
        """
        return try LottieAnimation.from(data: Data(json.utf8))
    }

    /// Every layer under `root` (itself included).
    private func layers(_ root: CALayer) -> [CALayer] {
        var out: [CALayer] = [], stack = [root]
        while let l = stack.popLast() { out.append(l); stack += l.sublayers ?? [] }
        return out
    }

    /// The one shape layer under `root`.
    private func shape(_ root: CALayer) -> CAShapeLayer? {
        let shapes = layers(root).compactMap { $0 as? CAShapeLayer }
        XCTAssertEqual(shapes.count, 1)
        return shapes.first
    }

    private let identity = #""p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#

    /// An identity group has no layer: the rectangle's layer is then the Lottie layer's only shape
    /// at the identity and takes the Lottie layer's transform itself (at (50, 50)); two layers fewer
    /// than with a group moved 3 points at half opacity (whose layer, at (3, 0), holds the shape,
    /// under the Lottie layer's own).
    func testIdentityGroupHasNoLayer() throws {
        let plain = LottieAnimationLayer(animation: try box(group: identity))
        let moved = LottieAnimationLayer(animation: try box(group: #""p":{"a":0,"k":[3,0]},"o":{"a":0,"k":50}"#))
        XCTAssertEqual(layers(plain).count, layers(moved).count - 2)
        XCTAssertEqual(shape(plain)?.position, CGPoint(x: 50, y: 50))
        XCTAssertEqual(shape(moved)?.superlayer?.position, CGPoint(x: 3, y: 0))
        XCTAssertEqual(shape(moved)?.superlayer?.superlayer?.position, CGPoint(x: 50, y: 50))
    }

    /// The pixels are those of a group that keeps its layer while placing its content where it is
    /// (anchor and position both (5, 5): translated by −5 then +5): the square spans 40...60.
    func testIdentityGroupDrawsAsAGroupLayerDoes() throws {
        let plain = frame(try box(group: identity), 0)
        let kept = frame(try box(group: #""p":{"a":0,"k":[5,5]},"a":{"a":0,"k":[5,5]}"#), 0)
        XCTAssertEqual(plain.red(50, 50), 255); XCTAssertEqual(plain.alpha(40, 40), 255); XCTAssertEqual(plain.alpha(59, 59), 255)
        XCTAssertEqual(plain.alpha(39, 50), 0); XCTAssertEqual(plain.alpha(60, 50), 0)
        for y in 0..<100 { for x in 0..<100 where plain.pixel(x: x, y: y) != kept.pixel(x: x, y: y) { XCTFail("pixel \(x), \(y) differs"); return } }
    }

    /// Which transforms place their content as it is: all parts static at their identity values.
    func testPlacesAsIs() {
        func t(position: [Double] = [0, 0], anchor: [Double] = [0, 0], scale: [Double] = [100, 100], rotation: [Double] = [0],
               opacity: [Double] = [100]) -> TransformModel {
            TransformModel(anchor: Animated(anchor), position: .combined(Animated(position)), scale: Animated(scale),
                           rotation: Animated(rotation), opacity: Animated(opacity))
        }
        XCTAssertTrue(TransformLayers.placesAsIs(.identity))
        XCTAssertTrue(TransformLayers.placesAsIs(t(scale: [100])))   // y scale defaults to 100
        XCTAssertFalse(TransformLayers.placesAsIs(t(position: [1, 0])))
        XCTAssertFalse(TransformLayers.placesAsIs(t(anchor: [0, -2])))
        XCTAssertFalse(TransformLayers.placesAsIs(t(scale: [100, 50])))
        XCTAssertFalse(TransformLayers.placesAsIs(t(rotation: [90])))
        XCTAssertFalse(TransformLayers.placesAsIs(t(opacity: [50])))
        var skewed = t(); skewed.skew = Animated([10])
        XCTAssertFalse(TransformLayers.placesAsIs(skewed))
        func key(_ time: Double, _ v: [Double]) -> Keyframe<[Double]> {
            Keyframe(time: time, value: v, endValue: nil, hold: false, easing: nil, spatialOut: nil, spatialIn: nil)
        }
        var moving = t(); moving.position = .combined(Animated(keyframes: [key(0, [0, 0]), key(5, [10, 0])]))
        XCTAssertFalse(TransformLayers.placesAsIs(moving))
        var still = t(); still.position = .combined(Animated(keyframes: [key(0, [0, 0]), key(5, [0, 0])]))
        XCTAssertTrue(TransformLayers.placesAsIs(still))
        var separate = t(); separate.position = .separate(x: Animated([0]), y: Animated([4]))
        XCTAssertFalse(TransformLayers.placesAsIs(separate))
    }

    /// A Lottie layer shown all the time has no container of its own: its transform layer (named
    /// after it, at (50, 50)) is the sublayer of the composition's layer. Shown from frame 2 on, the
    /// container (named "lottie: box", fading it in) stays.
    func testAlwaysShownLayerHasNoContainer() throws {
        let always = LottieAnimationLayer(animation: try box(group: identity))
        let late = LottieAnimationLayer(animation: try box(group: identity, ip: 2))
        XCTAssertEqual(layers(always).count, layers(late).count - 1)
        XCTAssertTrue(layers(always).allSatisfy { $0.name != "lottie: box" })
        let top = layers(always).first { $0.name == "box" }
        XCTAssertEqual(top?.position, CGPoint(x: 50, y: 50))
        let container = layers(late).first { $0.name == "lottie: box" }
        XCTAssertNotNil(container?.animation(forKey: "lottie.visibility"))
        XCTAssertEqual(container?.sublayers?.first?.name, "box")
    }

    /// `placing` hands the only sublayer on (taking the container's name when it has none) only
    /// from a container that does nothing else.
    func testPlacingKeepsContainersThatDoSomething() {
        func container(_ change: (CALayer, CALayer) -> Void) -> (CALayer, CALayer) {
            let c = TransformLayers.bare("lottie: c"), s = CALayer()
            c.addSublayer(s)
            change(c, s)
            return (c, s)
        }
        let (c0, s0) = container { _, _ in }
        XCTAssertTrue(CompositionBuilder.placing(c0) === s0)
        XCTAssertNil(s0.superlayer)
        XCTAssertEqual(s0.name, "lottie: c")
        let cases: [(String, (CALayer, CALayer) -> Void)] = [
            ("opacity", { c, _ in c.opacity = 0.5 }),
            ("animation", { c, _ in c.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade") }),
            ("two sublayers", { c, _ in c.addSublayer(CALayer()) }),
            ("mask", { c, _ in c.mask = CALayer() }),
            ("clip", { c, _ in c.masksToBounds = true }),
            ("position", { c, _ in c.position = CGPoint(x: 1, y: 0) }),
            ("speed", { c, _ in c.speed = 2 }),
            ("blend", { c, _ in c.compositingFilter = "multiplyBlendMode" }),
            ("sublayer's zPosition", { _, s in s.zPosition = 1 }),
            ("sublayer's zPosition animated", { _, s in s.add(CABasicAnimation(keyPath: "zPosition"), forKey: "z") }),
        ]
        for (what, change) in cases {
            let (c, s) = container(change)
            XCTAssertTrue(CompositionBuilder.placing(c) === c, what)
            XCTAssertTrue(s.superlayer === c, what)
        }
    }

    /// A layer turning (rotation 0° to 90° over frames 0...10) at (50, 50) with the transform
    /// parts `parts` (JSON), holding the red 20 × 20 rectangle.
    private func turning(_ parts: String) throws -> LottieAnimation {
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":0,"op":10,"st":0,
         "ks":{"p":{"a":0,"k":[50,50]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[90]}]}\(parts)},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
        """
        return try LottieAnimation.from(data: Data(json.utf8))
    }

    /// An animated transform gets a layer for its scale and one for its anchor only where they
    /// are not 100 % and (0, 0) for good: one layer each (scale 50 % and anchor (5, 5): one more
    /// than either alone). With neither, the turning layer is one layer, and its only shape takes
    /// its place with its rotation (two fewer than with the scale: the scale's layer and the
    /// turning one).
    func testAnimatedTransformLeavesOutIdentityScaleAndAnchor() throws {
        let bare = LottieAnimationLayer(animation: try turning(""))
        let scaled = LottieAnimationLayer(animation: try turning(#","s":{"a":0,"k":[50,50]}"#))
        let anchored = LottieAnimationLayer(animation: try turning(#","a":{"a":0,"k":[5,5]}"#))
        let both = LottieAnimationLayer(animation: try turning(#","s":{"a":0,"k":[50,50]},"a":{"a":0,"k":[5,5]}"#))
        XCTAssertEqual(layers(anchored).count, layers(scaled).count)
        XCTAssertEqual(layers(both).count, layers(scaled).count + 1)
        XCTAssertEqual(layers(bare).count, layers(scaled).count - 2)
        XCTAssertEqual(shape(bare)?.position, CGPoint(x: 50, y: 50))
        XCTAssertNotNil(shape(bare)?.animation(forKey: "lottie.rotation"))
        XCTAssertEqual(shape(scaled)?.superlayer?.superlayer?.position, CGPoint(x: 50, y: 50))
        XCTAssertEqual(shape(anchored)?.superlayer?.position, CGPoint(x: -5, y: -5))
        // Frame 5 (45°): the square's corner (10, 10) turns onto the y axis, 10·√2 = 14.1 below
        // the centre (its tip at row 64.1, the pixel (58, 58) outside its edge); at frame 0 the anchor (5, 5) moves it up and left by 5.
        let f5 = frame(try turning(""), 5)
        XCTAssertEqual(f5.alpha(50, 61), 255); XCTAssertEqual(f5.alpha(50, 65), 0); XCTAssertEqual(f5.alpha(61, 50), 255); XCTAssertEqual(f5.alpha(58, 58), 0)
        let f0 = frame(try turning(#","a":{"a":0,"k":[5,5]}"#), 0)
        XCTAssertEqual(f0.alpha(35, 35), 255); XCTAssertEqual(f0.alpha(54, 54), 255); XCTAssertEqual(f0.alpha(55, 50), 0)
    }

    /// A flat layer's opacity (50 %) is on its own transform layer (named after it), with no layer
    /// of its own: one layer more than at 100 % (where the only shape takes the transform layer's
    /// place), and the square drawn at half alpha (255 / 2).
    func testOpacityIsOnTheTransformLayer() throws {
        let json = { (opacity: Int) in
            """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":0,"op":10,"st":0,
             "ks":{"p":{"a":0,"k":[50,50]},"o":{"a":0,"k":\(opacity)}},
             "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
              {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
            """
        }
        let half = try LottieAnimation.from(data: Data(json(50).utf8)), whole = try LottieAnimation.from(data: Data(json(100).utf8))
        let layer = LottieAnimationLayer(animation: half)
        XCTAssertEqual(layers(layer).count, layers(LottieAnimationLayer(animation: whole)).count + 1)
        XCTAssertEqual(layers(layer).first { $0.name == "box" }?.opacity, 0.5)
        let img = frame(half, 0)
        XCTAssertEqual(Double(img.alpha(50, 50)), 127.5, accuracy: 0.5)
        XCTAssertEqual(Double(img.red(50, 50)), 127.5, accuracy: 0.5)
        XCTAssertEqual(img.alpha(39, 50), 0)
    }

    /// A group's transform (a move by (3, 0)) is carried by its one shape layer, which takes the
    /// group layer's place: the shape at (3, 0) right under the Lottie layer's own (at (50, 50)),
    /// one layer more than with an identity group (whose shape takes the Lottie layer's place
    /// too); drawn as the rectangle moved by its own position is (the same pixels).
    func testGroupTransformFoldsIntoItsOnlyShape() throws {
        let plain = LottieAnimationLayer(animation: try box(group: identity))
        let moved = LottieAnimationLayer(animation: try box(group: #""p":{"a":0,"k":[3,0]}"#))
        XCTAssertEqual(layers(moved).count, layers(plain).count + 1)
        XCTAssertEqual(shape(moved)?.position, CGPoint(x: 3, y: 0))
        XCTAssertEqual(shape(moved)?.superlayer?.position, CGPoint(x: 50, y: 50))
        let img = frame(try box(group: #""p":{"a":0,"k":[3,0]}"#), 0)
        XCTAssertEqual(img.alpha(42, 50), 0); XCTAssertEqual(img.alpha(43, 50), 255); XCTAssertEqual(img.alpha(62, 50), 255); XCTAssertEqual(img.alpha(63, 50), 0)
        let json = """
        {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[3,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
        """
        let placed = frame(try LottieAnimation.from(data: Data(json.utf8)), 0)
        for y in 0..<100 { for x in 0..<100 where img.pixel(x: x, y: y) != placed.pixel(x: x, y: y) { XCTFail("pixel \(x), \(y) differs"); return } }
    }

    /// A moving group (position (0, 0) to (10, 0) over frames 0...10) hands its animation to its
    /// shape: at frame 5 the square spans x 45...65.
    func testMovingGroupFoldsWithItsAnimation() throws {
        let moving = try box(group: #""p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[10,0]}]}"#)
        let layer = LottieAnimationLayer(animation: moving)
        XCTAssertNotNil(shape(layer)?.animation(forKey: "lottie.position"))
        XCTAssertEqual(shape(layer)?.superlayer?.position, CGPoint(x: 50, y: 50))
        let img = frame(moving, 5)
        XCTAssertEqual(img.alpha(44, 50), 0); XCTAssertEqual(img.alpha(45, 50), 255); XCTAssertEqual(img.alpha(64, 50), 255); XCTAssertEqual(img.alpha(65, 50), 0)
    }

    /// Not folded: a group of two shape layers (a fill and a stroke), a group at half opacity, and
    /// a shape layer that animates a placing key path itself.
    func testFoldingNeedsOneShapeAtTheIdentity() {
        func group(_ change: (CALayer, CAShapeLayer) -> Void) -> (TransformLayers, CAShapeLayer) {
            let t = TransformLayers(.identity, builder: KeyframeAnimationBuilder(time: CompositionTime(startFrame: 0, framerate: 10)), withOpacity: true, name: nil)
            t.outer.position = CGPoint(x: 3, y: 0)
            let s = CAShapeLayer()
            s.anchorPoint = .zero
            s.bounds = .zero
            t.inner.addSublayer(s)
            change(t.outer, s)
            return (t, s)
        }
        let (t0, s0) = group { _, _ in }
        XCTAssertTrue(t0.folded() === s0)
        XCTAssertEqual(s0.position, CGPoint(x: 3, y: 0))
        let cases: [(String, (CALayer, CAShapeLayer) -> Void)] = [
            ("two shapes", { g, _ in g.addSublayer(CAShapeLayer()) }),
            ("opacity", { g, _ in g.opacity = 0.5 }),
            ("shape moved", { _, s in s.position = CGPoint(x: 1, y: 1) }),
            ("shape animates its position", { _, s in s.add(CABasicAnimation(keyPath: "position.x"), forKey: "x") }),
            ("group animates its opacity", { g, _ in g.add(CABasicAnimation(keyPath: "opacity"), forKey: "o") }),
            ("shape has a sublayer", { _, s in s.addSublayer(CALayer()) }),
        ]
        for (what, change) in cases {
            let (t, s) = group(change)
            XCTAssertTrue(t.folded() === t.outer, what)
            XCTAssertTrue(s.superlayer === t.outer, what)
        }
    }

    /// A precomposition's stretch (`sr` 2: speed 1/2) is kept on the layer clipping it to its
    /// size (precomp.json: "stretch" and "nested", both 200 × 40; "blink", stretched too, has no size).
    func testPrecompTimingIsOnItsClip() throws {
        let all = layers(LottieAnimationLayer(animation: try load("precomp.json")))
        XCTAssertEqual(all.filter { $0.speed == 0.5 }.count, 3)
        XCTAssertEqual(all.filter { $0.speed == 0.5 && $0.masksToBounds && $0.bounds.size == CGSize(width: 200, height: 40) }.count, 2)
    }
}
