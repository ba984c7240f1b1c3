import XCTest
import LaminaRandom
import QuartzCore

/// The frame predictor as pure logic, fed simulated displays: every figure here is simulated time,
/// so the tests are exact and do not depend on the machine.
final class FramePredictorTests: XCTestCase {
    /// How a simulated display answers a present issued at a time: when the call returns, and when
    /// the frame is on screen.
    enum Display {
        /// A real vsync: the present returns at the next refresh of a `period` grid through `phase`.
        case vsync(period: Double, phase: Double)
        /// Xvfb: presents block until the next tick of a 16 ms timer (62.5 Hz) whatever mode it
        /// reports, jittered by up to `jitter` seconds.
        case fakeVblank(tick: Double, jitter: Double)
        /// No vsync: the present returns after `cost` seconds, plus up to `jitter`.
        case immediate(cost: Double, jitter: Double)
    }

    struct Run {
        var targets: [Double] = []
        var shown: [Double] = []
        var starts: [Double] = []
        var missed = 0
        var errors: [Double] { zip(targets, shown).map { $0 - $1 } }
        /// Frames per second over the run.
        var fps: Double { Double(shown.count - 1) / (shown.last! - shown.first!) }
    }

    /// Runs `seconds` of frames: each draws for `draw(i)` seconds, sleeps until the predictor's
    /// present time, presents, and the loop goes on right after the present returns.
    func simulate(_ display: Display, seconds: Double, hz: Double = 60, seed: UInt64 = 1,
                  draw: (Int) -> Double = { _ in 0.003 }) -> (Run, FramePredictor) {
        var p = FramePredictor(hz: hz)
        var rng = SplitMix64(seed: seed)
        var run = Run()
        var now = 1000.0
        var i = 0
        while now < 1000 + seconds {
            let target = p.nextTarget(now: now)
            if let last = run.targets.last { run.missed += p.missed(previous: last, current: target) }
            let ready = now + draw(i)
            let issued = max(ready, p.presentTime(for: target))
            let returned: Double
            switch display {
            case .vsync(let period, let phase):
                returned = phase + ((issued - phase) / period).rounded(.up) * period
            case .fakeVblank(let tick, let jitter):
                returned = (issued / tick).rounded(.up) * tick + rng.unit() * jitter
            case .immediate(let cost, let jitter):
                returned = issued + cost + rng.unit() * jitter
            }
            p.recordFrame(started: now, ready: ready, issued: issued, returned: returned)
            run.starts.append(now)
            run.targets.append(target)
            run.shown.append(returned)
            now = returned + 0.0002
            i += 1
        }
        return (run, p)
    }

    func median(_ a: [Double]) -> Double { let s = a.sorted(); return s[s.count / 2] }
    func p99(_ a: [Double]) -> Double { let s = a.sorted(); return s[min(s.count - 1, s.count * 99 / 100)] }

    /// Error at the end minus error at the start: medians of the first and last five seconds.
    func trend(_ r: Run) -> Double {
        let n = Int(5 * r.fps)
        return median(Array(r.errors.suffix(n))) - median(Array(r.errors.prefix(n)))
    }

    func testXvfbsFakeVblankNeitherMakesMediaTimeRunFastNorChangesTheRate() {
        let (r, p) = simulate(.fakeVblank(tick: 0.016, jitter: 0.0007), seconds: 60)
        let period = 1.0 / 60
        XCTAssertFalse(p.isLocked, "a 62.5 Hz blocking present is not a 60 Hz vsync")
        XCTAssertEqual(r.fps, 60, accuracy: 0.2)
        XCTAssertLessThan(median(r.errors.map(abs)), period)
        XCTAssertLessThan(p99(r.errors.map(abs)), period)
        XCTAssertLessThan(abs(trend(r)), 0.001, "no drift over a minute")
        // Media time is never ahead of the clock by more than one refresh at the frame's start.
        for (t, s) in zip(r.targets, r.starts) { XCTAssertLessThanOrEqual(t - s, 2 * period + 0.004) }
    }

    func testA5994HzDisplayLocksAndShowsEachFrameAtItsTime() {
        let period = 1 / 59.94
        let (r, p) = simulate(.vsync(period: period, phase: 1000.0031), seconds: 60)
        XCTAssertTrue(p.isLocked)
        XCTAssertEqual(p.period, period, accuracy: 1e-6)
        XCTAssertEqual(r.fps, 59.94, accuracy: 0.05)
        // Once locked (after the first half second), frames show at the time they were drawn for.
        let settled = Array(r.errors.dropFirst(30))
        XCTAssertLessThan(p99(settled.map(abs)), 0.0005)
        XCTAssertLessThan(abs(trend(r)), 0.001)
        XCTAssertEqual(r.missed, 0)
    }

    func testJitteredPresentsWithoutVsyncStayWithinAPeriod() {
        let (r, p) = simulate(.immediate(cost: 0.0004, jitter: 0.003), seconds: 20, seed: 7)
        XCTAssertFalse(p.isLocked)
        XCTAssertEqual(r.fps, 60, accuracy: 0.2)
        XCTAssertLessThan(p99(r.errors.map(abs)), 1.0 / 60)
        XCTAssertLessThan(abs(trend(r)), 0.001)
    }

    func testAMissedFrameCostsAFrameAndNoDrift() {
        let period = 1.0 / 60
        let (r, _) = simulate(.vsync(period: period, phase: 1000), seconds: 10, draw: { $0 == 300 ? 0.025 : 0.003 })
        XCTAssertGreaterThanOrEqual(r.missed, 1)
        XCTAssertLessThanOrEqual(r.missed, 2)
        let after = Array(r.errors.dropFirst(310))
        XCTAssertLessThan(p99(after.map(abs)), 0.0005, "back on time after the slow frame")
    }

    /// Occasional slow frames (one in sixteen takes more than a refresh) on a 59.94 Hz vsync:
    /// presents then return two refreshes apart now and then, yet every return is on the display's
    /// grid, so the predictor still finds the display's own period (counting the refreshes between
    /// returns, not the returns) and locks to it.
    func testOccasionalSlowFramesStillLockToTheDisplaysPeriod() {
        let period = 1 / 59.94
        let (r, p) = simulate(.vsync(period: period, phase: 1000.0031), seconds: 10, draw: { $0 % 16 == 15 ? 0.02 : 0.003 })
        XCTAssertTrue(p.isLocked)
        XCTAssertEqual(p.period, period, accuracy: 1e-6)
        let gaps = zip(r.shown, r.shown.dropFirst()).map { ($1 - $0) / period }
        XCTAssertGreaterThan(gaps.filter { $0 > 1.5 }.count, 20, "presents two refreshes apart, again and again")
    }

    func testAStallOfOneSecondIsSkippedNotCaughtUp() {
        let period = 1.0 / 60
        let (r, _) = simulate(.immediate(cost: 0.0003, jitter: 0), seconds: 5, draw: { $0 == 100 ? 1.0 : 0.003 })
        // The frame after the stall is drawn for a time near the clock (the nearest refresh), not
        // for the next of the sixty refreshes it missed.
        let k = 101
        XCTAssertGreaterThan(r.targets[k] - r.starts[k], -period / 2)
        XCTAssertLessThan(r.targets[k] - r.starts[k], 2 * period + 0.004)
        XCTAssertGreaterThanOrEqual(r.missed, 55)
        let after = Array(r.errors.dropFirst(110))
        XCTAssertLessThan(p99(after.map(abs)), period, "recovered")
        XCTAssertEqual(Double(r.targets.count) / 5, 60 - 60 / 5, accuracy: 2, "the stall's second cost its frames")
    }

    func testUnknownRatesMeanSixtyHertz() {
        XCTAssertEqual(FramePredictor(hz: 0).nominalPeriod, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(FramePredictor(hz: 120).nominalPeriod, 1.0 / 120, accuracy: 1e-12)
    }
}
