import Foundation

/// Rectangles of a frame that a later node paints over exactly: each the device pixels where
/// its node (`order`) writes opaque colour straight onto the frame (a copy, whatever lies beneath).
/// Whatever node i draws there before it (i < order) is replaced pixel for pixel, so drawing it
/// can be skipped without changing a bit of the frame.
///
/// Found once per frame before the bands start (`TreeRasterizer.occluders`), then only read, by
/// every band's thread.
struct Occluders: Sendable {
    /// One opaque rectangle and the node that paints it.
    struct Item: Sendable {
        var rect: IntRect
        var order: Int
    }
    /// The rectangles, by order (a query for the rectangles after a node starts where they begin).
    private(set) var items: [Item] = []
    /// The smallest rectangle holding them all (a rectangle outside it is covered by none).
    private(set) var bounds = IntRect.empty

    /// The opaque rectangles (device pixels), each non-empty, by order.
    var rects: [IntRect] { items.map(\.rect) }
    /// The node index that paints each rectangle.
    var orders: [Int] { items.map(\.order) }

    /// At most this many rectangles are kept (the largest): each draw compares its rectangle with
    /// all of them.
    static let limit = 64
    /// Smaller rectangles are not kept: they would cost more comparisons than the pixels they save.
    static let minimumArea = 256

    /// Whether no rectangle is kept.
    var isEmpty: Bool { items.isEmpty }

    /// Adds node `order`'s opaque rectangle `r` (ignored when small), after those of the same or
    /// earlier orders.
    mutating func add(_ r: IntRect, order: Int) {
        guard r.area >= Occluders.minimumArea else { return }
        var k = items.count
        while k > 0 && items[k - 1].order > order { k -= 1 }
        items.insert(Item(rect: r, order: order), at: k)
        bounds = bounds.union(r)
    }

    /// Keeps the `limit` largest rectangles.
    mutating func trim() {
        guard items.count > Occluders.limit else { return }
        let keep = items.indices.sorted { items[$0].rect.area > items[$1].rect.area }.prefix(Occluders.limit).sorted()
        items = keep.map { items[$0] }
        bounds = items.reduce(IntRect.empty) { $0.union($1.rect) }
    }

    /// The index of the first rectangle painted after node `order`.
    @inline(__always)
    private func first(after order: Int) -> Int {
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].order > order { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Whether the whole of `r` lies under one rectangle painted after node `order`.
    func hides(_ r: IntRect, after order: Int) -> Bool {
        guard !items.isEmpty, r.x >= bounds.x, r.y >= bounds.y, r.maxX <= bounds.maxX, r.maxY <= bounds.maxY else { return false }
        return items.withUnsafeBufferPointer { it in
            for k in first(after: order)..<it.count {
                let o = it[k].rect
                if o.x <= r.x && o.y <= r.y && o.maxX >= r.maxX && o.maxY >= r.maxY { return true }
            }
            return false
        }
    }

    /// Calls `body` with rectangles that together cover exactly the pixels of `r` that no
    /// rectangle painted after node `order` covers (none when `r` is hidden; `r` itself when
    /// nothing covers it). Row bands from top to bottom, left to right within a band.
    func forEachVisible(_ r: IntRect, after order: Int, scratch: OcclusionScratch, _ body: (IntRect) -> Void) {
        guard !r.isEmpty else { return }
        // Nothing can cover it: no rectangle, or none where it lies.
        if items.isEmpty || r.intersection(bounds).isEmpty { body(r); return }
        // The covering rectangles within r, kept by left edge as they come (a handful: insertion),
        // so that each row band meets them in order.
        let cover = scratch.reserve(items.count)
        var n = 0
        let hidden: Bool = items.withUnsafeBufferPointer { it in
            for k in first(after: order)..<it.count {
                let c = it[k].rect.intersection(r)
                if c.isEmpty { continue }
                if c == r { return true }
                var j = n
                while j > 0 && cover[j - 1].x > c.x { cover[j] = cover[j - 1]; j -= 1 }
                cover[j] = c
                n += 1
            }
            return false
        }
        if hidden { return }
        if n == 0 { body(r); return }
        var y = r.y
        while y < r.maxY {
            // The band ends where a covering rectangle starts or ends.
            var next = r.maxY
            for k in 0..<n {
                let c = cover[k]
                if c.y > y { next = min(next, c.y) } else if c.maxY > y { next = min(next, c.maxY) }
            }
            // The gaps between the rectangles crossing the band, left to right.
            var x = r.x
            for k in 0..<n {
                let c = cover[k]
                guard c.y <= y && c.maxY > y else { continue }
                if c.x > x { body(IntRect(x: x, y: y, width: c.x - x, height: next - y)) }
                x = max(x, c.maxX)
            }
            if x < r.maxX { body(IntRect(x: x, y: y, width: r.maxX - x, height: next - y)) }
            y = next
        }
    }
}

/// Working storage for `Occluders.forEachVisible`: room for the rectangles covering the one
/// asked. Each band's drawer keeps one, used only by that band's thread.
final class OcclusionScratch {
    private var storage: UnsafeMutablePointer<IntRect>
    private var capacity: Int

    init() {
        capacity = Occluders.limit
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Room for at least `count` rectangles (the contents are not kept when it grows).
    func reserve(_ count: Int) -> UnsafeMutablePointer<IntRect> {
        if count > capacity {
            storage.deallocate()
            capacity = count
            storage = .allocate(capacity: count)
        }
        return storage
    }
}
