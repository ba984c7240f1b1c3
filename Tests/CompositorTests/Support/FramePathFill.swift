import Foundation
@testable import Compositor

extension PixelBuffer {
    /// Fills `contours` (pixel coordinates) with the premultiplied colour `color`, source-over,
    /// through the drawer that frames use (`PrimitiveDrawer` on a `Surface` of the whole buffer),
    /// so the tests check the frame path's own coverage and rounding.
    mutating func fillThroughFramePath(_ contours: [[(x: Double, y: Double)]], rule: FillRule, color: UInt32) {
        let w = width, h = height
        let drawer = PrimitiveDrawer()
        pixels.withUnsafeMutableBufferPointer { px in
            let frame = IntRect(x: 0, y: 0, width: w, height: h)
            let surface = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: frame)
            drawer.draw(contours, rule: rule, paint: .solid(color), opacity: 1, on: surface)
        }
    }
}
