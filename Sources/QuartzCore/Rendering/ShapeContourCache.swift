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

    private struct Entry {
        /// The path the arrays were made from (a copy of a mutable one, which could change after).
        var path: CGPath
        var fill: Contours?
        /// The tolerance `fill` was flattened to.
        var fillTolerance: CGFloat = 0
        var stroke: Stroke?
        var outline: Contours?
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
        if let e = entries[node], let f = e.fill, e.fillTolerance == tolerance, Self.same(e.path, path) { return f }
        let kept = Self.kept(path)
        let f: Contours
        if defers, PathGeometry.fillSurelyDraws(kept) {
            f = .deferred(DeferredContours(key: FillKey(path: kept, tolerance: tolerance), bounds: PathGeometry.fillBounds(kept)) {
                PathGeometry.contours(kept, tolerance: tolerance)
            })
        } else {
            f = .made(PathGeometry.contours(kept, tolerance: tolerance))
        }
        update(node, path, kept: kept) { $0.fill = f; $0.fillTolerance = tolerance }
        return f
    }

    /// The stroke outline of `path` with `stroke` for render node `node` (its curves flattened by
    /// the stroker, to its own tolerance: `tolerance` is not used). When `defers` and the outline
    /// surely has a contour (`PathGeometry.strokeSurelyDraws`), it is not made here but by the
    /// first thread that reads it (a band drawing it); else it is made now.
    mutating func outline(_ path: CGPath, stroke: Stroke, node: UInt64, tolerance: CGFloat, defers: Bool = true) -> Contours {
        used.insert(node)
        if let e = entries[node], e.stroke == stroke, let o = e.outline, Self.same(e.path, path) { return o }
        let kept = Self.kept(path)
        let o: Contours
        if defers, PathGeometry.strokeSurelyDraws(kept, lineWidth: stroke.lineWidth, dashPattern: stroke.dashPattern,
                                                  start: stroke.start, end: stroke.end) {
            let box = PathGeometry.strokeBounds(kept, lineWidth: stroke.lineWidth, cap: stroke.cap, join: stroke.join,
                                                miterLimit: stroke.miterLimit)
            o = .deferred(DeferredContours(key: OutlineKey(path: kept, stroke: stroke), bounds: box) { Self.makeOutline(kept, stroke) })
        } else {
            o = .made(Self.makeOutline(kept, stroke))
        }
        update(node, path, kept: kept) { $0.stroke = stroke; $0.outline = o }
        return o
    }

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

    private mutating func update(_ node: UInt64, _ path: CGPath, kept: CGPath? = nil, _ change: (inout Entry) -> Void) {
        let kept = kept ?? Self.kept(path)
        var e = entries[node].flatMap { Self.same($0.path, path) ? $0 : nil } ?? Entry(path: kept, fill: nil, stroke: nil, outline: nil)
        change(&e)
        entries[node] = e
    }
}
