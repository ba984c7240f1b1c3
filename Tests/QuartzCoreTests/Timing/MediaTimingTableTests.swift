import XCTest
@testable import QuartzCore

/// Media timing, row by row, through the presentation of a real animation on virtual time.
///
/// Every row animates position.x from 100 to 200 with linear timing on a layer whose model x is 50,
/// so the presentation shows x = 100 + 100·p for progress p, and 50 when the animation has no effect.
/// Times are seconds after the animation was added and committed (at s). The rules (Apple's
/// CAMediaTiming, with Lamina's documented choices where Apple says nothing):
///   local time   (t − beginTime)·speed + timeOffset
///   active span  repeatDuration if > 0, else duration·(autoreverses ? 2 : 1)·max(repeatCount, 1),
///                lasting span/|speed| of parent time
///   timeOffset   wraps around the active span when it is finite (a 1 s animation with timeOffset
///                0.25 plays 0.25→1, then 0→0.25; −0.25 is the same as +0.75)
///   speed < 0    plays the active span backwards from its end (Lamina); speed 0 freezes at timeOffset
///   fill modes   backwards shows the start before beginTime, forwards holds the end after the span
final class MediaTimingTableTests: LaminaTestCase {
    struct Row {
        let name: String
        var duration = 1.0
        var begin = 0.0            // beginTime relative to s
        var speed: Float = 1
        var offset = 0.0
        var repeatCount: Float = 0
        var repeatDuration = 0.0
        var autoreverses = false
        var fill: CAMediaTimingFillMode = .removed
        /// (seconds after s, expected x)
        var samples: [(Double, Double)] = []

        init(_ name: String, _ samples: [(Double, Double)], configure: (inout Row) -> Void = { _ in }) {
            self.name = name
            self.samples = samples
            configure(&self)
        }
    }

    static let rows: [Row] = [
        // t = 0.25: p = 0.25 → 125.  t = 1: the span [0, 1) is over, removed → model 50.
        Row("plain 1 s", [(0.25, 125), (0.8, 180), (1.0, 50)]),
        // beginTime s+1: before it no effect (50); t = 1.25 → p = 0.25 → 125; t = 2.5 after → 50.
        Row("beginTime +1", [(0.5, 50), (1.25, 125), (2.5, 50)]) { $0.begin = 1 },
        // backwards: before the start it shows p = 0 → 100; after → 50.
        Row("beginTime +1, fill backwards", [(0.5, 100), (1.5, 150), (2.5, 50)]) { $0.begin = 1; $0.fill = .backwards },
        // forwards: before → 50; after it holds p = 1 → 200.
        Row("beginTime +1, fill forwards", [(0.5, 50), (1.5, 150), (2.5, 200)]) { $0.begin = 1; $0.fill = .forwards },
        Row("beginTime +1, fill both", [(0.5, 100), (1.5, 150), (2.5, 200)]) { $0.begin = 1; $0.fill = .both },
        // beginTime s−0.5 (in the past): t = 0 is 0.5 s in → 150; t = 0.6 is past the end → 50.
        Row("beginTime −0.5", [(0, 150), (0.3, 180), (0.6, 50)]) { $0.begin = -0.5 },
        // timeOffset 0.25: t = 0 → 0.25 → 125; t = 0.5 → 0.75 → 175; t = 0.8 → 1.05 wraps to 0.05 → 105.
        Row("timeOffset +0.25", [(0, 125), (0.5, 175), (0.8, 105), (1.0, 50)]) { $0.offset = 0.25 },
        // timeOffset −0.25 ≡ +0.75: t = 0 → 0.75 → 175; t = 0.2 → 0.95 → 195; t = 0.5 → 1.25 → 0.25 → 125.
        Row("timeOffset −0.25", [(0, 175), (0.2, 195), (0.5, 125), (1.0, 50)]) { $0.offset = -0.25 },
        // repeatCount 3 (span 3), timeOffset 1.5: t = 0 → 1.5 (iteration 1) → 150; t = 1.25 → 2.75 → 175;
        // t = 1.7 → 3.2 wraps to 0.2 → 120.
        Row("timeOffset +1.5, repeatCount 3", [(0, 150), (1.25, 175), (1.7, 120)]) { $0.offset = 1.5; $0.repeatCount = 3 },
        // repeatCount 2 with autoreverses: span 2·2·1 = 4. timeOffset −0.5 ≡ 3.5: iteration 1, 1.5 into
        // its 2 s → on the way back, p = 2 − 1.5 = 0.5 → 150; t = 0.4 → 3.9 → p = 0.1 → 110;
        // t = 0.75 → 4.25 wraps to 0.25 → 125.
        Row("timeOffset −0.5, repeatCount 2, autoreverses", [(0, 150), (0.4, 110), (0.75, 125)]) {
            $0.offset = -0.5; $0.repeatCount = 2; $0.autoreverses = true
        },
        // infinite repeats: no wrap of the offset; t = 7.25 → 7.75 → 0.75 → 175; t = 100.6 → 101.1 → 110.
        Row("repeatCount ∞, timeOffset +0.5", [(7.25, 175), (100.6, 110)]) { $0.repeatCount = .infinity; $0.offset = 0.5 },
        // infinite repeats with a negative offset: each iteration repeats the first, so −0.25 starts
        // 0.75 into one: t = 0 → 175; t = 0.5 → 0.25 → 125.
        Row("repeatCount ∞, timeOffset −0.25", [(0, 175), (0.5, 125), (3.1, 185)]) { $0.repeatCount = .infinity; $0.offset = -0.25 },
        // speed 2: t = 0.25 → 0.5 → 150; t = 0.4 → 0.8 → 180; the span lasts 1/2 s → t = 0.5 → 50.
        Row("speed 2", [(0.25, 150), (0.4, 180), (0.5, 50)]) { $0.speed = 2 },
        // speed 0.5: t = 1 → 0.5 → 150; t = 1.9 → 0.95 → 195; over at t = 2.
        Row("speed 0.5", [(1, 150), (1.9, 195), (2, 50)]) { $0.speed = 0.5 },
        // speed 2 and timeOffset 0.5 on a 2 s animation: t = 0.25 → 0.5 + 0.5 = 1 → p = 0.5 → 150.
        Row("speed 2, timeOffset +0.5, duration 2", [(0.25, 150), (0.6, 185)]) { $0.speed = 2; $0.offset = 0.5; $0.duration = 2 },
        // speed −1 plays from the end: t = 0.25 → p = 0.75 → 175; t = 0.9 → 0.1 → 110; over at 1.
        Row("speed −1", [(0.25, 175), (0.9, 110), (1.0, 50)]) { $0.speed = -1 },
        // speed −2 with fill forwards: t = 0.25 → 1 − 0.5 → 150; after 0.5 s it holds its end, p = 0 → 100.
        Row("speed −2, fill forwards", [(0.25, 150), (1.0, 100)]) { $0.speed = -2; $0.fill = .forwards },
        // speed 0 freezes at timeOffset 0.3 → 130, however long it runs.
        Row("speed 0, timeOffset 0.3", [(0, 130), (5, 130), (500, 130)]) { $0.speed = 0; $0.offset = 0.3 },
        // repeatCount 0.5: half an iteration: t = 0.25 → 125; over at 0.5; forwards holds p = 0.5 → 150.
        Row("repeatCount 0.5", [(0.25, 125), (0.6, 50)]) { $0.repeatCount = 0.5 },
        Row("repeatCount 0.5, fill forwards", [(1, 150)]) { $0.repeatCount = 0.5; $0.fill = .forwards },
        // repeatCount 2.5: t = 2.25 → iteration 2, p = 0.25 → 125; over at 2.5.
        Row("repeatCount 2.5", [(1.1, 110), (2.25, 125), (2.6, 50)]) { $0.repeatCount = 2.5 },
        // with fill forwards it holds where it stopped, half-way: p = 0.5 → 150.
        Row("repeatCount 2.5, fill forwards", [(3, 150)]) { $0.repeatCount = 2.5; $0.fill = .forwards },
        // repeatDuration 1.75: t = 1.5 → iteration 1, p = 0.5 → 150; over at 1.75; forwards holds 0.75 → 175.
        Row("repeatDuration 1.75", [(0.5, 150), (1.5, 150), (1.8, 50)]) { $0.repeatDuration = 1.75 },
        Row("repeatDuration 1.75, fill forwards", [(3, 175)]) { $0.repeatDuration = 1.75; $0.fill = .forwards },
        // repeatDuration wins over repeatCount: 1.5 s of a 1 s animation → holds p = 0.5.
        Row("repeatDuration 1.5 over repeatCount 4, forwards", [(1.25, 125), (3, 150)]) {
            $0.repeatDuration = 1.5; $0.repeatCount = 4; $0.fill = .forwards
        },
        // autoreverses: forwards over 1 s, back over the next: t = 1.25 → 2 − 1.25 = 0.75 → 175;
        // t = 1.9 → 0.1 → 110; over at 2.
        Row("autoreverses", [(0.25, 125), (1.25, 175), (1.9, 110), (2, 50)]) { $0.autoreverses = true },
        // with fill forwards it ends where it began: p = 0 → 100.
        Row("autoreverses, fill forwards", [(2.5, 100)]) { $0.autoreverses = true; $0.fill = .forwards },
        // 1.5 forward-and-back cycles (span 3): t = 2.25 → cycle 1, 0.25 in → 125; ends at p = 1 → 200.
        Row("autoreverses, repeatCount 1.5, fill forwards", [(2.25, 125), (3.5, 200)]) {
            $0.autoreverses = true; $0.repeatCount = 1.5; $0.fill = .forwards
        },
        // repeatDuration 1.5 with autoreverses: t = 1.25 → back, p = 0.75 → 175; ends at t = 1.5, p = 0.5 → 150.
        Row("repeatDuration 1.5, autoreverses, fill forwards", [(1.25, 175), (2, 150)]) {
            $0.repeatDuration = 1.5; $0.autoreverses = true; $0.fill = .forwards
        },
        // beginTime +1, speed 2, repeatCount 2: span 2 s of local time = 1 s of parent time, from 1 to 2.
        // t = 1.25 → 0.5 → 150; t = 1.6 → 1.2 → iteration 1, 0.2 → 120; t = 2.1 → 50.
        Row("beginTime +1, speed 2, repeatCount 2", [(0.5, 50), (1.25, 150), (1.6, 120), (2.1, 50)]) {
            $0.begin = 1; $0.speed = 2; $0.repeatCount = 2
        },
        // fill backwards with timeOffset 0.4: before the start it shows where it will start, 0.4 → 140.
        Row("beginTime +1, fill backwards, timeOffset 0.4", [(0.5, 140), (1.3, 170)]) {
            $0.begin = 1; $0.fill = .backwards; $0.offset = 0.4
        },
    ]

    func makeAnimation(_ r: Row, layer l: CALayer) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 100.0; a.toValue = 200.0
        a.duration = r.duration; a.speed = r.speed; a.timeOffset = r.offset
        a.repeatCount = r.repeatCount; a.repeatDuration = r.repeatDuration
        a.autoreverses = r.autoreverses; a.fillMode = r.fill
        if r.begin != 0 { a.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + r.begin }
        a.isRemovedOnCompletion = r.fill == .removed || r.fill == .backwards
        return a
    }

    func testPresentationFollowsTheTimingTable() {
        for r in Self.rows {
            let l = makeLayer()
            let s = CACurrentMediaTime()
            l.add(makeAnimation(r, layer: l), forKey: "m")
            CATransaction.flush()
            for (dt, x) in r.samples {
                CAMediaClock.manualTime = s + dt
                XCTAssertClose(l.presentation().map { Double($0.position.x) }, x, 1e-9, "\(r.name) at t = \(dt)")
            }
            CAMediaClock.manualTime = s
        }
    }

    /// The same table through the animation object's own evaluation (a point animation of the
    /// position, from (100, 0) to (200, 0), made additive so it is not compiled; the model
    /// position (50, 50) is added, so x = 150 + 100·p and 50 without effect).
    func testGenericPathFollowsTheTimingTable() {
        for r in Self.rows {
            let l = makeLayer()
            let s = CACurrentMediaTime()
            let a = makeAnimation(r, layer: l)
            a.keyPath = "position"
            a.fromValue = CGPoint(x: 100, y: 0); a.toValue = CGPoint(x: 200, y: 0)
            a.isAdditive = true
            l.add(a, forKey: "m")
            CATransaction.flush()
            for (dt, x) in r.samples {
                CAMediaClock.manualTime = s + dt
                let expected = x == 50 ? 50 : x + 50
                XCTAssertClose(l.presentation().map { Double($0.position.x) }, expected, 1e-9, "\(r.name) at t = \(dt)")
            }
            CAMediaClock.manualTime = s
        }
    }

    /// A negative timeOffset wraps into the last repetition, not before the first: a cumulative
    /// 0 → 10 repeated 3 times with timeOffset −0.5 starts at 2.5 s of its 3 s span, in repeat 2
    /// (which runs from 20 to 30): t = 0 → 25; t = 0.25 → 27.5; t = 0.75 → 3.25 wraps to 0.25, repeat 0 → 2.5.
    func testNegativeTimeOffsetWrapsIntoTheLastRepeat() {
        for keyPath in ["position.x", "position"] {   // a compiled channel, and the animation object
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: keyPath)
            if keyPath == "position" {
                a.fromValue = CGPoint(x: 0, y: 0); a.toValue = CGPoint(x: 10, y: 0)
                a.isAdditive = true       // not compiled; the model (50, 50) is added
            } else {
                a.fromValue = 0.0; a.toValue = 10.0
            }
            a.duration = 1; a.repeatCount = 3; a.isCumulative = true; a.timeOffset = -0.5
            l.add(a, forKey: "m")
            CATransaction.flush()
            let s = CACurrentMediaTime()
            let base = keyPath == "position" ? 50.0 : 0
            for (dt, x) in [(0.0, 25.0), (0.25, 27.5), (0.75, 2.5)] {
                CAMediaClock.manualTime = s + dt
                XCTAssertClose(l.presentation().map { Double($0.position.x) }, base + x, 1e-9, "\(keyPath) at t = \(dt)")
            }
            CAMediaClock.manualTime = s
        }
    }

    /// When the active span ends (beginTime + span/|speed|), the delegate hears animationDidStop
    /// with finished = true and the animation is removed, not before.
    func testAnimationEndsWhenItsActiveSpanEnds() {
        // (name, configure, end in seconds after s)
        let rows: [(String, (CABasicAnimation) -> Void, Double)] = [
            ("1 s", { _ in }, 1),                                             // 1
            ("speed 2", { $0.speed = 2 }, 0.5),                               // 1 / 2
            ("speed −2", { $0.speed = -2 }, 0.5),                             // 1 / |−2|
            ("speed 0.5", { $0.speed = 0.5 }, 2),                             // 1 / 0.5
            ("repeatCount 2.5", { $0.repeatCount = 2.5 }, 2.5),               // 1 · 2.5
            ("autoreverses, repeatCount 1.5", { $0.autoreverses = true; $0.repeatCount = 1.5 }, 3),   // 2 · 1.5
            ("repeatDuration 1.75", { $0.repeatDuration = 1.75 }, 1.75),
            ("speed 4, repeatCount 3, autoreverses", { $0.speed = 4; $0.repeatCount = 3; $0.autoreverses = true }, 1.5),   // 2·3 / 4
            ("timeOffset does not move the end", { $0.timeOffset = 0.7 }, 1),
        ]
        for (name, configure, end) in rows {
            let l = makeLayer()
            let s = CACurrentMediaTime()
            let d = RecordingDelegate()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 100.0; a.toValue = 200.0; a.duration = 1
            a.delegate = d
            configure(a)
            l.add(a, forKey: "m")
            CATransaction.flush()
            CAMediaClock.manualTime = s + end - 0.01
            CATransaction.flush()
            XCTAssertNotNil(l.animation(forKey: "m"), "\(name): still running just before \(end)")
            XCTAssertEqual(d.events, ["start"], name)
            CAMediaClock.manualTime = s + end + 0.001
            CATransaction.flush()
            XCTAssertNil(l.animation(forKey: "m"), "\(name): removed at \(end)")
            XCTAssertEqual(d.events, ["start", "stop(true)"], name)
            CAMediaClock.manualTime = s
        }
    }

    /// A layer's own timing is the parent time of its animations: a layer with speed 2 and
    /// timeOffset 0.5 (local = 2·t + 0.5) runs a 4 s animation added at local time L from there.
    func testLayerSpeedAndOffsetAreTheAnimationsParentTime() {
        let l = makeLayer()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.speed = 2; l.timeOffset = 0.5
        CATransaction.commit()
        let s = CACurrentMediaTime()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 100.0; a.toValue = 200.0; a.duration = 4
        l.add(a, forKey: "m")
        CATransaction.flush()
        // The animation began at the layer's local time for s; 0.5 s of media time later the
        // layer's clock has advanced 2·0.5 = 1 s → p = 1/4 → 125; after 1.5 s, 3 s → 175.
        CAMediaClock.manualTime = s + 0.5
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 125, 1e-9)
        CAMediaClock.manualTime = s + 1.5
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 175, 1e-9)
        XCTAssertClose(a.beginTime, 0, 0, "the caller's animation is not changed")
        XCTAssertClose(l.animation(forKey: "m")?.beginTime, 2 * s + 0.5, 1e-9, "the stored copy begins at the layer's local time 2·s + 0.5")
    }
}
