import XCTest
@_spi(LaminaInternal) import QuartzCore
@_spi(LaminaInternal) import Scenes

/// Layers of every class with the named settings each takes (scenes/README.md's lists), the tree
/// they form, and the errors for names, classes and words a setting does not know.
final class SceneLayerClassTests: XCTestCase {
    var savedAssets: URL?

    override func setUp() { CAMediaClock.manualTime = 0; savedAssets = Scene.assetsDirectory; Scene.assetsDirectory = nil }
    override func tearDown() { CAMediaClock.manualTime = nil; Scene.assetsDirectory = savedAssets }

    func error(_ yaml: String) -> SceneError? {
        do { _ = try Scene.parse(yaml, file: "c.yaml"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    func layer<T: CALayer>(_ cls: String, _ props: String, as: T.Type) throws -> T {
        let s = try Scene.parse("layers: [{name: x, class: \(cls), \(props)}]", file: "c.yaml")
        return try XCTUnwrap(s.layers["x"] as? T)
    }

    func testEveryClassMakesItsLayerAndTheTreeIsBuiltInOrder() throws {
        let s = try Scene.parse("""
        layers:
          - name: a
            sublayers:
              - {name: a1, class: CAShapeLayer}
              - {name: a2, class: CATextLayer, mask: {name: m2, class: CAGradientLayer}}
          - {name: b, class: CAReplicatorLayer}
          - {name: c, class: CATransformLayer}
          - {name: d, class: CALayer}
        """)
        XCTAssertEqual(s.order, ["a", "a1", "a2", "m2", "b", "c", "d"])
        XCTAssertEqual(s.classes, ["a": "CALayer", "a1": "CAShapeLayer", "a2": "CATextLayer", "m2": "CAGradientLayer",
                                   "b": "CAReplicatorLayer", "c": "CATransformLayer", "d": "CALayer"])
        XCTAssertTrue(s.layers["a1"] is CAShapeLayer); XCTAssertTrue(s.layers["a2"] is CATextLayer)
        XCTAssertTrue(s.layers["m2"] is CAGradientLayer); XCTAssertTrue(s.layers["b"] is CAReplicatorLayer)
        XCTAssertTrue(s.layers["c"] is CATransformLayer)
        XCTAssertTrue(type(of: s.layers["a"]!) == CALayer.self); XCTAssertTrue(type(of: s.layers["d"]!) == CALayer.self)
        XCTAssertEqual(s.root.sublayers?.compactMap(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(s.layers["a"]?.sublayers?.compactMap(\.name), ["a1", "a2"])
        XCTAssertTrue(s.layers["a2"]?.mask === s.layers["m2"])
        XCTAssertEqual(s.layers["a"]?.name, "a")
        // What each layer declares is kept as written (for reloads), sublayers left out.
        XCTAssertEqual(Set(s.declarations["a"].map { Array($0.keys) } ?? []), ["name"])
        XCTAssertEqual(Set(s.declarations["a2"].map { Array($0.keys) } ?? []), ["name", "class", "mask"])
        XCTAssertNil(s.declarations["nobody"])

        XCTAssertEqual(error("layers: [{class: CAShapeLayr}]")?.message,
                       "unknown layer class \"CAShapeLayr\"; did you mean \"CAShapeLayer\"?; expected one of CALayer, CAShapeLayer, CATextLayer, CAGradientLayer, CAReplicatorLayer, CATransformLayer, CAEmitterLayer")
        XCTAssertEqual(error("layers: [{class: [1]}]")?.message,
                       "unknown layer class \"?\"; expected one of CALayer, CAShapeLayer, CATextLayer, CAGradientLayer, CAReplicatorLayer, CATransformLayer, CAEmitterLayer")
        XCTAssertEqual(error("layers: [{name: \"\"}]")?.message, "expected a name")
        XCTAssertEqual(error("layers: [{name: [a]}]")?.message, "expected a name")
        XCTAssertEqual(error("layers: [{name: a, sublayers: [{name: a}]}]")?.message, "a layer named \"a\" already exists")
        XCTAssertEqual(error("layers: [{sublayers: {}}]")?.message, "expected a list of sublayers")
        XCTAssertEqual(error("layers: [{[1]: 2}]")?.message, "expected a key")
        // A key another class has: the message lists this class's keys.
        let e = try XCTUnwrap(error("layers: [{name: a, fillColor: \"#ff0000\"}]"))
        XCTAssertTrue(e.message.hasPrefix("unknown key \"fillColor\" in a CALayer"), e.message)
        XCTAssertEqual(e.line, 1); XCTAssertEqual(e.column, 20)
        XCTAssertNotNil(try Scene.parse("layers: [{class: CAShapeLayer, fillColor: \"#ff0000\"}]"))
        // The subclass tables add to CALayer's: a text layer takes backgroundColor too.
        XCTAssertNotNil(try Scene.parse("layers: [{name: t, class: CATextLayer, backgroundColor: \"#ff0000\"}]").layers["t"]?.backgroundColor)
        XCTAssertEqual(error("layers: [{class: CATextLayer, colors: []}]")?.message.hasPrefix("unknown key \"colors\" in a CATextLayer"), true)
        XCTAssertEqual(error("layers: [{class: CAGradientLayer, string: a}]")?.message.hasPrefix("unknown key \"string\" in a CAGradientLayer"), true)
        XCTAssertEqual(error("layers: [{class: CAReplicatorLayer, path: \"M 0 0\"}]")?.message.hasPrefix("unknown key \"path\" in a CAReplicatorLayer"), true)
        XCTAssertEqual(error("layers: [{class: CATransformLayer, instanceCount: 2}]")?.message.hasPrefix("unknown key \"instanceCount\" in a CATransformLayer"), true)
    }

    func testShapeLayerSettings() throws {
        let s = try layer("CAShapeLayer", "lineCap: round, lineJoin: bevel, fillRule: evenOdd", as: CAShapeLayer.self)
        XCTAssertEqual(s.lineCap, .round); XCTAssertEqual(s.lineJoin, .bevel); XCTAssertEqual(s.fillRule, .evenOdd)
        let t = try layer("CAShapeLayer", "lineCap: square, lineJoin: miter, fillRule: nonZero", as: CAShapeLayer.self)
        XCTAssertEqual(t.lineCap, .square); XCTAssertEqual(t.lineJoin, .miter); XCTAssertEqual(t.fillRule, .nonZero)
        let u = try layer("CAShapeLayer", "lineCap: butt, lineJoin: round, fillRule: evenOdd", as: CAShapeLayer.self)
        XCTAssertEqual(u.lineCap, .butt); XCTAssertEqual(u.lineJoin, .round)
        for (line, message) in [("lineCap: flat", "expected butt, round or square"), ("lineJoin: sharp", "expected miter, round or bevel"),
                                ("fillRule: odd", "expected nonZero or evenOdd")] {
            let e = error("layers:\n  - class: CAShapeLayer\n    \(line)\n")
            XCTAssertEqual(e?.message, message); XCTAssertEqual(e?.line, 3)
        }
    }

    func testTextLayerSettings() throws {
        let t = try layer("CATextLayer", "string: Hello, fontSize: 18, font: Menlo-Bold, alignmentMode: center, truncationMode: middle, isWrapped: true", as: CATextLayer.self)
        XCTAssertEqual(t.string as? String, "Hello"); XCTAssertEqual(t.fontSize, 18)
        XCTAssertEqual(t.font as? String, "Menlo-Bold"); XCTAssertEqual(t.alignmentMode, .center)
        XCTAssertEqual(t.truncationMode, .middle); XCTAssertTrue(t.isWrapped)
        for (mode, want) in [("natural", CATextLayerAlignmentMode.natural), ("left", .left), ("right", .right), ("justified", .justified)] {
            XCTAssertEqual(try layer("CATextLayer", "alignmentMode: \(mode)", as: CATextLayer.self).alignmentMode, want)
        }
        for (mode, want) in [("none", CATextLayerTruncationMode.none), ("start", .start), ("end", .end)] {
            XCTAssertEqual(try layer("CATextLayer", "truncationMode: \(mode)", as: CATextLayer.self).truncationMode, want)
        }
        XCTAssertFalse(try layer("CATextLayer", "isWrapped: false", as: CATextLayer.self).isWrapped)
        XCTAssertEqual(error("layers: [{class: CATextLayer, alignmentMode: middle}]")?.message, "expected natural, left, right, center or justified")
        XCTAssertEqual(error("layers: [{class: CATextLayer, truncationMode: both}]")?.message, "expected none, start, middle or end")
        // A font name that is not a .ttf/.otf file stays a family name, with no scene folder needed.
        XCTAssertEqual(try layer("CATextLayer", "font: DejaVuSans.TTF.name", as: CATextLayer.self).font as? String, "DejaVuSans.TTF.name")
        XCTAssertEqual(error("layers: [{class: CATextLayer, font: Mine.TTF}]")?.message, "font files need a scene file (its folder resolves \"Mine.TTF\")")
        XCTAssertEqual(error("layers: [{class: CATextLayer, font: Mine.otf}]")?.message, "font files need a scene file (its folder resolves \"Mine.otf\")")
        // On a plain layer "font" is no key at all.
        XCTAssertEqual(error("layers: [{font: Mine.ttf}]")?.message.hasPrefix("unknown key \"font\" in a CALayer"), true)
    }

    func testGradientAndReplicatorSettings() throws {
        let g = try layer("CAGradientLayer", "type: radial, startPoint: [0.1, 0.2], endPoint: [0.9, 0.8], locations: [0, 0.25, 1]", as: CAGradientLayer.self)
        XCTAssertEqual(g.type, .radial)
        XCTAssertEqual(g.startPoint, CGPoint(x: 0.1, y: 0.2)); XCTAssertEqual(g.endPoint, CGPoint(x: 0.9, y: 0.8))
        XCTAssertEqual(g.locations?.map(\.doubleValue), [0, 0.25, 1])
        XCTAssertEqual(try layer("CAGradientLayer", "type: conic", as: CAGradientLayer.self).type, .conic)
        XCTAssertEqual(try layer("CAGradientLayer", "type: axial", as: CAGradientLayer.self).type, .axial)
        XCTAssertEqual(error("layers: [{class: CAGradientLayer, type: linear}]")?.message, "expected axial, radial or conic")
        let r = try layer("CAReplicatorLayer", "instanceCount: 4, instanceDelay: 0.5, instanceRedOffset: -0.25, instanceGreenOffset: -0.5, instanceBlueOffset: 0.125, instanceAlphaOffset: -0.75", as: CAReplicatorLayer.self)
        XCTAssertEqual(r.instanceCount, 4); XCTAssertEqual(r.instanceDelay, 0.5)
        XCTAssertEqual(r.instanceRedOffset, -0.25); XCTAssertEqual(r.instanceGreenOffset, -0.5)
        XCTAssertEqual(r.instanceBlueOffset, 0.125); XCTAssertEqual(r.instanceAlphaOffset, -0.75)
    }

    func testCornersCurvesAndFilters() throws {
        func corners(_ s: String) throws -> CACornerMask { try layer("CALayer", "maskedCorners: \"\(s)\"", as: CALayer.self).maskedCorners }
        XCTAssertEqual(try corners("minXMinY,maxXMaxY"), [.layerMinXMinYCorner, .layerMaxXMaxYCorner], "a comma alone separates")
        XCTAssertEqual(try corners("maxXMinY minXMaxY"), [.layerMaxXMinYCorner, .layerMinXMaxYCorner], "a space alone separates")
        XCTAssertEqual(try corners("minXMinY, maxXMinY, minXMaxY, maxXMaxY"), [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(try corners(""), [], "no corners")
        XCTAssertEqual(error("layers: [{maskedCorners: \"minXMinY;maxXMaxY\"}]")?.message,
                       "unknown corner \"minXMinY;maxXMaxY\"; expected some of minXMinY, maxXMinY, minXMaxY, maxXMaxY")
        XCTAssertEqual(try layer("CALayer", "cornerCurve: circular", as: CALayer.self).cornerCurve, .circular)
        XCTAssertEqual(try layer("CALayer", "cornerCurve: continuous", as: CALayer.self).cornerCurve, .continuous)
        let f = try layer("CALayer", "minificationFilter: linear, magnificationFilter: nearest", as: CALayer.self)
        XCTAssertEqual(f.minificationFilter, .linear); XCTAssertEqual(f.magnificationFilter, .nearest)
        let g = try layer("CALayer", "minificationFilter: trilinear, magnificationFilter: linear", as: CALayer.self)
        XCTAssertEqual(g.minificationFilter, .trilinear); XCTAssertEqual(g.magnificationFilter, .linear)
        XCTAssertEqual(error("layers: [{magnificationFilter: cubic}]")?.message, "expected nearest, linear or trilinear")
        XCTAssertEqual(error("layers: [{minificationFilter: cubic}]")?.message, "expected nearest, linear or trilinear")
    }

    /// Every key of every class table is accepted on its class (the vocabulary the fuzzer uses is
    /// the parser's): scenes/README.md's list of layer keys, written out.
    func testTheDocumentedKeysAreTheVocabulary() {
        let layerKeys: Set<String> = ["frame", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
            "sublayerTransform", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "opacity", "isHidden",
            "masksToBounds", "isDoubleSided", "allowsGroupOpacity", "shadowColor", "shadowOpacity", "shadowOffset",
            "shadowRadius", "shadowPath", "contents", "contentsRect", "contentsCenter", "contentsScale", "contentsGravity", "speed",
            "timeOffset", "beginTime", "cornerCurve", "maskedCorners", "minificationFilter", "magnificationFilter",
            "minificationFilterBias", "isGeometryFlipped", "shouldRasterize", "rasterizationScale"]
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CALayer").keys), layerKeys)
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CATransformLayer").keys), layerKeys)
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "Unknown").keys), layerKeys)
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CAShapeLayer").keys).subtracting(layerKeys),
                       ["path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "lineDashPattern", "lineDashPhase",
                        "miterLimit", "lineCap", "lineJoin", "fillRule"])
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CATextLayer").keys).subtracting(layerKeys),
                       ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped", "truncationMode"])
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CAGradientLayer").keys).subtracting(layerKeys),
                       ["colors", "locations", "startPoint", "endPoint", "type"])
        XCTAssertEqual(Set(SceneVocabulary.gradientProperties.keys), ["colors", "locations", "startPoint", "endPoint", "type"])
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CAReplicatorLayer").keys).subtracting(layerKeys),
                       ["instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                        "instanceBlueOffset", "instanceAlphaOffset"])
        XCTAssertEqual(Set(SceneVocabulary.properties(ofClass: "CAEmitterLayer").keys).subtracting(layerKeys),
                       ["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape", "emitterMode",
                        "renderMode", "preservesDepth", "birthRate", "lifetime", "velocity", "scale", "spin", "seed"])
        XCTAssertEqual(SceneVocabulary.classes, ["CALayer", "CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer", "CAEmitterLayer"])
        XCTAssertEqual(Set(SceneVocabulary.animatableSubPaths.keys), ["position.x", "position.y", "bounds.size", "bounds.size.width",
            "bounds.size.height", "transform.rotation.z", "transform.rotation.x", "transform.rotation.y", "transform.rotation",
            "transform.scale", "transform.scale.x", "transform.scale.y", "transform.translation.x", "transform.translation.y"])
        XCTAssertEqual(SceneVocabulary.timingKeys, ["duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration",
                                                    "autoreverses", "fillMode", "timingFunction", "removedOnCompletion"])
        XCTAssertEqual(SceneVocabulary.propertyAnimationKeys, ["keyPath", "additive", "cumulative"])
        XCTAssertEqual(SceneVocabulary.animationKindKeys["basic"], ["from", "to", "by"])
        XCTAssertEqual(SceneVocabulary.animationKindKeys["group"], ["animations"])
        // The kinds of a few keys, as the README writes their values.
        let kinds = SceneVocabulary.properties(ofClass: "CAShapeLayer")
        XCTAssertEqual(kinds["frame"], .rect); XCTAssertEqual(kinds["position"], .point); XCTAssertEqual(kinds["shadowOffset"], .size)
        XCTAssertEqual(kinds["transform"], .transform); XCTAssertEqual(kinds["lineDashPattern"], .numbers); XCTAssertEqual(kinds["path"], .path)
        XCTAssertEqual(kinds["isHidden"], .bool); XCTAssertEqual(kinds["opacity"], .number); XCTAssertEqual(kinds["fillColor"], .color)
        XCTAssertEqual(SceneVocabulary.properties(ofClass: "CAGradientLayer")["colors"], .colors)
        XCTAssertEqual(SceneVocabulary.animatableSubPaths["bounds.size"], .size)
        XCTAssertEqual(SceneVocabulary.animatableSubPaths["transform.scale"], .number)
    }
}
