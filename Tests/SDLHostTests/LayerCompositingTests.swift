import XCTest
import QuartzCore
@testable import SDLHost

/// The classification behind "colour blended / offscreen layers", case by case from the rules of
/// Xcode's Core Animation instrument: a mask, a shadow without a path, group opacity over
/// sublayers, a compositing filter and rasterisation render offscreen; anything not fully opaque
/// blends; a layer that draws nothing is not coloured.
final class LayerCompositingTests: XCTestCase {
    private func layer(_ alpha: CGFloat = 1) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: alpha)
        return l
    }

    func testOpaqueBlendedAndNothing() {
        XCTAssertEqual(LayerCompositing.of(layer()), .opaque)
        XCTAssertEqual(LayerCompositing.of(layer(0.5)), .blended, "translucent background")
        let rounded = layer(); rounded.cornerRadius = 4
        XCTAssertEqual(LayerCompositing.of(rounded), .blended, "rounded corners blend at the edges")
        let faded = layer(); faded.opacity = 0.5
        XCTAssertEqual(LayerCompositing.of(faded), .blended, "opacity without sublayers")
        XCTAssertNil(LayerCompositing.of(CALayer()), "draws nothing")
        let text = CATextLayer(); text.string = "hi"
        XCTAssertEqual(LayerCompositing.of(text), .blended, "text over nothing")
    }

    func testOffscreenCauses() {
        let group = layer(); group.opacity = 0.5; group.addSublayer(layer())
        XCTAssertEqual(LayerCompositing.of(group), .offscreen, "group opacity")
        let noGroup = layer(); noGroup.opacity = 0.5; noGroup.allowsGroupOpacity = false; noGroup.addSublayer(layer())
        XCTAssertEqual(LayerCompositing.of(noGroup), .blended, "without group opacity each layer blends on its own")
        let masked = layer(); masked.mask = layer()
        XCTAssertEqual(LayerCompositing.of(masked), .offscreen)
        let shadow = layer(); shadow.shadowOpacity = 0.5
        XCTAssertEqual(LayerCompositing.of(shadow), .offscreen, "shadow without a path")
        shadow.shadowPath = CGPath(rect: shadow.bounds, transform: nil)
        XCTAssertEqual(LayerCompositing.of(shadow), .opaque, "a shadow path avoids the offscreen pass")
        let blend = layer(); blend.compositingFilter = "multiplyBlendMode"
        XCTAssertEqual(LayerCompositing.of(blend), .offscreen)
        let raster = layer(); raster.shouldRasterize = true
        XCTAssertEqual(LayerCompositing.of(raster), .offscreen)
    }
}
