import Foundation

/// The timing values of one animation, with beginTime resolved and duration already defaulted.
struct TimingParameters {
    var beginTime: Double
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var repeatCount: Double
    var repeatDuration: Double
    var autoreverses: Bool
    /// Whether the fill mode shows the animation before its start (backwards or both).
    var fillBackwards: Bool
    /// Whether the fill mode holds the animation after its end (forwards or both).
    var fillForwards: Bool
    /// Whether the animation is removed when it completes (`isRemovedOnCompletion`): then it has no
    /// effect after its end whatever its fill mode, as on Apple, where the removed animation no
    /// longer applies. Only a layer's own animations set it (not a group's children).
    var removedAtEnd = false

    init(beginTime: Double, duration: Double, speed: Double, timeOffset: Double, repeatCount: Double,
         repeatDuration: Double, autoreverses: Bool, fillMode: CAMediaTimingFillMode) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration; self.autoreverses = autoreverses
        fillBackwards = fillMode == .backwards || fillMode == .both
        fillForwards = fillMode == .forwards || fillMode == .both
    }
}

/// Where a time falls relative to the active interval.
enum TimingPhase: Equatable { case before, active, after }

/// The result of evaluating an animation's timing at one parent time.
struct TimingResult: Equatable {
    /// Directed progress within the current iteration, 0...1, before the timing function.
    var progress: Double
    /// The zero-based iteration.
    var iteration: Int
    var phase: TimingPhase
}

// Each step of the computation is one pure function. Rules follow Apple's CAMediaTiming:
//   local time    t_l = (t_p − beginTime) × speed + timeOffset
//   iteration     one iteration lasts `duration`, two with autoreverses (forwards then back)
//   active span   repeatDuration if > 0, else iterationLength × max(repeatCount, 1)

/// Local time from parent time: (parent − beginTime) × speed + timeOffset (for layers and the
/// pause/resume recipe of article 004).
@inline(__always)
func mediaLocalTime(parentTime: Double, beginTime: Double, speed: Double, timeOffset: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
}

/// Parent time from local time (the inverse of mediaLocalTime); with speed 0 every parent time maps
/// to the same local time, and beginTime is returned.
@inline(__always)
func mediaParentTime(localTime: Double, beginTime: Double, speed: Double, timeOffset: Double) -> Double {
    speed == 0 ? beginTime : (localTime - timeOffset) / speed + beginTime
}

/// The length of one iteration: duration, doubled when autoreversing.
@inline(__always)
func iterationLength(_ p: TimingParameters) -> Double { p.autoreverses ? 2 * p.duration : p.duration }

/// The active duration in the animation's own time: repeatDuration when > 0, else
/// iterationLength × repeatCount (0 counts as 1; .infinity gives .infinity).
@inline(__always)
func activeDuration(_ p: TimingParameters) -> Double {
    if p.repeatDuration > 0 { return p.repeatDuration }
    let count = p.repeatCount > 0 ? p.repeatCount : 1
    return iterationLength(p) * count
}

/// Elapsed active time: how far into the active interval the animation is, in its own time, for a
/// parent time. Negative speed plays the active interval backwards from its end; speed 0 freezes at 0.
/// timeOffset is applied later, inside the loop (it shifts where in the loop playback starts).
@inline(__always)
func elapsedActiveTime(_ p: TimingParameters, parentTime: Double, activeDuration ad: Double) -> Double {
    let e = (parentTime - p.beginTime) * abs(p.speed)
    return p.speed < 0 ? ad - e : e
}

/// The phase of an elapsed time: before the start, active, or after the end.
@inline(__always)
func timingPhase(_ p: TimingParameters, parentTime: Double, activeDuration ad: Double) -> TimingPhase {
    if parentTime < p.beginTime { return .before }
    if p.speed == 0 { return .active }
    let span = ad / abs(p.speed)
    return parentTime - p.beginTime >= span ? .after : .active
}

/// Whether the animation has an effect in `phase` given its fill mode.
@inline(__always)
func hasEffect(_ phase: TimingPhase, _ p: TimingParameters) -> Bool {
    switch phase {
    case .active: return true
    case .before: return p.fillBackwards
    case .after: return p.fillForwards && !p.removedAtEnd
    }
}

/// The time within the loop: elapsed time clamped to the active interval, plus timeOffset wrapped
/// into the active interval when it is finite (a 5 s animation with timeOffset 2 plays 2→5 then 0→2).
@inline(__always)
func loopTime(_ p: TimingParameters, elapsed: Double, activeDuration ad: Double) -> Double {
    var t = min(max(elapsed, 0), ad)
    if p.timeOffset != 0 {
        t += p.timeOffset
        if ad.isFinite && ad > 0 {
            t = t.truncatingRemainder(dividingBy: ad)
            if t < 0 { t += ad }
            // The end of the interval stays the end (not wrapped to 0).
            if t == 0 && elapsed >= ad { t = ad }
        }
    }
    return t
}

/// The iteration index and the time within it. At the exact end of an iteration that ends the
/// active interval, the iteration's end is reported (progress 1), not the next iteration's start.
@inline(__always)
func iterationAndOffset(_ p: TimingParameters, loopTime t: Double, activeDuration ad: Double) -> (Int, Double) {
    let len = iterationLength(p)
    guard len > 0 else { return (0, 0) }
    var i = (t / len).rounded(.down)
    var off = t - i * len
    if off == 0 && i > 0 && t >= ad { i -= 1; off = len }
    // Infinite or overflowing times (a 1e308 s duration at speed 3.4e38) give NaN or ±inf here.
    let limit = Double(Int.max / 2)
    return (i.isNaN ? 0 : Int(min(max(i, -limit), limit)), off.isNaN ? 0 : off)
}

/// Directed progress 0...1 within the iteration: forwards, then backwards for autoreverses.
@inline(__always)
func directedProgress(_ p: TimingParameters, offset: Double) -> Double {
    guard p.duration > 0 else { return 1 }
    if p.autoreverses && offset > p.duration { return max(0, 2 - offset / p.duration) }
    return min(max(offset / p.duration, 0), 1)
}

/// Evaluates an animation's timing at a parent time: nil when it has no effect (outside its active
/// interval with a fill mode that does not cover it), else its directed progress and iteration.
func evaluateTiming(_ p: TimingParameters, parentTime: Double) -> TimingResult? {
    guard parentTime.isFinite, p.duration > 0 else { return nil }
    let ad = activeDuration(p)
    let phase = timingPhase(p, parentTime: parentTime, activeDuration: ad)
    guard hasEffect(phase, p) else { return nil }
    let elapsed: Double
    if p.speed == 0 { elapsed = 0 }
    else { elapsed = elapsedActiveTime(p, parentTime: parentTime, activeDuration: ad) }
    let t = loopTime(p, elapsed: phase == .after ? (p.speed < 0 ? 0 : ad) : (phase == .before ? (p.speed < 0 ? ad : 0) : elapsed), activeDuration: ad)
    let (i, off) = iterationAndOffset(p, loopTime: t, activeDuration: ad)
    return TimingResult(progress: directedProgress(p, offset: off), iteration: i, phase: phase)
}

/// The parent time at which the active interval begins.
func timingStartTime(_ p: TimingParameters) -> Double { p.beginTime }

/// The parent time at which the active interval ends (.infinity for endless or frozen animations).
func timingEndTime(_ p: TimingParameters) -> Double {
    let ad = activeDuration(p)
    guard p.speed != 0, ad.isFinite else { return .infinity }
    return p.beginTime + ad / abs(p.speed)
}
