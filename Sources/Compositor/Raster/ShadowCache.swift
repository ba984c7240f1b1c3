import Foundation

/// Blurred shadow masks kept between draws: a shadow whose source alpha (the pixels that cast it),
/// placement in its blur area and blur are the same as one drawn before reuses that blur. So
/// replicated layers whose shadows differ only by translation and colour share one blur, and a
/// layer's shadow is not blurred again while only its position (by whole pixels) or opacity
/// changes. Entries are compared in full (the source alpha too), never by hash alone.
///
/// Shared by the threads that draw the bands of one frame renderer: guarded by a lock, held only
/// to look up or store an entry. Bounded: the least recently used entries go past `capacity` floats.
public final class ShadowCache: @unchecked Sendable {
    /// One blurred mask: its key and the blurred plane (full resolution, or reduced by `factor`).
    final class Entry: @unchecked Sendable {
        let key: Key
        let plane: [Float]
        let width: Int, height: Int
        var lastUse: Int
        init(key: Key, plane: [Float], width: Int, height: Int, lastUse: Int) {
            self.key = key; self.plane = plane; self.width = width; self.height = height; self.lastUse = lastUse
        }
    }

    /// What makes two blurs the same.
    struct Key: Hashable {
        /// The source alpha, 16-bit, row by row over the source rectangle.
        var source: [UInt16]
        var sourceWidth: Int, sourceHeight: Int
        /// The source rectangle's place in the blur area, and the area's size.
        var offsetX: Int, offsetY: Int, areaWidth: Int, areaHeight: Int
        var sigma: Double
        /// 1 for a full-resolution blur, else the reduction factor.
        var factor: Int
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var stored = 0
    private var clock = 0
    /// The most floats kept (default 8 M: 32 MB).
    public let capacity: Int
    /// Blurs computed and blurs reused so far (for tests and statistics).
    public private(set) var misses = 0, hits = 0

    /// A cache keeping at most `capacity` floats of blurred planes.
    public init(capacity: Int = 8 << 20) { self.capacity = capacity }

    /// The blurred plane for `key`, computed by `make` (outside the lock) when not kept.
    func plane(for key: Key, make: () -> (plane: [Float], width: Int, height: Int)) -> Entry {
        lock.lock()
        clock += 1
        if let e = entries[key] { e.lastUse = clock; hits += 1; lock.unlock(); return e }
        lock.unlock()
        let made = make()
        lock.lock(); defer { lock.unlock() }
        misses += 1
        let e = Entry(key: key, plane: made.plane, width: made.width, height: made.height, lastUse: clock)
        if made.plane.count <= capacity {
            if entries[key] == nil { stored += made.plane.count + key.source.count / 2 }
            entries[key] = e
            if stored > capacity { evict() }
        }
        return e
    }

    /// Drops the least recently used entries until under capacity.
    private func evict() {
        let order = entries.values.sorted { $0.lastUse < $1.lastUse }
        for e in order where stored > capacity / 2 {
            entries[e.key] = nil
            stored -= e.plane.count + e.key.source.count / 2
        }
    }
}
