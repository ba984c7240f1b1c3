import Foundation
import CoreGraphics

/// The coverage of a rounded rectangle's four corners on whole device pixels, rasterised once per
/// corner shape (device radius, arc segments, rounded corners) and used for every rectangle with
/// that shape: the corner rows of gradient cards (`PrimitiveDrawer.drawGradient(_:roundedRect:…)`)
/// then cost no rasterising. One per drawer (per thread, owned by it); emptied when it holds
/// `capacity` shapes.
///
/// The tiles are the `CoverageRasterizer` coverage of `RoundedRect.polygon` of a square of
/// 2c + 2 device pixels at the origin (c = the radius rounded up): its corners' c × c pixels. On a
/// rectangle whose four sides lie on whole pixels, at least 2c wide and tall, each corner's c × c
/// pixels are crossed by that corner's edges alone, and the rest of its corner rows take the
/// coverage past the left corner, so the rectangle's polygon moved there has the same coverage up
/// to the rounding of its
/// moved coordinates (doubles about 2⁻⁴⁰ apart, coverage in floats): not always the same bits,
/// within 1/255 of a channel in the pixels (`GradientCornerTilesTests`).
final class GradientCornerTiles {
    /// A corner shape: the radius in device pixels, the segments a quarter arc is cut into, and
    /// which corners are rounded (CACornerMask's bits).
    struct Key: Hashable {
        let radius: Double, steps: Int, corners: UInt8
    }

    /// Four c × c tiles of coverage, row after row: top-left, top-right, bottom-left, bottom-right
    /// (tile t's row j at values[(t · c + j) · c]), and the coverage between the corners of each of
    /// the 2c corner rows (top rows, then bottom rows): the rasteriser's running sum past the left
    /// corner, which its float additions leave a hair below 1 on some rows. A class, so that
    /// handing one out copies nothing.
    final class Tiles {
        /// The tiles' side: the radius rounded up.
        let side: Int
        let values: [Float]
        let between: [Float]

        init(side: Int, values: [Float], between: [Float]) {
            self.side = side; self.values = values; self.between = between
        }
    }

    /// The largest radius (device pixels) kept: larger corners are rasterised as they come.
    static let largestRadius = 64.0

    private var shapes: [Key: Tiles] = [:]
    private let capacity = 32
    private var rasterizer = CoverageRasterizer()

    /// The tiles of `key`'s corners, made on first use. `key.radius` must lie in
    /// 0 < radius ≤ largestRadius.
    func tiles(_ key: Key) -> Tiles {
        if let t = shapes[key] { return t }
        if shapes.count >= capacity { shapes.removeAll(keepingCapacity: true) }
        let t = GradientCornerTiles.make(key, rasterizer: &rasterizer)
        shapes[key] = t
        return t
    }

    /// Rasterises the square of 2c + 2 pixels and cuts out its corners.
    static func make(_ key: Key, rasterizer: inout CoverageRasterizer) -> Tiles {
        let c = Int(key.radius.rounded(.up)), side = 2 * c + 2
        let square = CGRect(x: 0, y: 0, width: side, height: side)
        let poly = RoundedRect.polygon(square, radius: key.radius, corners: key.corners, steps: key.steps)
        rasterizer.rasterize([poly], rule: .nonZero, columns: 0..<side, rows: 0..<side)
        var dense = [Float](repeating: 0, count: side * side)
        for s in rasterizer.spans {
            let y = Int(s.y)
            for x in Int(s.x)..<Int(s.x + s.length) { dense[y * side + x] = s.coverage }
        }
        var values = [Float](repeating: 0, count: 4 * c * c)
        for t in 0..<4 {
            let y0 = t < 2 ? 0 : side - c, x0 = t % 2 == 0 ? 0 : side - c
            for j in 0..<c {
                for i in 0..<c { values[(t * c + j) * c + i] = dense[(y0 + j) * side + x0 + i] }
            }
        }
        // Column c: the first of the two between the corners (no edge crosses them).
        let between = (0..<(2 * c)).map { j in dense[(j < c ? j : side - 2 * c + j) * side + c] }
        return Tiles(side: c, values: values, between: between)
    }
}
