import Foundation
import CoreGraphics
import Compositor

/// The flattened fill contours and stroke outlines of shape layers, kept from one frame to the next
/// by render node: a shape whose path (the same `CGPath` object, or one with the same elements) and
/// stroke geometry did not change gets the arrays it got last frame, neither flattened nor stroked
/// again. Colours are not part of it (a shape whose colour animates still reuses its geometry).
/// Entries not used in a frame are dropped at its end. Used by its render tree builder's thread only.
struct ShapeContourCache {
    /// What a stroke outline depends on besides the path.
    struct Stroke: Hashable, Sendable {
        var lineWidth: CGFloat, miterLimit: CGFloat, dashPhase: CGFloat
        var cap: CGLineCap, join: CGLineJoin
        var dashPattern: [CGFloat]
        var start: CGFloat, end: CGFloat
    }

    /// One node's geometry: a class, changed in place (a path that changes every frame looks its
    /// entry up once per fill and outline, with no copy of the entry and no second look-up to store it).
    private final class Entry {
        /// The path the arrays were made from (a copy of a mutable one, which could change after).
        let path: CGPath
        var fill: Contours?
        /// The tolerance `fill` was flattened to.
        var fillTolerance: CGFloat = 0
        var stroke: Stroke?
        var outline: Contours?

        init(path: CGPath) { self.path = path }
    }

    /// A fill's contours or a stroke outline: made by the builder, or deferred to the bands that draw it.
    enum Contours {
        case made([[CGPoint]])
        case deferred(DeferredContours)

        /// The contours (deferred ones made now when they were not yet).
        var contours: [[CGPoint]] {
            switch self {
            case .made(let c): c
            case .deferred(let d): d.contours
            }
        }
    }

    /// What a deferred outline is made from (its `DeferredContours` key).
    private struct OutlineKey: Hashable, Sendable {
        let path: CGPath
        let stroke: Stroke
    }

    /// What deferred fill contours are made from (their `DeferredContours` key).
    private struct FillKey: Hashable, Sendable {
        let path: CGPath
        let tolerance: CGFloat
    }

    private var entries: [UInt64: Entry] = [:]
    private var used = Set<UInt64>()

    /// The fill contours of `path` for render node `node`, within `tolerance`: made here, or (when
    /// `defers` and they surely hold a contour, `PathGeometry.fillSurelyDraws`) by the first
    /// thread that reads them.
    mutating func fill(_ path: CGPath, node: UInt64, tolerance: CGFloat, defers: Bool = true) -> Contours {
        used.insert(node)
        let e = entry(node, path)
        if let f = e.fill, e.fillTolerance == tolerance { return f }
        let kept = e.path
        let f: Contours
        if defers, PathGeometry.fillSurelyDraws(kept) {
            f = .deferred(DeferredContours(key: FillKey(path: kept, tolerance: tolerance), bounds: PathGeometry.fillBounds(kept),
                                           cost: Self.cost(kept, outline: false)) {
                PathGeometry.contours(kept, tolerance: tolerance)
            })
        } else {
            f = .made(PathGeometry.contours(kept, tolerance: tolerance))
        }
        e.fill = f
        e.fillTolerance = tolerance
        return f
    }

    /// The stroke outline of `path` with `stroke` for render node `node` (its curves flattened by
    /// the stroker, to its own tolerance: `tolerance` is not used). When `defers` and the outline
    /// surely has a contour (`PathGeometry.strokeSurelyDraws`), it is not made here but by the
    /// first thread that reads it (a band drawing it); else it is made now.
    mutating func outline(_ path: CGPath, stroke: Stroke, node: UInt64, tolerance: CGFloat, defers: Bool = true) -> Contours {
        used.insert(node)
        let e = entry(node, path)
        if e.stroke == stroke, let o = e.outline { return o }
        let kept = e.path
        let o: Contours
        if defers, PathGeometry.strokeSurelyDraws(kept, lineWidth: stroke.lineWidth, dashPattern: stroke.dashPattern,
                                                  start: stroke.start, end: stroke.end) {
            let box = PathGeometry.strokeBounds(kept, lineWidth: stroke.lineWidth, cap: stroke.cap, join: stroke.join,
                                                miterLimit: stroke.miterLimit)
            o = .deferred(DeferredContours(key: OutlineKey(path: kept, stroke: stroke), bounds: box, cost: Self.cost(kept, outline: true)) {
                Self.makeOutline(kept, stroke)
            })
        } else {
            o = .made(Self.makeOutline(kept, stroke))
        }
        e.stroke = stroke
        e.outline = o
        return o
    }

    /// About what making the contours of `path` costs (`DeferredContours.cost`): its elements, four
    /// times over for a stroke outline (stroking a flattened point takes about three and a half
    /// times its flattening for a fill: the morph row's 4 px outline 18 µs, its fill 5 µs).
    static func cost(_ path: CGPath, outline: Bool) -> Int { path.commands.count * (outline ? 4 : 1) }

    /// The outline's contours (the stroker's polygons with a finite point each).
    private static func makeOutline(_ path: CGPath, _ stroke: Stroke) -> [[CGPoint]] {
        PathGeometry.strokeOutline(path, lineWidth: stroke.lineWidth, cap: stroke.cap, join: stroke.join,
                                   miterLimit: stroke.miterLimit, dashPhase: stroke.dashPhase,
                                   dashPattern: stroke.dashPattern, start: stroke.start, end: stroke.end)
    }

    /// Forgets the entries of nodes not drawn since the last call.
    mutating func endFrame() {
        if entries.count > used.count { entries = entries.filter { used.contains($0.key) } }
        used.removeAll(keepingCapacity: true)
    }

    /// Whether `path` has the elements of the entry's `kept` path (the same object first: a kept
    /// path is never a mutable one, whose elements could have changed since).
    private static func same(_ kept: CGPath, _ path: CGPath) -> Bool { kept === path || kept == path }

    /// `path`, or an immutable copy of a mutable one (whose elements could change after).
    private static func kept(_ path: CGPath) -> CGPath { path is CGMutablePath ? path.copy() ?? path : path }

    /// The entry of node `node` when it was made from `path` (the same object or the same
    /// elements); else a new, empty entry for `path` (kept: see `kept`) in its place.
    private mutating func entry(_ node: UInt64, _ path: CGPath) -> Entry {
        if let e = entries[node], Self.same(e.path, path) { return e }
        let e = Entry(path: Self.kept(path))
        entries[node] = e
        return e
    }
}
