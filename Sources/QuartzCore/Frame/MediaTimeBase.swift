import Foundation

/// How media time follows the host's clock (Lamina): the time base behind a window's time controls,
/// like a Core Media time base or the iOS Simulator's Slow Animations.
///
///     mediaTime = anchorMedia + rate × (hostTime − anchorHost)      (running)
///     mediaTime = anchorMedia                                       (paused)
///
/// Every change re-anchors at the host time it happens, so media time is continuous across a change
/// of rate, a pause and a resume. While paused, `step(by:)` moves the frozen media time: forward
/// one frame, or back one frame — the one place media time goes backwards. What that means for a
/// scene: animations are evaluated at the earlier time (the presentation tree goes back), but what
/// already happened stays done: an animation that ended and was removed does not come back, a
/// completion block or timer that ran does not run again, and `CACurrentMediaTime()` returns a
/// smaller value than it did a frame ago (code that assumes it never decreases sees a negative
/// interval once).
///
/// The identity time base (the default) has rate 1 and both anchors 0: media time is host time.
public struct MediaTimeBase: Equatable, Sendable {
    /// Media seconds per host second while running (1 is real time, 0.1 the Simulator's slow motion).
    public private(set) var rate: Double
    /// Whether media time stands still.
    public private(set) var isPaused: Bool
    /// The host time of the last change.
    public private(set) var anchorHost: Double
    /// The media time at the last change.
    public private(set) var anchorMedia: Double

    /// A time base running at `rate` on which `media` is the media time at host time `host`
    /// (default: the identity, media time equal to host time).
    public init(rate: Double = 1, host: Double = 0, media: Double = 0, paused: Bool = false) {
        self.rate = rate.isFinite && rate > 0 ? rate : 1
        self.anchorHost = host
        self.anchorMedia = media
        self.isPaused = paused
    }

    /// The media time at host time `host`.
    public func mediaTime(atHost host: Double) -> Double {
        isPaused ? anchorMedia : anchorMedia + rate * (host - anchorHost)
    }

    /// The host time at which media time reaches `media`: infinity while paused (never), and for
    /// a media time already past, a host time already past.
    public func hostTime(forMedia media: Double) -> Double {
        if media == .infinity || isPaused { return .infinity }
        return anchorHost + (media - anchorMedia) / rate
    }

    /// Re-anchors at `host` so that media time there is `media`, keeping the rate and pause state.
    public mutating func anchor(host: Double, media: Double) {
        anchorHost = host
        anchorMedia = media
    }

    /// Changes the rate from host time `host` on (media time is continuous there). A rate that is
    /// not a finite positive number is ignored.
    public mutating func setRate(_ newRate: Double, atHost host: Double) {
        guard newRate.isFinite, newRate > 0 else { return }
        anchor(host: host, media: mediaTime(atHost: host))
        rate = newRate
    }

    /// Freezes media time at its value at host time `host` (nothing when paused already).
    public mutating func pause(atHost host: Double) {
        guard !isPaused else { return }
        anchor(host: host, media: mediaTime(atHost: host))
        isPaused = true
    }

    /// Lets media time run again from its frozen value at host time `host` (nothing when running).
    public mutating func resume(atHost host: Double) {
        guard isPaused else { return }
        anchorHost = host
        isPaused = false
    }

    /// Moves the media time by `delta` seconds (negative: back), at once; meant for stepping
    /// frame by frame while paused (running, it shifts the whole timeline by `delta`).
    public mutating func step(by delta: Double) {
        guard delta.isFinite else { return }
        anchorMedia += delta
    }
}
