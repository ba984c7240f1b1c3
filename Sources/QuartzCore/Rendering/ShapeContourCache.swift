import Foundation
import CoreGraphics

/// The flattened fill contours and stroke outlines of shape layers, kept from one frame to the next
/// by render node: a shape whose path (the same `CGPath` object, or one with the same elements) and
/// stroke geometry did not change gets the arrays it got last frame, neither flattened nor stroked
/// again. Colours are not part of it (a shape whose colour animates still reuses its geometry).
/// Entries not used in a frame are dropped at its end. Used by its render tree builder's thread only.
struct ShapeContourCache {
    /// What a stroke outline depends on besides the path.
    struct Stroke: Equatable {
        var lineWidth: CGFloat, miterLimit: CGFloat, dashPhase: CGFloat
        var cap: CGLineCap, join: CGLineJoin
        var dashPattern: [CGFloat]
        var start: CGFloat, end: CGFloat
    }

    private struct Entry {
        /// The path the arrays were made from (a copy of a mutable one, which could change after).
        var path: CGPath
        var fill: [[CGPoint]]?
        /// The tolerance `fill` was flattened to.
        var fillTolerance: CGFloat = 0
        var stroke: Stroke?
        var outline: [[CGPoint]]?
    }

    private var entries: [UInt64: Entry] = [:]
    private var used = Set<UInt64>()

    /// The fill contours of `path` for render node `node`, within `tolerance`.
    mutating func fill(_ path: CGPath, node: UInt64, tolerance: CGFloat) -> [[CGPoint]] {
        used.insert(node)
        if let e = entries[node], let f = e.fill, e.fillTolerance == tolerance, Self.same(e.path, path) { return f }
        let contours = PathGeometry.contours(path, tolerance: tolerance)
        update(node, path) { $0.fill = contours; $0.fillTolerance = tolerance }
        return contours
    }

    /// The stroke outline of `path` with `stroke` for render node `node` (its curves flattened by
    /// the stroker, to its own tolerance: `tolerance` is not used).
    mutating func outline(_ path: CGPath, stroke: Stroke, node: UInt64, tolerance: CGFloat) -> [[CGPoint]] {
        used.insert(node)
        if let e = entries[node], e.stroke == stroke, let o = e.outline, Self.same(e.path, path) { return o }
        let contours = PathGeometry.strokeOutline(path, lineWidth: stroke.lineWidth, cap: stroke.cap, join: stroke.join,
                                                  miterLimit: stroke.miterLimit, dashPhase: stroke.dashPhase,
                                                  dashPattern: stroke.dashPattern, start: stroke.start, end: stroke.end)
        update(node, path) { $0.stroke = stroke; $0.outline = contours }
        return contours
    }

    /// Forgets the entries of nodes not drawn since the last call.
    mutating func endFrame() {
        if entries.count > used.count { entries = entries.filter { used.contains($0.key) } }
        used.removeAll(keepingCapacity: true)
    }

    /// Whether `path` has the elements of the entry's `kept` path (the same object first: a kept
    /// path is never a mutable one, whose elements could have changed since).
    private static func same(_ kept: CGPath, _ path: CGPath) -> Bool { kept === path || kept == path }

    private mutating func update(_ node: UInt64, _ path: CGPath, _ change: (inout Entry) -> Void) {
        let kept = path is CGMutablePath ? path.copy() ?? path : path
        var e = entries[node].flatMap { Self.same($0.path, path) ? $0 : nil } ?? Entry(path: kept, fill: nil, stroke: nil, outline: nil)
        change(&e)
        entries[node] = e
    }
}
