import XCTest
@testable import QuartzCore

/// Every key of Apple's CALayer key-value coding (and of the Lamina subclasses): a value set with
/// setValue(_:forKey:) reaches the Swift property, value(forKey:) reads it back with Apple's type,
/// and only the properties Apple documents as animatable run an implicit action when they change.
final class PropertyTableTests: LaminaTestCase {
    private struct Row {
        let key: String
        let make: () -> CALayer
        /// The value set through KVC.
        let value: Any
        /// Whether the Swift property now holds it.
        let holds: (CALayer) -> Bool
        /// Whether value(forKey:) gives back the value with its Swift type.
        let readsBack: (Any?) -> Bool
        /// Whether changing it runs an action: Apple documents the property as animatable. nil for
        /// shouldRasterize and rasterizationScale, which Apple marks animatable but Lamina (which
        /// does not rasterize layers) changes at once; left unchecked.
        let animatable: Bool?
    }

    private static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    private static let image = CGImage(width: 1, height: 1, premultipliedARGB: [0xFF00_FF00])
    private static let shape: CGPath = { let p = CGMutablePath(); p.addRect(CGRect(x: 1, y: 2, width: 3, height: 4)); return p }()
    private static let turn = CATransform3DMakeRotation(0.5, 0, 0, 1)

    private static func layer() -> CALayer { CALayer() }
    private static func shapeLayer() -> CALayer { CAShapeLayer() }
    private static func textLayer() -> CALayer { CATextLayer() }
    private static func gradientLayer() -> CALayer { CAGradientLayer() }
    private static func replicator() -> CALayer { CAReplicatorLayer() }

    private static func num<T: Equatable>(_ key: String, on make: @escaping () -> CALayer = layer, _ v: T, animatable: Bool?,
                                          _ get: @escaping (CALayer) -> T) -> Row {
        Row(key: key, make: make, value: v, holds: { get($0) == v }, readsBack: { ($0 as? T) == v }, animatable: animatable)
    }

    private static func color(_ key: String, on make: @escaping () -> CALayer = layer, _ get: @escaping (CALayer) -> CGColor?) -> Row {
        Row(key: key, make: make, value: red, holds: { get($0) == red }, readsBack: { ($0 as? CGColor) == red }, animatable: true)
    }

    private let rows: [Row] = [
        num("bounds", CGRect(x: 1, y: 2, width: 30, height: 40), animatable: true) { $0.bounds },
        num("position", CGPoint(x: 7, y: 9), animatable: true) { $0.position },
        num("zPosition", CGFloat(3), animatable: true) { $0.zPosition },
        num("anchorPoint", CGPoint(x: 0.25, y: 0.75), animatable: true) { $0.anchorPoint },
        num("anchorPointZ", CGFloat(4), animatable: true) { $0.anchorPointZ },
        num("transform", turn, animatable: true) { $0.transform },
        num("sublayerTransform", turn, animatable: true) { $0.sublayerTransform },
        num("geometryFlipped", true, animatable: false) { $0.isGeometryFlipped },
        num("hidden", true, animatable: true) { $0.isHidden },
        num("doubleSided", false, animatable: true) { $0.isDoubleSided },
        num("masksToBounds", true, animatable: true) { $0.masksToBounds },
        num("opacity", Float(0.25), animatable: true) { $0.opacity },
        color("backgroundColor") { $0.backgroundColor },
        num("cornerRadius", CGFloat(5), animatable: true) { $0.cornerRadius },
        num("borderWidth", CGFloat(2), animatable: true) { $0.borderWidth },
        color("borderColor") { $0.borderColor },
        color("shadowColor") { $0.shadowColor },
        num("shadowOpacity", Float(0.5), animatable: true) { $0.shadowOpacity },
        num("shadowOffset", CGSize(width: 3, height: -4), animatable: true) { $0.shadowOffset },
        num("shadowRadius", CGFloat(6), animatable: true) { $0.shadowRadius },
        Row(key: "shadowPath", make: layer, value: shape, holds: { $0.shadowPath == shape }, readsBack: { ($0 as? CGPath) == shape }, animatable: true),
        num("allowsGroupOpacity", false, animatable: false) { $0.allowsGroupOpacity },
        num("allowsEdgeAntialiasing", true, animatable: false) { $0.allowsEdgeAntialiasing },
        num("opaque", true, animatable: false) { $0.isOpaque },
        num("shouldRasterize", true, animatable: nil) { $0.shouldRasterize },
        num("rasterizationScale", CGFloat(3), animatable: nil) { $0.rasterizationScale },
        Row(key: "contents", make: layer, value: image, holds: { ($0.contents as? CGImage) === image },
            readsBack: { ($0 as? CGImage) === image }, animatable: true),
        num("contentsRect", CGRect(x: 0.5, y: 0, width: 0.5, height: 1), animatable: true) { $0.contentsRect },
        num("contentsCenter", CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), animatable: true) { $0.contentsCenter },
        num("contentsScale", CGFloat(2), animatable: false) { $0.contentsScale },
        num("minificationFilterBias", Float(0.5), animatable: false) { $0.minificationFilterBias },
        num("beginTime", 2.5, animatable: false) { $0.beginTime },
        num("duration", 3.5, animatable: false) { $0.duration },
        num("speed", Float(2), animatable: false) { $0.speed },
        num("timeOffset", 1.5, animatable: false) { $0.timeOffset },
        num("repeatCount", Float(3), animatable: false) { $0.repeatCount },
        num("repeatDuration", 4.5, animatable: false) { $0.repeatDuration },
        num("autoreverses", true, animatable: false) { $0.autoreverses },
        Row(key: "path", make: shapeLayer, value: shape, holds: { ($0 as! CAShapeLayer).path == shape },
            readsBack: { ($0 as? CGPath) == shape }, animatable: true),
        color("fillColor", on: shapeLayer) { ($0 as! CAShapeLayer).fillColor },
        color("strokeColor", on: shapeLayer) { ($0 as! CAShapeLayer).strokeColor },
        num("strokeStart", on: shapeLayer, CGFloat(0.25), animatable: true) { ($0 as! CAShapeLayer).strokeStart },
        num("strokeEnd", on: shapeLayer, CGFloat(0.75), animatable: true) { ($0 as! CAShapeLayer).strokeEnd },
        num("lineWidth", on: shapeLayer, CGFloat(3), animatable: true) { ($0 as! CAShapeLayer).lineWidth },
        num("miterLimit", on: shapeLayer, CGFloat(4), animatable: true) { ($0 as! CAShapeLayer).miterLimit },
        num("lineDashPhase", on: shapeLayer, CGFloat(2), animatable: true) { ($0 as! CAShapeLayer).lineDashPhase },
        Row(key: "lineDashPattern", make: shapeLayer, value: [NSNumber(value: 4), NSNumber(value: 2)],
            holds: { ($0 as! CAShapeLayer).lineDashPattern == [4, 2] }, readsBack: { ($0 as? [NSNumber]) == [4, 2] }, animatable: true),
        num("fontSize", on: textLayer, CGFloat(20), animatable: true) { ($0 as! CATextLayer).fontSize },
        color("foregroundColor", on: textLayer) { ($0 as! CATextLayer).foregroundColor },
        Row(key: "colors", make: gradientLayer, value: [red, red], holds: { (($0 as! CAGradientLayer).colors as? [CGColor]) == [red, red] },
            readsBack: { ($0 as? [CGColor]) == [red, red] }, animatable: true),
        Row(key: "locations", make: gradientLayer, value: [NSNumber(value: 0.25), NSNumber(value: 0.75)],
            holds: { ($0 as! CAGradientLayer).locations == [0.25, 0.75] }, readsBack: { ($0 as? [NSNumber]) == [0.25, 0.75] }, animatable: true),
        num("startPoint", on: gradientLayer, CGPoint(x: 0.25, y: 0), animatable: true) { ($0 as! CAGradientLayer).startPoint },
        num("endPoint", on: gradientLayer, CGPoint(x: 0.75, y: 1), animatable: true) { ($0 as! CAGradientLayer).endPoint },
        num("instanceCount", on: replicator, 4, animatable: false) { ($0 as! CAReplicatorLayer).instanceCount },
        num("instanceDelay", on: replicator, 0.5, animatable: true) { ($0 as! CAReplicatorLayer).instanceDelay },
        num("instanceTransform", on: replicator, turn, animatable: true) { ($0 as! CAReplicatorLayer).instanceTransform },
        color("instanceColor", on: replicator) { ($0 as! CAReplicatorLayer).instanceColor },
        num("instanceRedOffset", on: replicator, Float(-0.25), animatable: true) { ($0 as! CAReplicatorLayer).instanceRedOffset },
        num("instanceGreenOffset", on: replicator, Float(-0.5), animatable: true) { ($0 as! CAReplicatorLayer).instanceGreenOffset },
        num("instanceBlueOffset", on: replicator, Float(-0.125), animatable: true) { ($0 as! CAReplicatorLayer).instanceBlueOffset },
        num("instanceAlphaOffset", on: replicator, Float(-0.0625), animatable: true) { ($0 as! CAReplicatorLayer).instanceAlphaOffset },
    ]

    func testEveryKeyReachesItsPropertyAndReadsBack() {
        for r in rows {
            let l = r.make()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            l.setValue(r.value, forKey: r.key)
            CATransaction.commit()
            XCTAssertTrue(r.holds(l), "\(r.key): the property holds the value set through KVC")
            XCTAssertTrue(r.readsBack(l.value(forKey: r.key)), "\(r.key): value(forKey:) reads \(String(describing: l.value(forKey: r.key)))")
        }
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    func testOnlyAnimatablePropertiesRunTheirAction() {
        for r in rows {
            guard let animatable = r.animatable else { continue }
            let l = r.make()
            CATransaction.flush()
            l.setValue(r.value, forKey: r.key)
            // The action is an animation for the key (a transition for contents, as Apple's fade).
            XCTAssertEqual(l.animationKeys() ?? [], animatable ? [r.key == "contents" ? "transition" : r.key] : [], r.key)
            CATransaction.flush()
        }
    }

    /// The Swift spellings of Apple's Bool properties are aliases of the KVC keys.
    func testSwiftSpellingsAreAliases() {
        let l = CALayer()
        CATransaction.setDisableActions(true)
        for (alias, key) in [("isHidden", "hidden"), ("isDoubleSided", "doubleSided"), ("isGeometryFlipped", "geometryFlipped"), ("isOpaque", "opaque")] {
            let before = l.value(forKey: key) as? Bool
            XCTAssertNotNil(before, key)
            l.setValue(!(before ?? false), forKey: alias)
            XCTAssertEqual(l.value(forKey: key) as? Bool, !(before ?? false), alias)
            XCTAssertEqual(l.value(forKey: alias) as? Bool, !(before ?? false), alias)
        }
        XCTAssertTrue(l.isHidden); XCTAssertFalse(l.isDoubleSided); XCTAssertTrue(l.isGeometryFlipped); XCTAssertTrue(l.isOpaque)
    }

    /// Sub-key-paths of points, sizes and rectangles read and write one component.
    func testComponentKeyPaths() {
        let l = CALayer()
        CATransaction.setDisableActions(true)
        l.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        l.position = CGPoint(x: 5, y: 6)
        l.shadowOffset = CGSize(width: 7, height: 8)
        let reads: [(String, CGFloat)] = [("position.x", 5), ("position.y", 6), ("shadowOffset.width", 7), ("shadowOffset.height", 8),
                                          ("bounds.origin.x", 1), ("bounds.origin.y", 2), ("bounds.size.width", 30), ("bounds.size.height", 40)]
        for (k, v) in reads { XCTAssertEqual(l.value(forKeyPath: k) as? CGFloat, v, k) }
        XCTAssertEqual(l.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 30, height: 40))
        XCTAssertNil(l.value(forKeyPath: "position.z"))
        XCTAssertNil(l.value(forKeyPath: "bounds.middle"))
        l.setValue(50, forKeyPath: "position.y")
        l.setValue(-3, forKeyPath: "shadowOffset.width")
        l.setValue(11, forKeyPath: "bounds.origin.y")
        l.setValue(12, forKeyPath: "bounds.size.width")
        XCTAssertEqual(l.position, CGPoint(x: 5, y: 50))
        XCTAssertEqual(l.shadowOffset, CGSize(width: -3, height: 8))
        XCTAssertEqual(l.bounds, CGRect(x: 1, y: 11, width: 12, height: 40))
        l.setValue(CGPoint(x: -1, y: -2), forKeyPath: "bounds.origin")
        l.setValue(CGSize(width: 3, height: 4), forKeyPath: "bounds.size")
        XCTAssertEqual(l.bounds, CGRect(x: -1, y: -2, width: 3, height: 4))
        l.setValue(CGSize(width: 9, height: 10), forKeyPath: "transform.translation")
        XCTAssertEqual(l.transform.m41, 9); XCTAssertEqual(l.transform.m42, 10)
        XCTAssertEqual(l.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 9, height: 10))
    }

    /// Setting a transform sub-key on an untransformed layer gives exactly the matching elementary
    /// transform (Ref4, built by hand).
    func testTransformSubKeysOnAnIdentityTransform() {
        let rows: [(String, Ref4.M)] = [
            ("scale", Ref4.scale(3, 3, 3)), ("scale.x", Ref4.scale(3, 1, 1)), ("scale.y", Ref4.scale(1, 3, 1)), ("scale.z", Ref4.scale(1, 1, 3)),
            ("rotation", Ref4.rotation(3, 0, 0, 1)), ("rotation.z", Ref4.rotation(3, 0, 0, 1)),
            ("rotation.x", Ref4.rotation(3, 1, 0, 0)), ("rotation.y", Ref4.rotation(3, 0, 1, 0)),
            ("translation.x", Ref4.translation(3, 0, 0)), ("translation.y", Ref4.translation(0, 3, 0)), ("translation.z", Ref4.translation(0, 0, 3)),
        ]
        for (sub, expected) in rows {
            for base in ["transform", "sublayerTransform"] {
                let l = CALayer()
                CATransaction.begin(); CATransaction.setDisableActions(true)
                l.setValue(3, forKeyPath: "\(base).\(sub)")
                CATransaction.commit()
                let m = base == "transform" ? l.transform : l.sublayerTransform
                XCTAssertLessThan(Ref4.distance(Ref4.rows(m), expected), 1e-12, "\(base).\(sub)")
            }
            let r = CAReplicatorLayer()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            r.setValue(3, forKeyPath: "instanceTransform.\(sub)")
            CATransaction.commit()
            XCTAssertLessThan(Ref4.distance(Ref4.rows(r.instanceTransform), expected), 1e-12, "instanceTransform.\(sub)")
        }
    }
}
