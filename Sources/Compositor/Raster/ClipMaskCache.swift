import Foundation

/// The clip masks a drawer made recently, kept for the frames after: a clip that does not move (a
/// rounded or unaligned `masksToBounds` of a still layer, a Lottie animation's bounds) is
/// rasterised once, not every frame, and its runs of full coverage (`ClipMask.fullRun`) found once.
/// A mask is looked up by everything it is made from (the contours, the rule, the area, the outer
/// mask, the columns), so a hit is the mask that would be made again, value for value.
///
/// Bounded by bytes, not by a count of masks: a frame with many rounded clipped layers (the twelve
/// tiles of gradients-text, seventy cards) keeps every one of their masks while they fit in
/// `budget`, where a fixed count of eight made every mask again every frame. The least recently
/// used masks go first.
///
/// Owned by one `PrimitiveDrawer`, so used by one band's thread at a time; not shared.
final class ClipMaskCache {
    /// What a mask is made from.
    struct Key: Equatable {
        let points: [Double]
        let contourSizes: [Int]
        let evenOdd: Bool
        let area: IntRect
        let outer: ObjectIdentifier?
        let columns: Range<Int>

        /// Equal inputs; the cheap fields are compared before the points.
        static func == (a: Key, b: Key) -> Bool {
            a.area == b.area && a.columns == b.columns && a.evenOdd == b.evenOdd && a.outer == b.outer
                && a.contourSizes == b.contourSizes && a.points == b.points
        }
    }

    /// One kept mask, with the bytes it holds (its values and its key's points).
    private struct Entry {
        let key: Key
        let mask: ClipMask
        /// The outer mask the key names by identity, held so that identity is not reused.
        let outer: ClipMask?
        let bytes: Int
    }

    /// Masks kept, the most recently used first.
    private var entries: [Entry] = []
    /// The bytes the kept entries hold.
    private(set) var storedBytes = 0
    /// The most bytes of masks (and their keys) kept.
    let budget: Int
    /// Default budget: 24 MB per drawer (a 960 x 640-point window at 3 pixels a point clipped by
    /// twelve 216 x 132-point tiles holds 12 MB of masks).
    static let defaultBudget = 24 << 20
    /// Largest mask kept, in pixels (a mask of a huge frame is made again rather than held).
    static let largest = 1 << 22

    /// Masks kept now (for tests and statistics).
    var count: Int { entries.count }

    /// A cache keeping at most `budget` bytes of masks.
    init(budget: Int = ClipMaskCache.defaultBudget) { self.budget = budget }

    /// The bytes an entry of `mask` under `key` holds.
    static func bytes(of mask: ClipMask, key: Key) -> Int {
        mask.values.count * MemoryLayout<Float>.stride + key.points.count * MemoryLayout<Double>.stride
            + mask.rect.height * 8 + 128
    }

    /// The key of a mask of `contours` (device pixels) over `area` (within `outer`) with `rule`.
    static func key(_ contours: [[(x: Double, y: Double)]], rule: FillRule, area: IntRect, outer: ClipMask?, columns: Range<Int>) -> Key {
        var points: [Double] = []
        points.reserveCapacity(contours.reduce(0) { $0 + 2 * $1.count })
        for c in contours { for p in c { points.append(p.x); points.append(p.y) } }
        return Key(points: points, contourSizes: contours.map(\.count), evenOdd: rule == .evenOdd, area: area,
                   outer: outer.map(ObjectIdentifier.init), columns: columns)
    }

    /// The kept mask for `key`, or the one `make` makes (kept when small enough); `outer` is the
    /// mask the key names by identity.
    func mask(for key: Key, outer: ClipMask?, make: () -> ClipMask) -> ClipMask {
        if let i = entries.firstIndex(where: { $0.key == key }) {
            let hit = entries.remove(at: i)
            entries.insert(hit, at: 0)
            return hit.mask
        }
        let made = make()
        // An outer mask's identity is part of the key: the entry holds the outer mask, so its
        // identifier is never reused by another mask while the entry is kept.
        let bytes = ClipMaskCache.bytes(of: made, key: key)
        if made.rect.area <= ClipMaskCache.largest && bytes <= budget {
            entries.insert(Entry(key: key, mask: made, outer: outer, bytes: bytes), at: 0)
            storedBytes += bytes
            while storedBytes > budget, let last = entries.popLast() { storedBytes -= last.bytes }
        }
        return made
    }
}
