import Foundation

/// A cell's CAMediaTiming, as CAMediaTiming defines it for any timing object: the cell's time runs
/// from its `beginTime` (in its emitter's time: the layer's local time, or for a sub-cell the time
/// since its parent particle's birth) at `speed`, and the cell is active for its active duration
/// (`duration` × `repeatCount`, doubled by `autoreverses`, or `repeatDuration`). It emits only
/// while active, `birthRate` particles per second of its own time: a cell with beginTime 1 and
/// duration 2 emits from time 1 to 3 of the layer.
///
/// Decisions where Apple's reference is silent: `duration` 0 (the default) means for ever, as
/// every cell emits without one; `timeOffset` shifts where the cell's iterations start, which does
/// not change when it emits (births are uniform in time); while `fillMode` holds the cell's time
/// before or after its active duration that time stands still, so nothing is born (fillMode has no
/// effect on emission); a particle ages with the cell's time running on (at `speed`), also after
/// the cell stopped emitting; speed 0 or below emits nothing.
extension EmitterCellValues {
    /// The length of time the cell emits, in its own time (`.infinity` without a duration).
    var activeSpan: Double {
        let p = TimingParameters(beginTime: 0, duration: duration, speed: 1, timeOffset: 0, repeatCount: repeatCount,
                                 repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: .removed)
        if repeatDuration > 0 { return repeatDuration }
        guard duration > 0 else { return .infinity }
        let d = activeDuration(p)
        return d.isNaN ? .infinity : d
    }

    /// The cell's active time at `time` of its emitter (seconds of its own time since it began;
    /// negative before), for a cell whose emitter's time starts at `origin`.
    func activeTime(at time: Double, origin: Double) -> Double {
        (time - origin - beginTime) * speed
    }

    /// When, in its emitter's time from `origin`, the cell stops emitting (`.infinity` for ever).
    func emissionEnd(origin: Double) -> Double {
        let span = activeSpan
        return span.isFinite && speed > 0 ? origin + beginTime + span / speed : .infinity
    }
}
