import Foundation

/// The clip masks a drawer made recently, kept for the frames after: a clip that does not move (a
/// rounded or unaligned `masksToBounds` of a still layer, a Lottie animation's bounds) is
/// rasterised once, not every frame, and its runs of full coverage (`ClipMask.fullRun`) found once.
/// A mask is looked up by everything it is made from (the contours, the rule, the area, the outer
/// mask, the columns), so a hit is the mask that would be made again, value for value.
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
    }

    /// Masks kept, the most recently used first.
    private var entries: [(key: Key, mask: ClipMask, outer: ClipMask?)] = []
    /// Most masks kept.
    static let capacity = 8
    /// Largest mask kept, in pixels (a mask of a huge frame is made again rather than held).
    static let largest = 1 << 22

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
        if made.rect.area <= ClipMaskCache.largest {
            entries.insert((key, made, outer), at: 0)
            if entries.count > ClipMaskCache.capacity { entries.removeLast() }
        }
        return made
    }
}
