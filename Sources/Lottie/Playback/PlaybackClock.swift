import Foundation
import QuartzCore

/// One playback: frames `from` to `to` (either order) at a speed, repeated as the loop mode says,
/// started at `begin` in the clock's parent's time.
struct Playback {
    var from: Double
    var to: Double
    var loopMode: LottieLoopMode
    var speed: Double
    var begin: CFTimeInterval

    /// Seconds of composition time from `from` to `to`.
    func span(framerate: Double) -> Double { abs(to - from) / framerate }
}

/// The two layers whose timing plays a composition: the clock runs a playback's span (its speed,
/// repeats and reversing are the layer's own timing, so media time alone moves it), and the range
/// layer maps the clock's 0...span onto the composition time of the frames played, backwards when
/// they run backwards. Nothing else moves the animation: no timer, no per-frame code.
struct PlaybackClock {
    let clock: CALayer
    let range: CALayer
    let time: CompositionTime

    /// Sets both layers to play `p` (a negative speed plays `to` back to `from`).
    func play(_ p: Playback) {
        var from = p.from, to = p.to
        if p.speed < 0 { swap(&from, &to) }
        let span = p.span(framerate: time.framerate)
        let timing = p.loopMode.timing
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clock.beginTime = p.begin
        clock.speed = Float(abs(p.speed))
        clock.timeOffset = 0
        clock.duration = span
        clock.repeatCount = span > 0 ? timing.repeatCount : 0
        clock.autoreverses = span > 0 && timing.autoreverses
        range.speed = to >= from ? 1 : -1
        range.timeOffset = time.time(ofFrame: from)
        CATransaction.commit()
    }

    /// Sets both layers to show `frame`, still.
    func hold(frame: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clock.beginTime = 0
        clock.speed = 0
        clock.timeOffset = 0
        clock.duration = 0
        clock.repeatCount = 0
        clock.autoreverses = false
        range.speed = 1
        range.timeOffset = time.time(ofFrame: frame)
        CATransaction.commit()
    }

    /// The composition frame the range layer shows at media time `t` (its ancestors' timing included).
    func frame(atMediaTime t: CFTimeInterval) -> Double { time.frame(atTime: range.convertTime(t, from: nil)) }

    /// The animation that spans a playback exactly as the clock does (same begin, span, speed and
    /// repeats), so that its end is the playback's end: its delegate hears when it finishes.
    func marker(_ p: Playback, delegate: PlaybackCompletion) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: LottieAnimationLayer.progressKey)
        a.fromValue = 0.0
        a.toValue = 1.0
        let timing = p.loopMode.timing
        a.beginTime = p.begin == 0 ? .leastNonzeroMagnitude : p.begin
        a.duration = p.span(framerate: time.framerate)
        a.speed = Float(abs(p.speed))
        a.repeatCount = timing.repeatCount
        a.autoreverses = timing.autoreverses
        a.fillMode = .both
        a.isRemovedOnCompletion = true
        a.delegate = delegate
        return a
    }
}
