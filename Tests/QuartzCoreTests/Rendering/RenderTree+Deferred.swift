import XCTest
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

extension RenderTree {
    /// The render tree of the committed layer tree under `root` a minute from now, its shape
    /// layers' outlines made by the builder (`defers` false) or left to the bands that draw them
    /// (`defers` true, `DeferredContours`). For the tests of deferred contours.
    static func committed(_ root: CALayer, defersOutlines defers: Bool) -> RenderTree {
        CATransaction.flush()
        let builder = RenderTreeBuilder()
        builder.defersOutlines = defers
        return builder.build(PresentationSnapshot(root: root, time: CACurrentMediaTime() + 60))
    }
}
