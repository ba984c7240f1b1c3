import Foundation

/// What makes the alpha a shadow is blurred from when it is rasterised from an outline (a
/// shadowPath, or a layer's background, see `TreeRasterizer.drawOutlineShadow`): the outline's
/// device points, the rectangle rasterised and the columns the surface allows, with the blur's
/// area, deviation and reduction. Two equal keys rasterise to the same alpha and blur to the same
/// plane, so `ShadowCache` finds a blur by it without rasterising the outline again and comparing
/// the alpha value by value (which cost more than compositing a small blur kept from frame to
/// frame). Compared in full, never by hash alone.
struct ShadowOutlineKey: Hashable, Sendable {
    /// The contours' points, x and y in turn, each contour followed by a NaN pair (a separator no
    /// point can equal: NaN is compared by its bits here).
    let points: [UInt64]
    /// The source rectangle rasterised, and the blur's area (device pixels).
    let source: IntRect, area: IntRect
    /// The surface's columns (the rasteriser covers no pixel outside them).
    let columnsLow: Int, columnsHigh: Int
    let sigma: Double
    let factor: Int
    /// The points' hash, made once with the key: a key is looked up several times a frame under
    /// the shadow cache's lock (by every band drawing its shadow), and hashing its points there
    /// kept the other bands waiting.
    private let pointsHash: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(pointsHash)
        hasher.combine(source); hasher.combine(area)
        hasher.combine(columnsLow); hasher.combine(columnsHigh); hasher.combine(sigma); hasher.combine(factor)
    }

    /// Equal in full: every point, rectangle and number (the hashes first, the cheapest to differ).
    static func == (a: ShadowOutlineKey, b: ShadowOutlineKey) -> Bool {
        a.pointsHash == b.pointsHash && a.source == b.source && a.area == b.area && a.columnsLow == b.columnsLow
            && a.columnsHigh == b.columnsHigh && a.sigma == b.sigma && a.factor == b.factor && a.points == b.points
    }

    private static func hashOf(_ points: [UInt64]) -> Int {
        var h = Hasher()
        h.combine(points)
        return h.finalize()
    }

    /// The hash a key made from `points` carries (`ShadowOutlineMemo` keeps it with them).
    static func hash(ofPoints points: [UInt64]) -> Int { hashOf(points) }

    /// The points a key made from `contours` holds: x and y of each point in turn, each contour
    /// followed by a NaN pair.
    static func points(of contours: [[(x: Double, y: Double)]]) -> [UInt64] {
        var p: [UInt64] = []
        p.reserveCapacity(contours.reduce(0) { $0 + 2 * $1.count + 2 })
        for c in contours {
            for q in c { p.append(q.x.bitPattern); p.append(q.y.bitPattern) }
            p.append(Double.nan.bitPattern); p.append(Double.nan.bitPattern)
        }
        return p
    }

    /// A key naming what an outline stands for by `values` (the numbers a layer's alpha is made
    /// from, see `TreeRasterizer.ShadowName`) instead of by points: led by a NaN whose bits no
    /// contour's first point has (a contour's separator is the plain NaN), so the two kinds never
    /// meet.
    init(name values: [Double], source: IntRect, area: IntRect, columns: Range<Int>, sigma: Double, factor: Int) {
        points = [ShadowOutlineKey.nameTag] + values.map(\.bitPattern)
        pointsHash = ShadowOutlineKey.hashOf(points)
        self.source = source; self.area = area
        columnsLow = columns.lowerBound; columnsHigh = columns.upperBound
        self.sigma = sigma; self.factor = factor
    }

    /// The first word of a named key: a NaN with a payload no arithmetic makes.
    static let nameTag: UInt64 = 0x7FF8_0000_0000_CA4D

    init(contours: [[(x: Double, y: Double)]], source: IntRect, area: IntRect, columns: Range<Int>, sigma: Double, factor: Int) {
        let p = ShadowOutlineKey.points(of: contours)
        self.init(points: p, pointsHash: ShadowOutlineKey.hashOf(p), source: source, area: area, columns: columns, sigma: sigma, factor: factor)
    }

    /// The key of an outline whose points (`points(of:)`) and their hash (`hash(ofPoints:)`) are
    /// made already (`ShadowOutlineMemo`): the same key as from its contours, sharing the array.
    init(points: [UInt64], pointsHash: Int, source: IntRect, area: IntRect, columns: Range<Int>, sigma: Double, factor: Int) {
        self.points = points
        self.pointsHash = pointsHash
        self.source = source; self.area = area
        columnsLow = columns.lowerBound; columnsHigh = columns.upperBound
        self.sigma = sigma; self.factor = factor
    }
}
