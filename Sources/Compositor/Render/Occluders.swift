import Foundation

/// Rectangles of a frame that a later node paints over exactly: each the device pixels where
/// node `orders[k]` writes opaque colour straight onto the frame (a copy, whatever lies beneath).
/// Whatever node i draws there before it (i < order) is replaced pixel for pixel, so drawing it
/// can be skipped without changing a bit of the frame.
///
/// Found once per frame before the bands start (`TreeRasterizer.occluders`), then only read, by
/// every band's thread.
struct Occluders: Sendable {
    /// The opaque rectangles (device pixels), each non-empty.
    private(set) var rects: [IntRect] = []
    /// The node index that paints each rectangle.
    private(set) var orders: [Int] = []

    /// At most this many rectangles are kept (the largest): each draw compares its rectangle with
    /// all of them.
    static let limit = 64
    /// Smaller rectangles are not kept: they would cost more comparisons than the pixels they save.
    static let minimumArea = 256

    /// Whether no rectangle is kept.
    var isEmpty: Bool { rects.isEmpty }

    /// Adds node `order`'s opaque rectangle `r` (ignored when small).
    mutating func add(_ r: IntRect, order: Int) {
        guard r.area >= Occluders.minimumArea else { return }
        rects.append(r); orders.append(order)
    }

    /// Keeps the `limit` largest rectangles.
    mutating func trim() {
        guard rects.count > Occluders.limit else { return }
        let keep = rects.indices.sorted { rects[$0].area > rects[$1].area }.prefix(Occluders.limit).sorted()
        rects = keep.map { rects[$0] }; orders = keep.map { orders[$0] }
    }

    /// Whether the whole of `r` lies under one rectangle painted after node `order`.
    func hides(_ r: IntRect, after order: Int) -> Bool {
        for k in rects.indices where orders[k] > order {
            let o = rects[k]
            if o.x <= r.x && o.y <= r.y && o.maxX >= r.maxX && o.maxY >= r.maxY { return true }
        }
        return false
    }

    /// Calls `body` with rectangles that together cover exactly the pixels of `r` that no
    /// rectangle painted after node `order` covers (none when `r` is hidden; `r` itself when
    /// nothing covers it). Row bands from top to bottom, left to right within a band.
    func forEachVisible(_ r: IntRect, after order: Int, scratch: inout OcclusionScratch, _ body: (IntRect) -> Void) {
        guard !r.isEmpty else { return }
        scratch.cover.removeAll(keepingCapacity: true)
        for k in rects.indices where orders[k] > order {
            let c = rects[k].intersection(r)
            if c.isEmpty { continue }
            if c == r { return }
            scratch.cover.append(c)
        }
        if scratch.cover.isEmpty { body(r); return }
        var y = r.y
        while y < r.maxY {
            // The band ends where a covering rectangle starts or ends.
            var next = r.maxY
            scratch.spans.removeAll(keepingCapacity: true)
            for c in scratch.cover {
                if c.y > y { next = min(next, c.y); continue }
                if c.maxY <= y { continue }
                next = min(next, c.maxY)
                // Kept in order of their left edges (a handful: insertion).
                var k = scratch.spans.count
                scratch.spans.append((c.x, c.maxX))
                while k > 0 && scratch.spans[k - 1].0 > c.x { scratch.spans.swapAt(k - 1, k); k -= 1 }
            }
            var x = r.x
            for (a, b) in scratch.spans {
                if a > x { body(IntRect(x: x, y: y, width: a - x, height: next - y)) }
                x = max(x, b)
            }
            if x < r.maxX { body(IntRect(x: x, y: y, width: r.maxX - x, height: next - y)) }
            y = next
        }
    }
}

/// Working storage for `Occluders.forEachVisible`, kept by each band's drawer (one thread).
struct OcclusionScratch {
    /// The covering rectangles within the asked one.
    var cover: [IntRect] = []
    /// The column ranges covered in the current row band, by left edge.
    var spans: [(Int, Int)] = []
}
