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

    /// This tree drawn by `threads` threads into a size × size frame filled with `fill` first.
    func pixels(size: Int, fill: UInt32, threads: Int) -> [UInt32] {
        var buffer = PixelBuffer(width: size, height: size, fill: fill)
        FrameRenderer(threads: threads).render(self, into: &buffer, background: nil)
        return buffer.pixels
    }
}
