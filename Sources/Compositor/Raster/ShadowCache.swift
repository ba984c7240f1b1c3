import Foundation
import Synchronization

/// Blurred shadow masks kept between draws: a shadow whose source alpha (the pixels that cast it),
/// placement in its blur area and blur are the same as one drawn before reuses that blur. So
/// replicated layers whose shadows differ only by translation and colour share one blur, and a
/// layer's shadow is not blurred again while only its position (by whole pixels) or opacity
/// changes. Entries are compared in full (the source alpha too), never by hash alone.
///
/// Shared by the threads that draw the bands of one frame renderer: guarded by a lock, held only
/// to look up or store an entry. Bounded: the least recently used entries go past `capacity` floats.
public final class ShadowCache: @unchecked Sendable {  // unchecked: guarded by `lock` with `madeSignal` (a condition a Mutex cannot wait on), as described above
    /// One blurred mask: its key and the blurred plane (full resolution, or reduced by `factor`).
    final class Entry: Sendable {
        let key: Key
        let plane: [Float]
        let width: Int, height: Int
        /// The cache's clock when it was last used (written under the cache's lock).
        let lastUse: Atomic<Int>
        init(key: Key, plane: [Float], width: Int, height: Int, lastUse: Int) {
            self.key = key; self.plane = plane; self.width = width; self.height = height; self.lastUse = Atomic(lastUse)
        }
    }

    /// What makes two blurs the same. Hashed through a fingerprint of the source computed once
    /// (a multiply-xor hash over its words: a lookup and a store hash the key twice, and hashing the
    /// alpha value by value through Hasher cost more than a small blur); equality compares in full.
    struct Key: Hashable {
        /// The source alpha, 16-bit, row by row over the source rectangle.
        let source: [UInt16]
        let sourceWidth: Int, sourceHeight: Int
        /// The source rectangle's place in the blur area, and the area's size.
        let offsetX: Int, offsetY: Int, areaWidth: Int, areaHeight: Int
        let sigma: Double
        /// 1 for a full-resolution blur, else the reduction factor.
        let factor: Int
        /// The source's fingerprint.
        let fingerprint: UInt64

        init(source: [UInt16], sourceWidth: Int, sourceHeight: Int, offsetX: Int, offsetY: Int, areaWidth: Int, areaHeight: Int,
             sigma: Double, factor: Int) {
            self.source = source; self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
            self.offsetX = offsetX; self.offsetY = offsetY; self.areaWidth = areaWidth; self.areaHeight = areaHeight
            self.sigma = sigma; self.factor = factor
            fingerprint = Key.fingerprint(source)
        }

        /// A 64-bit multiply-xor hash of the values, four at a time.
        static func fingerprint(_ v: [UInt16]) -> UInt64 {
            v.withUnsafeBufferPointer { b in
                var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(b.count)
                guard let base = b.baseAddress else { return h }
                let words = b.count / 4, raw = UnsafeRawPointer(base)
                for i in 0..<words {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD; h ^= h >> 29
                }
                for i in (words * 4)..<b.count { h = (h ^ UInt64(b[i])) &* 0xC4CE_B9FE_1A85_EC53; h ^= h >> 29 }
                return h
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fingerprint)
            hasher.combine(sourceWidth); hasher.combine(sourceHeight)
            hasher.combine(offsetX); hasher.combine(offsetY); hasher.combine(areaWidth); hasher.combine(areaHeight)
            hasher.combine(sigma); hasher.combine(factor)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.fingerprint == b.fingerprint && a.sourceWidth == b.sourceWidth && a.sourceHeight == b.sourceHeight
                && a.offsetX == b.offsetX && a.offsetY == b.offsetY && a.areaWidth == b.areaWidth && a.areaHeight == b.areaHeight
                && a.sigma == b.sigma && a.factor == b.factor && a.source == b.source
        }
    }

    private let lock = NSLock()
    /// Keys some thread is blurring now (guarded by `lock`).
    private var pending: Set<Key> = []
    /// Signalled when a pending blur is done.
    private let madeSignal = NSCondition()

    /// Whether `key` is still being blurred (takes `lock`).
    private func pending(_ key: Key) -> Bool { lock.lock(); defer { lock.unlock() }; return pending.contains(key) }
    private var entries: [Key: Entry] = [:]
    private var stored = 0
    private var clock = 0
    /// The most floats kept (default 8 M: 32 MB).
    public let capacity: Int
    /// Blurs computed and blurs reused so far (for tests and statistics).
    public private(set) var misses = 0, hits = 0

    /// A cache keeping at most `capacity` floats of blurred planes.
    public init(capacity: Int = 8 << 20) { self.capacity = capacity }

    /// The blurred plane for `key`, computed by `make` (outside the lock) when not kept. While one
    /// thread makes a blur, another asking for the same key waits for it (the bands of a frame
    /// that share a shadow ask for it at about the same time).
    func plane(for key: Key, make: () -> (plane: [Float], width: Int, height: Int)) -> Entry {
        lock.lock()
        clock += 1
        while pending.contains(key) { lock.unlock(); madeSignal.lock(); if pending(key) { madeSignal.wait() }; madeSignal.unlock(); lock.lock() }
        if let e = entries[key] { e.lastUse.store(clock, ordering: .relaxed); hits += 1; lock.unlock(); return e }
        pending.insert(key)
        lock.unlock()
        let made = make()
        lock.lock()
        pending.remove(key)
        defer { lock.unlock(); madeSignal.lock(); madeSignal.broadcast(); madeSignal.unlock() }
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
        let order = entries.values.sorted { $0.lastUse.load(ordering: .relaxed) < $1.lastUse.load(ordering: .relaxed) }
        for e in order where stored > capacity / 2 {
            entries[e.key] = nil
            stored -= e.plane.count + e.key.source.count / 2
        }
    }
}
