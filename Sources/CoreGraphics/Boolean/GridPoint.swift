import Foundation

/// A vertex of a boolean operation, snapped to a square grid: two vertices are the same point
/// exactly when their grid coordinates are equal, so coincident vertices and edges found by
/// different computations meet.
struct GridPoint: Hashable, Sendable {
    var i: Int64
    var j: Int64
}

/// The grid a boolean operation snaps to: a power of two about 2⁻³⁶ of the inputs' largest
/// coordinate (1.5e-8 units for coordinates near 1000), far finer than any drawn pixel and far
/// coarser than the rounding error of an intersection point.
struct SnapGrid: Sendable {
    let step: Double

    /// The grid for coordinates up to `extent` in magnitude.
    init(extent: Double) {
        let e = extent.isFinite ? max(extent, 1) : 1
        step = Double(sign: .plus, exponent: e.exponent - 36, significand: 1)
    }

    /// The grid point nearest `(x, y)`.
    func snap(_ x: Double, _ y: Double) -> GridPoint {
        GridPoint(i: Int64((x / step).rounded()), j: Int64((y / step).rounded()))
    }

    /// The position of grid point `p`.
    func x(_ p: GridPoint) -> Double { Double(p.i) * step }
    func y(_ p: GridPoint) -> Double { Double(p.j) * step }
}
