import XCTest
@testable import Compositor

/// The shadow cache forgets what it evicts: past `capacity` floats the least recently used entries
/// go until at most half the capacity is kept, and a blur asked for again after its eviction is
/// computed again (a miss), never served from a dropped entry.
final class ShadowCacheEvictionTests: XCTestCase {
    private func key(_ tag: UInt16) -> ShadowCache.Key {
        ShadowCache.Key(source: [Float(tag), Float(tag)], sourceWidth: 2, sourceHeight: 1, offsetX: 0, offsetY: 0,
                        areaWidth: 2, areaHeight: 1, sigma: 1, factor: 1)
    }

    func testEvictedBlursAreComputedAgain() {
        // Capacity 100 floats; each entry holds 60 floats (plus 2 for its 2-value key).
        let cache = ShadowCache(capacity: 100)
        var made = 0
        func ask(_ k: ShadowCache.Key) {
            _ = cache.plane(for: k) { made += 1; return ([Float](repeating: 0.5, count: 60), 60, 1) }
        }
        ask(key(1))                       // stored 62
        ask(key(1))                       // a hit
        XCTAssertEqual([cache.misses, cache.hits, made], [1, 1, 1])
        ask(key(2))                       // stored 124 > 100: evict oldest first down to 50 → both go
        XCTAssertEqual([cache.misses, cache.hits, made], [2, 1, 2])
        ask(key(1))                       // evicted: computed again (stored 62)
        XCTAssertEqual([cache.misses, cache.hits, made], [3, 1, 3], "evicted entries must not be served")
        ask(key(1))                       // kept this time: a hit
        XCTAssertEqual([cache.misses, cache.hits, made], [3, 2, 3])
    }
}
