import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// `ShadowComposite.paint` cuts the drawn rectangle to the pixels a blurred plane can give a
/// coverage level (`liveBox`): the same pixels as painting all of it, on planes whose edges fade
/// out below, at and just above the level-0 threshold, at every reduction factor, opacity and
/// kernel level.
final class ShadowTrimTests: XCTestCase {
    func testTrimmedPaintGivesTheSamePixels() {
        var rng = SplitMix64(seed: 0x7217)
        var trimmed = 0
        for trial in 0..<80 {
            let factor = rng.pick([1, 2, 4, 8])
            let area = IntRect(x: rng.int(-30...30), y: rng.int(-30...30), width: rng.int(8...140), height: rng.int(8...110))
            let w = factor == 1 ? area.width : (area.width + factor - 1) / factor
            let h = factor == 1 ? area.height : (area.height + factor - 1) / factor
            let op = Float(rng.pick([1, 0.6, rng.double(0.05, 1)]))
            let t = 0.5 / (op * 255)
            // A bright middle fading out towards the edges, through values about the threshold.
            let cx = Double(w) / 2, cy = Double(h) / 2
            let plane: [Float] = (0..<(w * h)).map { k in
                let dx = abs(Double(k % w) + 0.5 - cx) / cx, dy = abs(Double(k / w) + 0.5 - cy) / cy
                let d = max(dx, dy)
                if d < 0.4 { return Float(rng.double(0.2, 1)) }
                if d < 0.7 { return t * Float(rng.pick([0.998, 0.999, 1, 1.001, 1.5, 3])) }
                return t * Float(rng.pick([0, 0.5, 0.99, 0.9989]))
            }
            let draw = rng.chance(0.7) ? area
                : IntRect(x: area.x + rng.int(0...(area.width / 2)), y: area.y + rng.int(0...(area.height / 2)), width: area.width / 2, height: area.height / 2)
            let frame = IntRect(x: area.x - 4, y: area.y - 4, width: area.width + 8, height: area.height + 8)
            let color = rng.pick([0xFF00_0000, rng.premultipliedPixel()])
            let tints = (0...255).map { Premultiplied.scale(color, UInt32($0)) }
            let start = (0..<frame.area).map { _ in rng.premultipliedPixel() }
            for level in BilinearKernelTests.modes {
                var results: [[UInt32]] = []
                for trims in [false, true] {
                    let s = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
                    for i in 0..<frame.area { s.pixels[i] = start[i] }
                    PixelKernels.withLevel(level) {
                        plane.withUnsafeBufferPointer { a in
                            tints.withUnsafeBufferPointer { tp in
                                ShadowComposite.paint(a, width: w, height: h, factor: factor, area: area, draw: draw, opacity: op, tints: tp,
                                                      trims: trims, on: s)
                            }
                        }
                    }
                    results.append((0..<frame.area).map { s.pixels[$0] })
                }
                XCTAssertEqual(results[0], results[1], "trial \(trial): factor \(factor), opacity \(op), area \(area), level \(level)")
            }
            let box = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: w, height: h, threshold: t * 0.999) }
            if let box, box.i0 > 0 || box.j0 > 0 || box.i1 < w || box.j1 < h { trimmed += 1 }
        }
        XCTAssertGreaterThan(trimmed, 40, "most planes have faint edges cut off (the comparison is not vacuous)")
    }

    /// A frame's bands each trim to the plane's rows that reach their own rows (`liveBox`'s
    /// `rows`): the area painted band by band, cut into horizontal strips of 1 to 12 rows (at any
    /// reduction factor, including strips of fewer rows than a reduced pixel), gives the pixels of
    /// painting it whole untrimmed.
    func testBandsTrimmedToTheirOwnRowsGiveTheWholesPixels() {
        var rng = SplitMix64(seed: 0xB14D)
        var emptyBands = 0
        for trial in 0..<60 {
            let factor = rng.pick([1, 2, 4, 8])
            let area = IntRect(x: rng.int(-20...20), y: rng.int(-20...20), width: rng.int(8...90), height: rng.int(24...120))
            let w = factor == 1 ? area.width : (area.width + factor - 1) / factor
            let h = factor == 1 ? area.height : (area.height + factor - 1) / factor
            let op = Float(rng.pick([1, 0.8, rng.double(0.05, 1)]))
            let t = 0.5 / (op * 255)
            // Live values in a few blobs of rows (some rows dead throughout), fading through the threshold.
            let liveRows = Set((0..<h).filter { _ in rng.chance(0.5) })
            let plane: [Float] = (0..<(w * h)).map { k in
                if !liveRows.contains(k / w) { return t * Float(rng.pick([0, 0.5, 0.9989])) }
                return rng.chance(0.3) ? Float(rng.double(0.1, 1)) : t * Float(rng.pick([0.998, 0.999, 1, 1.001, 2]))
            }
            let frame = IntRect(x: area.x - 4, y: area.y - 4, width: area.width + 8, height: area.height + 8)
            let color = rng.pick([0xFF00_0000, rng.premultipliedPixel()])
            let tints = (0...255).map { Premultiplied.scale(color, UInt32($0)) }
            let start = (0..<frame.area).map { _ in rng.premultipliedPixel() }
            var cuts = [area.y]
            while cuts.last! < area.maxY { cuts.append(min(area.maxY, cuts.last! + rng.int(1...12))) }
            for level in BilinearKernelTests.modes {
                var results: [[UInt32]] = []
                for banded in [false, true] {
                    let s = Surface(offscreen: frame, columns: frame.x..<frame.maxX)
                    for i in 0..<frame.area { s.pixels[i] = start[i] }
                    let draws = banded ? (1..<cuts.count).map { IntRect(x: area.x, y: cuts[$0 - 1], width: area.width, height: cuts[$0] - cuts[$0 - 1]) } : [area]
                    PixelKernels.withLevel(level) {
                        plane.withUnsafeBufferPointer { a in
                            tints.withUnsafeBufferPointer { tp in
                                for d in draws {
                                    ShadowComposite.paint(a, width: w, height: h, factor: factor, area: area, draw: d, opacity: op, tints: tp,
                                                          trims: banded, on: s)
                                }
                            }
                        }
                    }
                    results.append((0..<frame.area).map { s.pixels[$0] })
                }
                XCTAssertEqual(results[0], results[1], "trial \(trial): factor \(factor), opacity \(op), area \(area), cuts \(cuts), level \(level)")
            }
            for k in 1..<cuts.count {
                let rows = max(0, (cuts[k - 1] - area.y) / factor - 2)..<min(h, (cuts[k] - area.y + factor - 1) / factor + 2)
                if plane.withUnsafeBufferPointer({ ShadowComposite.liveBox($0, width: w, height: h, threshold: t * 0.999, rows: rows) }) == nil { emptyBands += 1 }
            }
        }
        XCTAssertGreaterThan(emptyBands, 8, "some bands see no live row of their own (and paint nothing)")
    }

    /// The live box of a 6 × 4 plane worked out by hand: values at or above 0.5 in columns 1 ... 3
    /// of rows 1 and 2, and a NaN (live: it rounds to a level) in column 4 of row 2.
    func testLiveBoxOfASmallPlane() {
        let plane: [Float] = [0, 0.4, 0.49, 0, 0, 0,
                              0, 0.5, 0, 0, 0, 0,
                              0, 0, 0, 0.7, .nan, 0.1,
                              0.3, 0, 0, 0, 0, 0]
        let box = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: 6, height: 4, threshold: 0.5) }
        XCTAssertEqual(box.map { [$0.i0, $0.i1, $0.j0, $0.j1] }, [1, 5, 1, 3])
        let none = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: 6, height: 4, threshold: .infinity) }
        XCTAssertEqual(none.map { [$0.i0, $0.i1, $0.j0, $0.j1] }, [4, 5, 2, 3], "only the NaN is not below infinity")
        // Rows 2 and 3 only: the 0.5 of row 1 is not looked at; row 0 alone: nothing live.
        let lower = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: 6, height: 4, threshold: 0.5, rows: 2..<4) }
        XCTAssertEqual(lower.map { [$0.i0, $0.i1, $0.j0, $0.j1] }, [3, 5, 2, 3])
        XCTAssertNil(plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: 6, height: 4, threshold: 0.5, rows: 0..<1) })
    }
}
