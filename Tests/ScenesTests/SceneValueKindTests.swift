import XCTest
import CoreGraphics
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Every kind of value a scene property takes (scenes/README.md), read into the exact layer value:
/// paths command by command, colours channel by channel, transforms entry by entry (Apple's
/// CATransform3D matrices, row-vector form), and each kind's errors with their locations.
final class SceneValueKindTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// The layer "x" of a one-layer scene with `props` (flow-mapping entries).
    func one(_ props: String) throws -> CALayer {
        try XCTUnwrap(try Scene.parse("layers: [{name: x, \(props)}]", file: "v.yaml").layers["x"])
    }

    func error(_ yaml: String) -> SceneError? {
        do { _ = try Scene.parse(yaml, file: "v.yaml"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    /// The error of a one-layer scene whose third line is `line` (block style, so columns are known:
    /// a value written after "    key: " starts at column 5 + key length + 2).
    func lineError(_ line: String) -> SceneError? { error("layers:\n  - name: x\n    \(line)\n") }

    func shape(_ path: String) throws -> CGPath? { (try one("class: CAShapeLayer, path: \(path)") as? CAShapeLayer)?.path }

    func testPathCommandsGiveTheirPointsInOrder() throws {
        let p = try XCTUnwrap(try shape("\"M 10 20 L 30,40 Q 1 2 3 4 C 5 6 7 8 9 11 Z M -1.5 2e1\""))
        XCTAssertEqual(p.commands, [
            .move(to: CGPoint(x: 10, y: 20)),
            .addLine(to: CGPoint(x: 30, y: 40)),
            .addQuadCurve(to: CGPoint(x: 3, y: 4), control: CGPoint(x: 1, y: 2)),
            .addCurve(to: CGPoint(x: 9, y: 11), control1: CGPoint(x: 5, y: 6), control2: CGPoint(x: 7, y: 8)),
            .closeSubpath,
            .move(to: CGPoint(x: -1.5, y: 20)),
        ])
        XCTAssertEqual(try shape("\"\"")?.commands, [], "no commands: an empty path")
        XCTAssertEqual(try shape("\"M  1   2 \"")?.commands, [.move(to: CGPoint(x: 1, y: 2))], "runs of spaces separate like one")
        // shadowPath takes the same commands on any layer.
        XCTAssertEqual(try one("shadowPath: \"M 1 2 L 3 4\"").shadowPath?.commands, [.move(to: CGPoint(x: 1, y: 2)), .addLine(to: CGPoint(x: 3, y: 4))])
    }

    func testPathShapesAndPathErrors() throws {
        XCTAssertEqual(try shape("{rect: [1, 2, 30, 40]}")?.boundingBox, CGRect(x: 1, y: 2, width: 30, height: 40))
        let e = try XCTUnwrap(try shape("{ellipse: [10, 20, 60, 40]}"))
        XCTAssertEqual(e.boundingBox.minX, 10, accuracy: 1e-9); XCTAssertEqual(e.boundingBox.maxX, 70, accuracy: 1e-9)
        XCTAssertEqual(e.boundingBox.minY, 20, accuracy: 1e-9); XCTAssertEqual(e.boundingBox.maxY, 60, accuracy: 1e-9)
        XCTAssertTrue(e.contains(CGPoint(x: 40, y: 40)))
        XCTAssertFalse(e.contains(CGPoint(x: 12, y: 22)), "outside the ellipse, inside its box")

        XCTAssertEqual(lineError("shadowPath: {circle: [0, 0, 1, 1]}")?.message, "unknown path shape \"circle\"; expected ellipse, rect, or a string of commands")
        XCTAssertEqual(lineError("shadowPath: {circle: [0, 0, 1, 1]}")?.column, 18, "at the shape's name")
        XCTAssertEqual(lineError("shadowPath: {ellipse: [0, 0, 1]}")?.message, "expected ellipse [x, y, w, h], got 3 numbers")
        XCTAssertEqual(lineError("class: CAShapeLayer\n    path: {rect: [0, 0, 1, 1], ellipse: [0, 0, 1, 1]}")?.message,
                       "expected a path: \"M x y L x y ... Z\", {ellipse: [...]} or {rect: [...]}")
        XCTAssertEqual(lineError("shadowPath: [1, 2]")?.message, "expected a path: \"M x y L x y ... Z\", {ellipse: [...]} or {rect: [...]}")
        let commands: [(String, String)] = [
            ("M 1", "path command M wants 2 numbers"), ("L 1 x", "path command L wants 2 numbers"),
            ("Q 1 2 3", "path command Q wants 4 numbers"), ("C 1 2 3 4 5", "path command C wants 6 numbers"),
            ("M 1 inf", "path command M wants 2 numbers"), ("M 1 nan", "path command M wants 2 numbers"),
            ("X 1 2", "unknown path command \"X\"; expected M, L, Q, C or Z"), ("m 1 2", "unknown path command \"m\"; expected M, L, Q, C or Z"),
        ]
        for (path, message) in commands {
            let err = lineError("shadowPath: \"\(path)\"")
            XCTAssertEqual(err?.message, message, path)
            XCTAssertEqual(err?.line, 3, path); XCTAssertEqual(err?.column, 17, path)
        }
    }

    func testHexAndListColours() throws {
        func rgba(_ v: String) throws -> [CGFloat] {
            let c = try XCTUnwrap(try one("backgroundColor: \(v)").backgroundColor?.srgbComponents)
            return [c.red, c.green, c.blue, c.alpha]
        }
        XCTAssertEqual(try rgba("\"#102030\""), [16 / 255.0, 32 / 255.0, 48 / 255.0, 1])
        XCTAssertEqual(try rgba("\"#10203040\""), [16 / 255.0, 32 / 255.0, 48 / 255.0, 64 / 255.0])
        XCTAssertEqual(try rgba("\"#FFfF00\""), [1, 1, 0, 1], "either case")
        XCTAssertEqual(try rgba("[0.25, 0.5, 0.75]"), [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(try rgba("[0, 1, 0.5, 0.125]"), [0, 1, 0.5, 0.125])
        for bad in ["\"#12345\"", "\"#1234567\"", "\"#12345g\"", "\"#\""] {
            XCTAssertEqual(lineError("backgroundColor: \(bad)")?.message, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \(bad)", bad)
        }
        for bad in ["[1.01, 0, 0]", "[0, -0.01, 0]", "[0, 0, 0, 2]", "[0, 0]", "[0, 0, 0, 0, 0]"] {
            let e = lineError("backgroundColor: \(bad)")
            XCTAssertEqual(e?.message, "expected a colour [r, g, b] or [r, g, b, a] with components 0...1", bad)
            XCTAssertEqual(e?.column, 22, bad)
        }
        XCTAssertEqual(lineError("backgroundColor: red")?.message, "expected a colour (\"#rrggbb\" or [r, g, b, a]), got \"red\"")
        XCTAssertEqual(lineError("backgroundColor: {r: 1}")?.message, "expected a colour (\"#rrggbb\" or [r, g, b, a]), got a mapping")
        XCTAssertEqual(lineError("backgroundColor: [0, x, 0]")?.message, "expected a finite number in a colour [r, g, b] or [r, g, b, a]")
        XCTAssertEqual(lineError("backgroundColor: [0, x, 0]")?.column, 26, "located at the item")
        // Every colour property: border, shadow, and the subclasses'.
        let s = try Scene.parse("""
        layers:
          - {name: a, borderColor: "#ff0000", shadowColor: "#00ff00"}
          - {name: s, class: CAShapeLayer, fillColor: "#0000ff", strokeColor: "#ffff00"}
          - {name: t, class: CATextLayer, foregroundColor: "#00ffff"}
          - {name: r, class: CAReplicatorLayer, instanceColor: "#ff00ff"}
          - {name: g, class: CAGradientLayer, colors: ["#ff0000", [0, 0, 1, 0.5]]}
        """)
        func hex(_ c: CGColor?) -> String {
            guard let k = c?.srgbComponents else { return "nil" }
            return [k.red, k.green, k.blue, k.alpha].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        }
        XCTAssertEqual(hex(s.layers["a"]?.borderColor), "ff0000ff")
        XCTAssertEqual(hex(s.layers["a"]?.shadowColor), "00ff00ff")
        XCTAssertEqual(hex((s.layers["s"] as? CAShapeLayer)?.fillColor), "0000ffff")
        XCTAssertEqual(hex((s.layers["s"] as? CAShapeLayer)?.strokeColor), "ffff00ff")
        XCTAssertEqual(hex((s.layers["t"] as? CATextLayer)?.foregroundColor), "00ffffff")
        XCTAssertEqual(hex((s.layers["r"] as? CAReplicatorLayer)?.instanceColor), "ff00ffff")
        XCTAssertEqual(((s.layers["g"] as? CAGradientLayer)?.colors as? [CGColor])?.map(hex), ["ff0000ff", "0000ff80"])
        XCTAssertEqual(error("layers: [{name: g, class: CAGradientLayer, colors: \"#ff0000\"}]")?.message, "expected a list of colours")
    }

    func transform(_ t: String) throws -> CATransform3D { try one("transform: \(t)").transform }

    func entries(_ t: CATransform3D) -> [CGFloat] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    func assertEntries(_ t: CATransform3D, _ want: [CGFloat], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (k, (a, b)) in zip(entries(t), want).enumerated() {
            XCTAssertEqual(a, b, accuracy: 1e-12, "\(what): entry m\(k / 4 + 1)\(k % 4 + 1)", file: file, line: line)
        }
    }

    /// Rotations by 30°: cos = √3/2, sin = 1/2. Apple's matrices (row vectors): about z, m11 = c,
    /// m12 = s, m21 = −s, m22 = c; about x, m22 = c, m23 = s, m32 = −s, m33 = c; about y, m11 = c,
    /// m13 = −s, m31 = s, m33 = c.
    func testEachTransformPartIsApples() throws {
        let c = 3.0.squareRoot() / 2, s = 0.5
        assertEntries(try transform("{translate: [1, 2]}"), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 0, 1], "translate x y")
        assertEntries(try transform("{translate: [1, 2, 3]}"), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1], "translate x y z")
        assertEntries(try transform("{rotate: 30}"), [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "rotate")
        assertEntries(try transform("{rotateX: 30}"), [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1], "rotateX")
        assertEntries(try transform("{rotateY: 30}"), [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1], "rotateY")
        assertEntries(try transform("{scale: 2}"), [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "scale")
        assertEntries(try transform("{scale: [2, 3]}"), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "scale x y")
        assertEntries(try transform("{perspective: 500}"), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1], "perspective")
        assertEntries(try transform("{}"), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "nothing: identity")
        // In the order written: translate then scale maps p to (p + t)·s, so the translation is
        // scaled; scale then translate leaves it as it is.
        assertEntries(try transform("{translate: [10, 20, 30], scale: [2, 3]}"), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 60, 30, 1], "translate, scale")
        assertEntries(try transform("{scale: [2, 3], translate: [10, 20, 30]}"), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1], "scale, translate")
        // rotate 90 then translate: the rotation's rows stay, the translation is added after.
        assertEntries(try transform("{rotate: 90, translate: [5, 0]}"), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1], "rotate, translate")
        // translate then rotate 90: (5, 0) turns to (0, 5).
        assertEntries(try transform("{translate: [5, 0], rotate: 90}"), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1], "translate, rotate")
        // Perspective after a translation in z: m34 = −1/d, and the z row picks it up: m44 = 1 − 30/d.
        assertEntries(try transform("{translate: [0, 0, 30], perspective: 300}"), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 300, 0, 0, 30, 0.9], "translate, perspective")
        // Other transform properties read the same way.
        let r = try XCTUnwrap(try Scene.parse("layers: [{name: r, class: CAReplicatorLayer, instanceTransform: {translate: [7, 8]}, sublayerTransform: {scale: 3}}]").layers["r"])
        assertEntries((r as! CAReplicatorLayer).instanceTransform, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 0, 1], "instanceTransform")
        assertEntries(r.sublayerTransform, [3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "sublayerTransform")
    }

    func testTransformErrors() {
        let cases: [(String, String, Int)] = [
            ("transform: {rotat: 3}", "unknown transform part \"rotat\" (did you mean \"rotate\"?); expected one of translate, rotate, rotateX, rotateY, scale, perspective", 17),
            ("transform: {wobble: 3}", "unknown transform part \"wobble\"; expected one of translate, rotate, rotateX, rotateY, scale, perspective", 17),
            ("transform: {translate: [1]}", "expected translate [x, y] or [x, y, z]", 28),
            ("transform: {translate: [1, 2, 3, 4]}", "expected translate [x, y] or [x, y, z]", 28),
            ("transform: {scale: [1, 2, 3]}", "expected scale [sx, sy], got 3 numbers", 24),
            ("transform: {perspective: 0}", "expected a positive perspective distance", 30),
            ("transform: {perspective: -100}", "expected a positive perspective distance", 30),
            ("transform: {rotate: x}", "expected a number, got \"x\"", 25),
            ("transform: [1, 2]", "expected a transform {translate, rotate, rotateX, rotateY, scale, perspective}", 16),
        ]
        for (line, message, column) in cases {
            let e = lineError(line)
            XCTAssertEqual(e?.message, message, line)
            XCTAssertEqual(e?.line, 3, line); XCTAssertEqual(e?.column, column, line)
        }
    }

    func testPointsSizesRectsNumbersBoolsAndText() throws {
        let a = try one("bounds: [1, 2, 30, 40], position: [5, 6], anchorPoint: [0.25, 0.75], shadowOffset: [3, -4], contentsRect: [0.1, 0.2, 0.3, 0.4], zPosition: 7, anchorPointZ: 2")
        XCTAssertEqual(a.bounds, CGRect(x: 1, y: 2, width: 30, height: 40))
        XCTAssertEqual(a.position, CGPoint(x: 5, y: 6))
        XCTAssertEqual(a.anchorPoint, CGPoint(x: 0.25, y: 0.75))
        XCTAssertEqual(a.shadowOffset, CGSize(width: 3, height: -4))
        XCTAssertEqual(a.contentsRect, CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4))
        XCTAssertEqual(a.zPosition, 7); XCTAssertEqual(a.anchorPointZ, 2)
        let b = try one("isHidden: true, masksToBounds: true, isDoubleSided: false, allowsGroupOpacity: false, opacity: 0.25, shadowOpacity: 0.75, cornerRadius: 3, borderWidth: 2, shadowRadius: 5, contentsScale: 2, speed: 1.5, timeOffset: 0.25, beginTime: 2")
        XCTAssertTrue(b.isHidden); XCTAssertTrue(b.masksToBounds); XCTAssertFalse(b.isDoubleSided); XCTAssertFalse(b.allowsGroupOpacity)
        XCTAssertEqual(b.opacity, 0.25); XCTAssertEqual(b.shadowOpacity, 0.75)
        XCTAssertEqual(b.cornerRadius, 3); XCTAssertEqual(b.borderWidth, 2); XCTAssertEqual(b.shadowRadius, 5); XCTAssertEqual(b.contentsScale, 2)
        XCTAssertEqual(b.speed, 1.5); XCTAssertEqual(b.timeOffset, 0.25); XCTAssertEqual(b.beginTime, 2)
        let c = try one("isHidden: false, masksToBounds: false, isDoubleSided: true, allowsGroupOpacity: true")
        XCTAssertFalse(c.isHidden); XCTAssertFalse(c.masksToBounds); XCTAssertTrue(c.isDoubleSided); XCTAssertTrue(c.allowsGroupOpacity)
        XCTAssertEqual(try one("contentsGravity: resizeAspect").contentsGravity, .resizeAspect)

        let cases: [(String, String, Int)] = [
            ("position: [1, 2, 3]", "expected a point [x, y], got 3 numbers", 15),
            ("anchorPoint: 1", "expected a point [x, y]", 18),
            ("shadowOffset: [1]", "expected a size [width, height], got 1 numbers", 19),
            ("bounds: [1, 2, 3]", "expected a rectangle [x, y, width, height], got 3 numbers", 13),
            ("frame: [1, 2, 3, 4, 5]", "expected a rectangle [x, y, width, height], got 5 numbers", 12),
            ("opacity: .nan", "expected a number, got \".nan\"", 14),
            ("cornerRadius: .inf", "expected a number, got \".inf\"", 19),
            ("cornerRadius: [1]", "expected a number, got a list", 19),
            ("cornerRadius: {a: 1}", "expected a number, got a mapping", 19),
            ("isHidden: maybe", "expected true or false, got \"maybe\"", 15),
            ("contentsGravity: [1]", "expected text", 22),
            ("position: [1, .inf]", "expected a finite number in a point [x, y]", 19),
        ]
        for (line, message, column) in cases {
            let e = lineError(line)
            XCTAssertEqual(e?.message, message, line)
            XCTAssertEqual(e?.line, 3, line); XCTAssertEqual(e?.column, column, line)
        }
        let dashes = try one("class: CAShapeLayer, lineDashPattern: [8, 4.5], lineDashPhase: 2, lineWidth: 3, miterLimit: 4, strokeStart: 0.25, strokeEnd: 0.75") as! CAShapeLayer
        XCTAssertEqual(dashes.lineDashPattern?.map(\.doubleValue), [8, 4.5])
        XCTAssertEqual(dashes.lineDashPhase, 2); XCTAssertEqual(dashes.lineWidth, 3); XCTAssertEqual(dashes.miterLimit, 4)
        XCTAssertEqual(dashes.strokeStart, 0.25); XCTAssertEqual(dashes.strokeEnd, 0.75)
        XCTAssertEqual(lineError("class: CAShapeLayer\n    lineDashPattern: 3")?.message, "expected a list of numbers")
    }

    /// A frame is applied after every other key of its layer, so it is placed with the layer's
    /// own anchor point: frame (10, 20, 30, 40) with anchor (0, 0) puts position at (10, 20),
    /// whichever key comes first.
    func testTheFrameIsSetAfterTheOtherKeys() throws {
        for props in ["frame: [10, 20, 30, 40], anchorPoint: [0, 0]", "anchorPoint: [0, 0], frame: [10, 20, 30, 40]"] {
            let l = try one(props)
            XCTAssertEqual(l.position, CGPoint(x: 10, y: 20), props)
            XCTAssertEqual(l.frame, CGRect(x: 10, y: 20, width: 30, height: 40), props)
        }
        // With the default anchor (0.5, 0.5): position is the centre.
        XCTAssertEqual(try one("frame: [10, 20, 30, 40]").position, CGPoint(x: 25, y: 40))
    }
}
