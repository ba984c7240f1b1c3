import Foundation
import CoreGraphics

/// Draws the operations of CoreGraphics' bitmap contexts into their pixels, with the same drawing
/// code as a layer's recorded drawing (`RecordedDrawing`). CoreGraphics finds this type by its
/// name at run time (`BitmapRasterizers`): keep the name and the module in step with it.
enum BitmapContextRasterizer: BitmapRasterizing {
    static func draw(_ op: CGContext.Operation, into pixels: UnsafeMutablePointer<UInt32>, stride: Int,
                     region: (x: Int, y: Int, width: Int, height: Int)) {
        guard region.width > 0, region.height > 0 else { return }
        let frame = IntRect(x: region.x, y: region.y, width: region.width, height: region.height)
        let surface = Surface(borrowing: pixels, frame: frame, stride: stride, scissor: frame)
        RecordedDrawing.draw(op, on: surface, drawer: PrimitiveDrawer())
    }
}
