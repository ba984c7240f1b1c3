import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Bands are balanced by their times: worked examples of the update, and frames whose bands end
/// wherever the balancing put them still equal one thread's pixels.
final class BandBalancerTests: XCTestCase {
    /// Two equal bands; the top one took 3 units, the bottom 1 (4 in all): half the time (2) is
    /// reached two thirds of the way down the top band (2 of its 3 units over 0…0.5), at 1/3. The
    /// boundary moves half-way there: (0.5 + 1/3) / 2 = 5/12.
    func testABusyBandGivesRowsToTheOther() {
        var b = BandBalancer()
        XCTAssertEqual(b.boundaries(count: 2), [0, 0.5, 1])
        b.update(times: [3, 1])
        XCTAssertEqual(b.boundaries[1], 5.0 / 12, accuracy: 1e-12)
        // Equal times keep it.
        b.update(times: [2, 2])
        XCTAssertEqual(b.boundaries[1], 5.0 / 12, accuracy: 1e-12)
    }

    /// Two bands that took as long, the second started 1 unit late (its thread woke late): all
    /// finishing together at (4 + 1) / 2 = 2.5 gives the first 2.5 units, 0.5 + 0.5 · 0.5 / 2 =
    /// 0.625 of the way; half-way there: 0.5625.
    func testALateBandGivesRowsToTheOther() {
        var b = BandBalancer()
        _ = b.boundaries(count: 2)
        b.update(times: [2, 2], delays: [0, 1])
        XCTAssertEqual(b.boundaries[1], 0.5625, accuracy: 1e-12)
        // Started on time and as long: kept.
        var c = BandBalancer()
        _ = c.boundaries(count: 2)
        c.update(times: [2, 2], delays: [0, 0])
        XCTAssertEqual(c.boundaries[1], 0.5, accuracy: 1e-12)
        // Nonsense delays change nothing.
        c.update(times: [3, 1], delays: [0, -1]); c.update(times: [3, 1], delays: [0, .infinity]); c.update(times: [3, 1], delays: [0])
        XCTAssertEqual(c.boundaries[1], 0.5, accuracy: 1e-12)
    }

    /// After frames of 4 units, one of 12 (a thread taken off its core) moves the boundary by a
    /// quarter of the usual half-way: towards 0.5 · 6 / 10 = 0.3 by 1/8, to 0.475.
    func testAFrameTwiceTheUsualMovesLittle() {
        var b = BandBalancer()
        _ = b.boundaries(count: 2)
        for _ in 0..<3 { b.update(times: [2, 2]) }
        XCTAssertEqual(b.usual, 4, accuracy: 1e-12)
        b.update(times: [10, 2])
        XCTAssertEqual(b.boundaries[1], 0.475, accuracy: 1e-12)
        // The usual frame follows it only slowly.
        XCTAssertEqual(b.usual, 4.4, accuracy: 1e-12)
    }

    /// Three bands over thirds with times 0, 0, 6: a third of the time (2) is reached a third of
    /// the way into the last band (2/3 + 1/9 = 7/9), two thirds at 2/3 + 2/9 = 8/9; half-way from
    /// 1/3 and 2/3: 5/9 and 7/9. An empty band never gets narrower than the minimum (0.02).
    func testThreeBandsAndTheMinimumWidth() {
        var b = BandBalancer()
        _ = b.boundaries(count: 3)
        b.update(times: [0, 0, 6])
        XCTAssertEqual(b.boundaries[1], 5.0 / 9, accuracy: 1e-12)
        XCTAssertEqual(b.boundaries[2], 7.0 / 9, accuracy: 1e-12)
        for _ in 0..<40 { b.update(times: [0, 0, 6]) }
        XCTAssertGreaterThanOrEqual(b.boundaries[3] - b.boundaries[2], 0.02 - 1e-12)
        XCTAssertGreaterThanOrEqual(b.boundaries[2] - b.boundaries[1], 0.02 - 1e-12)
        XCTAssertEqual(b.boundaries.first, 0); XCTAssertEqual(b.boundaries.last, 1)
        // Nonsense times change nothing; a new count starts from equal bands.
        let kept = b.boundaries
        b.update(times: [.nan, 1, 1]); b.update(times: [1, 1]); b.update(times: [0, 0, 0])
        XCTAssertEqual(b.boundaries, kept)
        XCTAssertEqual(b.boundaries(count: 4), [0, 0.25, 0.5, 0.75, 1])
    }

    /// Content only in the top fifth, drawn again and again on two and three threads, the bands
    /// moved before each frame by made-up times (seeded; a loaded machine may leave every band to
    /// the caller, which moves them no more) and by the frames' own: every frame equals the
    /// one-thread frame.
    func testFramesEqualOneThreadsWhereverTheBandsEnd() {
        for threads in [2, 3] { framesEqualOneThreads(threads: threads) }
    }

    private func framesEqualOneThreads(threads: Int) {
        let tree = flatTree(width: 160, height: 200, (0..<30).map { i in
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            n.toParent = .translation(Double(i * 4) + 0.5, Double(i % 5) * 4 + 0.25)
            n.backgroundColor = 0xCC00_0000 | UInt32(i * 6) << 16 | 0x3060   // premultiplied: no channel above alpha
            n.cornerRadius = 6
            return n
        })
        var one = PixelBuffer(width: 160, height: 200)
        FrameRenderer(threads: 1).render(tree, into: &one, background: 0xFFFF_FFFF)
        let two = FrameRenderer(threads: threads)
        var moved = false
        var rng = SplitMix64(seed: 0xBA_4D00 + UInt64(threads))
        for k in 0..<12 {
            if k > 0 {
                // After the first frame (which sets the balancer up for this area).
                two.balance(times: (0..<threads).map { _ in rng.double(1, 40) }, delays: (0..<threads).map { _ in rng.double(0, 20) },
                            drawnHere: 1)
            }
            var frame = PixelBuffer(width: 160, height: 200)
            two.render(tree, into: &frame, background: 0xFFFF_FFFF)
            if let i = (0..<frame.pixels.count).first(where: { frame.pixels[$0] != one.pixels[$0] }) {
                XCTFail("\(threads) threads, bands \(two.balancer.boundaries) pixel (\(i % 160), \(i / 160)): \(String(frame.pixels[i], radix: 16)) vs \(String(one.pixels[i], radix: 16))")
            }
            if two.balancer.boundaries[1] != 0.5 { moved = true }
        }
        XCTAssertTrue(moved, "the bands moved from equal halves")
    }
}
