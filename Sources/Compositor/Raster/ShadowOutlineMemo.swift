import Foundation
import Synchronization

/// The device outlines of shadows cast from a layer's background (`TreeRasterizer.drawOutlineShadow`)
/// made before, found by what they are made from (the background's rectangle, corner radius and
/// corners, the device map, the arcs' fineness and the shadow's whole-pixel move): a layer whose
/// shadow stays is not cut into a polygon, projected, boxed and turned into its cache key's points
/// (hashed) again by every band of every frame, and the key made from a kept outline shares its
/// points' storage with the one the cache holds, so looking it up compares them by identity. The
/// same outline, the same points, bit for bit: it is a function of the recipe alone.
/// Shared by the bands of a frame renderer (one lock, held for a look-up or a store); bounded.
final class ShadowOutlineMemo: Sendable {
    /// What an outline is made from, by bits (NaN included, every value compared exactly).
    struct Recipe: Hashable, Sendable {
        let words: [UInt64]

        /// The recipe of `RoundedRect.polygon(bounds, radius:, corners:, pixelsPerUnit:)` projected
        /// through `H` and moved by (`dx`, `dy`).
        init(bounds: (x: Double, y: Double, width: Double, height: Double), radius: Double, corners: UInt8, pixelsPerUnit: Double,
             H: Projective2D, dx: Double, dy: Double) {
            words = [bounds.x, bounds.y, bounds.width, bounds.height, radius, pixelsPerUnit, H.a, H.b, H.c, H.d, H.e, H.f, H.g, H.h, H.i, dx, dy]
                .map(\.bitPattern) + [UInt64(corners)]
        }
    }

    /// One outline: its contours (device pixels), the box of their points (nil: no point), and
    /// the points as a `ShadowOutlineKey` holds them, with their hash.
    final class Outline: Sendable {
        let contours: [[(x: Double, y: Double)]]
        let box: IntRect?
        let points: [UInt64]
        let pointsHash: Int

        init(contours: [[(x: Double, y: Double)]]) {
            self.contours = contours
            let pts = contours.flatMap { $0 }
            if pts.isEmpty {
                box = nil
            } else {
                var x0 = pts[0].x, y0 = pts[0].y, x1 = x0, y1 = y0
                // (As `min()` and `max()` of each coordinate: `<` kept, NaN never taken after the first.)
                for p in pts.dropFirst() {
                    if p.x < x0 { x0 = p.x }
                    if x1 < p.x { x1 = p.x }
                    if p.y < y0 { y0 = p.y }
                    if y1 < p.y { y1 = p.y }
                }
                box = IntRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
            }
            points = ShadowOutlineKey.points(of: contours)
            pointsHash = ShadowOutlineKey.hash(ofPoints: points)
        }
    }

    private let outlines = Mutex<[Recipe: Outline]>([:])

    /// The most outlines kept (all dropped past it: a frame has few shadows cast from outlines).
    static let capacity = 256

    /// The outline of `recipe`, made by `make` (outside the lock) when not kept.
    func outline(_ recipe: Recipe, make: () -> [[(x: Double, y: Double)]]) -> Outline {
        if let kept = outlines.withLock({ $0[recipe] }) { return kept }
        let made = Outline(contours: make())
        outlines.withLock { o in
            if o.count >= ShadowOutlineMemo.capacity { o.removeAll() }
            // (Another band may have made it meanwhile: the same points, either is right.)
            if o[recipe] == nil { o[recipe] = made }
        }
        return made
    }

    /// Outlines kept (for tests).
    var count: Int { outlines.withLock { $0.count } }
}
