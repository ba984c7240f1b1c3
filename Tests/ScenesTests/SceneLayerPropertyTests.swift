import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// The layer properties beyond the common ones: actions (animations and NSNull), mask layers,
/// corner masks and curves, filters, flipping and rasterisation settings.
final class SceneLayerPropertyTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testActionsMasksCornersAndFilters() throws {
        CAMediaClock.manualTime = 0
        let s = try Scene.parse("""
        layers:
          - name: a
            frame: [0, 0, 100, 100]
            cornerRadius: 10
            maskedCorners: "minXMinY, maxXMaxY"
            cornerCurve: continuous
            minificationFilter: nearest
            magnificationFilter: trilinear
            minificationFilterBias: 0.5
            isGeometryFlipped: true
            shouldRasterize: true
            rasterizationScale: 2
            mask: {name: hole, frame: [10, 10, 50, 50], backgroundColor: "#000000"}
            actions:
              position: null
              opacity: {duration: 2, timingFunction: linear}
              backgroundColor: {type: transition, transitionType: push, subtype: fromLeft}
        interactions:
          - on: {key: Space}
            set: [{layer: a, position: [200, 200], opacity: 0, backgroundColor: "#ff0000"}]
        """, file: "p.yaml")
        let a = try XCTUnwrap(s.layers["a"])
        XCTAssertEqual(a.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(a.cornerCurve, .continuous)
        XCTAssertEqual(a.minificationFilter, .nearest)
        XCTAssertEqual(a.magnificationFilter, .trilinear)
        XCTAssertEqual(a.minificationFilterBias, 0.5)
        XCTAssertTrue(a.isGeometryFlipped)
        XCTAssertTrue(a.shouldRasterize)
        XCTAssertEqual(a.rasterizationScale, 2)
        XCTAssertTrue(a.mask === s.layers["hole"], "the mask is a named layer too")
        XCTAssertTrue(a.actions?["position"] is NSNull)
        CATransaction.flush()
        s.handle(.key("Space"))
        CATransaction.flush()
        XCTAssertNil(a.animation(forKey: "position"), "NSNull: no implicit animation")
        let fade = try XCTUnwrap(a.animation(forKey: "opacity") as? CABasicAnimation, "the layer's own action")
        XCTAssertEqual(fade.duration, 2)
        XCTAssertEqual(fade.keyPath, "opacity", "an action's keyPath defaults to its event")
        XCTAssertEqual((a.animation(forKey: "transition") as? CATransition)?.type, .push)
        CAMediaClock.manualTime = 1
        XCTAssertEqual(Double(a.presentation()!.opacity), 0.5, accuracy: 1e-3, "half-way through the 2 s linear action")

        func err(_ y: String) -> String { do { _ = try Scene.parse(y, file: "e.yaml"); return "" } catch { return "\(error)" } }
        XCTAssertTrue(err("layers: [{name: a, maskedCorners: \"minXMinY top\"}]").contains("unknown corner \"top\""))
        XCTAssertTrue(err("layers: [{name: a, cornerCurve: round}]").contains("e.yaml:1:33: expected circular or continuous"))
        XCTAssertTrue(err("layers: [{name: a, actions: {opacity: 3}}]").contains("an action"))
    }
}
