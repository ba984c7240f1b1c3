import XCTest
import LaminaRandom
@testable import Compositor

/// A large source's fingerprint samples it (`ShadowCache.Key.sampledBlocks`): keys whose sources
/// differ only where it does not look share a hash, and are still told apart (compared in full).
final class ShadowCacheFingerprintTests: XCTestCase {
    func testSourcesDifferingWhereTheFingerprintDoesNotLookAreDifferentKeys() {
        var rng = SplitMix64(seed: 0xF1_6E)
        let w = 640, h = 361
        var a = [Float](repeating: 0, count: w * h)
        for i in a.indices { a[i] = Float(rng.int(0...255)) / 255 }
        func key(_ s: [Float]) -> ShadowCache.Key {
            ShadowCache.Key(source: s, sourceWidth: w, sourceHeight: h, offsetX: 4, offsetY: 4, areaWidth: w + 8, areaHeight: h + 8, sigma: 2, factor: 1)
        }
        // Value 2 (word 1) is between the first two sampled blocks of four words.
        var b = a
        b[10] = a[10] == 0 ? 1 : 0
        XCTAssertEqual(key(a).fingerprint, key(b).fingerprint, "not looked at")
        XCTAssertNotEqual(key(a), key(b))
        var c = a
        c[0] = a[0] == 0 ? 1 : 0
        XCTAssertNotEqual(key(a).fingerprint, key(c).fingerprint, "looked at")
        // A small source is hashed whole.
        XCTAssertNotEqual(ShadowCache.Key.fingerprint([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), ShadowCache.Key.fingerprint([0, 0, 0, 0, 0, 0, 1, 0, 0, 0]))
        let cache = ShadowCache()
        let pa = cache.plane(for: key(a)) { ([0.25], 1, 1) }, pb = cache.plane(for: key(b)) { ([0.75], 1, 1) }
        XCTAssertEqual([pa.plane[0], pb.plane[0]], [0.25, 0.75])
        XCTAssertEqual(cache.plane(for: key(b)) { ([0.5], 1, 1) }.plane[0], 0.75, "found again, its own")
        XCTAssertEqual(cache.misses, 2)
    }
}
