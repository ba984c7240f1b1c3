import XCTest
@testable import QuartzCore

final class TimingMathTests: XCTestCase {
    func params(duration: Double = 1, speed: Double = 1, offset: Double = 0, repeatCount: Double = 0, repeatDuration: Double = 0,
                autoreverses: Bool = false, fill: CAMediaTimingFillMode = .removed, begin: Double = 10) -> TimingParameters {
        TimingParameters(beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
                         repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
    }

    func testLocalTimeStep() {
        struct Row { let name: String; let parent, begin, speed, offset, expected: Double }
        let rows = [
            Row(name: "identity", parent: 5, begin: 0, speed: 1, offset: 0, expected: 5),
            Row(name: "begin shifts", parent: 5, begin: 2, speed: 1, offset: 0, expected: 3),
            Row(name: "speed scales", parent: 5, begin: 1, speed: 2, offset: 0, expected: 8),
            Row(name: "offset adds", parent: 5, begin: 1, speed: 2, offset: 1, expected: 9),
            Row(name: "paused", parent: 50, begin: 0, speed: 0, offset: 3, expected: 3),
            Row(name: "backwards", parent: 5, begin: 0, speed: -1, offset: 0, expected: -5),
        ]
        for r in rows {
            let l = mediaLocalTime(parentTime: r.parent, beginTime: r.begin, speed: r.speed, timeOffset: r.offset)
            XCTAssertEqual(l, r.expected, r.name)
            if r.speed != 0 { XCTAssertEqual(mediaParentTime(localTime: l, beginTime: r.begin, speed: r.speed, timeOffset: r.offset), r.parent, accuracy: 1e-12, r.name) }
        }
    }

    func testActiveDurationStep() {
        let rows: [(String, TimingParameters, Double)] = [
            ("once", params(), 1),
            ("repeat 3", params(repeatCount: 3), 3),
            ("repeat 2.5", params(repeatCount: 2.5), 2.5),
            ("autoreverse doubles an iteration", params(repeatCount: 2, autoreverses: true), 4),
            ("repeatDuration wins", params(repeatCount: 5, repeatDuration: 1.5), 1.5),
            ("forever", params(repeatCount: .infinity), .infinity),
        ]
        for (name, p, ad) in rows { XCTAssertEqual(activeDuration(p), ad, name) }
    }

    /// Directed progress from the offset in the iteration: offset / duration clamped to 0...1, going
    /// back as 2 − offset / duration in the second half of an autoreversing iteration; a duration
    /// that is not positive gives 1 (the end).
    func testDirectedProgressStep() {
        let rows: [(String, TimingParameters, Double, Double)] = [
            ("forwards", params(duration: 4), 1, 0.25),
            ("clamped above", params(duration: 4), 5, 1),
            ("clamped below", params(duration: 4), -1, 0),
            ("autoreverse, first half", params(duration: 4, autoreverses: true), 3, 0.75),
            ("autoreverse, going back", params(duration: 4, autoreverses: true), 5, 0.75),
            ("autoreverse, at the turn", params(duration: 4, autoreverses: true), 4, 1),
            ("autoreverse, back at the start", params(duration: 4, autoreverses: true), 8, 0),
            ("autoreverse, past the start", params(duration: 4, autoreverses: true), 9, 0),
            ("no duration", params(duration: 0), 0, 1),
            ("negative duration", params(duration: -2), 1, 1),
        ]
        for (name, p, offset, expected) in rows { XCTAssertEqual(directedProgress(p, offset: offset), expected, name) }
    }

    func testFillModesBeforeActiveAfter() {
        // (fill, before, during, after): nil = no effect, else progress
        let rows: [(CAMediaTimingFillMode, Double?, Double?, Double?)] = [
            (.removed, nil, 0.5, nil), (.forwards, nil, 0.5, 1), (.backwards, 0, 0.5, nil), (.both, 0, 0.5, 1),
        ]
        for (fill, before, during, after) in rows {
            let p = params(fill: fill)
            XCTAssertEqual(evaluateTiming(p, parentTime: 9)?.progress, before, "\(fill.rawValue) before")
            XCTAssertEqual(evaluateTiming(p, parentTime: 10.5)?.progress, during, "\(fill.rawValue) active")
            XCTAssertEqual(evaluateTiming(p, parentTime: 12)?.progress, after, "\(fill.rawValue) after")
            XCTAssertEqual(evaluateTiming(p, parentTime: 12)?.phase ?? .after, .after)
        }
    }

    func testIterationsProgressAndEnds() {
        struct Row { let name: String; let p: TimingParameters; let t: Double; let progress: Double; let iteration: Int }
        let rows = [
            Row(name: "start", p: params(fill: .both), t: 10, progress: 0, iteration: 0),
            Row(name: "end of a single iteration is 1", p: params(fill: .forwards), t: 11, progress: 1, iteration: 0),
            Row(name: "second iteration", p: params(repeatCount: 3), t: 11.25, progress: 0.25, iteration: 1),
            Row(name: "end of 3 repeats", p: params(repeatCount: 3, fill: .forwards), t: 13, progress: 1, iteration: 2),
            Row(name: "fractional repeat ends mid-way", p: params(repeatCount: 2.5, fill: .forwards), t: 20, progress: 0.5, iteration: 2),
            Row(name: "autoreverse going back", p: params(autoreverses: true), t: 11.25, progress: 0.75, iteration: 0),
            Row(name: "autoreverse ends at start", p: params(autoreverses: true, fill: .forwards), t: 12, progress: 0, iteration: 0),
            Row(name: "speed 2", p: params(speed: 2), t: 10.25, progress: 0.5, iteration: 0),
            Row(name: "speed 0.5", p: params(speed: 0.5), t: 11, progress: 0.5, iteration: 0),
            Row(name: "speed -1 plays from the end", p: params(speed: -1), t: 10.25, progress: 0.75, iteration: 0),
            Row(name: "timeOffset wraps", p: params(duration: 5, offset: 2), t: 13.5, progress: 0.1, iteration: 0),
            Row(name: "timeOffset start", p: params(duration: 5, offset: 2), t: 10, progress: 0.4, iteration: 0),
            // 5 s with timeOffset 2 plays 2→5 then 0→2: filled forwards it holds where it ended, at 2 s.
            Row(name: "timeOffset holds where it ended", p: params(duration: 5, offset: 2, fill: .forwards), t: 20, progress: 0.4, iteration: 0),
            Row(name: "timeOffset just before the end", p: params(duration: 5, offset: 2, fill: .forwards), t: 14.5, progress: 0.3, iteration: 0),
            // An offset of a whole duration plays 5→5 (nothing) then 0→5: it ends at the end, not the start.
            Row(name: "timeOffset of one duration ends at 1", p: params(duration: 5, offset: 5, fill: .forwards), t: 20, progress: 1, iteration: 0),
            Row(name: "timeOffset of one duration starts at 0", p: params(duration: 5, offset: 5), t: 11, progress: 0.2, iteration: 0),
            Row(name: "repeatDuration", p: params(repeatDuration: 1.5), t: 11.25, progress: 0.25, iteration: 1),
            Row(name: "forever", p: params(repeatCount: .infinity), t: 1010.5, progress: 0.5, iteration: 1000),
        ]
        for r in rows {
            let res = evaluateTiming(r.p, parentTime: r.t)
            XCTAssertNotNil(res, r.name)
            XCTAssertEqual(res?.progress ?? -1, r.progress, accuracy: 1e-9, r.name)
            XCTAssertEqual(res?.iteration, r.iteration, r.name)
        }
    }

    func testSpeedZeroFreezesAtTimeOffset() {
        let p = params(speed: 0, offset: 0.3)
        XCTAssertEqual(evaluateTiming(p, parentTime: 500)?.progress ?? -1, 0.3, accuracy: 1e-12)
        XCTAssertEqual(timingEndTime(p), .infinity)
    }

    func testEndTimes() {
        XCTAssertEqual(timingEndTime(params(repeatCount: 2, autoreverses: true)), 14)
        XCTAssertEqual(timingEndTime(params(speed: 2)), 10.5)
        XCTAssertEqual(timingEndTime(params(repeatCount: .infinity)), .infinity)
    }
}
