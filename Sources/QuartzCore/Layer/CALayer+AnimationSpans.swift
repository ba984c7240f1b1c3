import Foundation

/// Where one of a layer's animations lies on the media timeline (Lamina; the window's timeline strip).
@_spi(LaminaInternal) public struct AnimationSpan: Equatable, Sendable {
    /// The animation's key on the layer.
    public var key: String
    /// The key path it animates (nil for groups and transitions).
    public var keyPath: String?
    /// The media time its active interval begins.
    public var begin: CFTimeInterval
    /// The media time its active interval ends (infinity when it repeats forever; begin when its
    /// speed is 0).
    public var end: CFTimeInterval
}

extension CALayer {
    /// The layer's committed, unfinished animations with their active intervals in media time:
    /// from the begin time fixed at commit, for activeDuration / |speed| of the layer's time,
    /// converted to media time through the layer's timeline (Lamina).
    @_spi(LaminaInternal) public func animationSpans() -> [AnimationSpan] {
        ModelLock.shared.lock()
        let entries = animationEntries.compactMap { e -> (String, CAAnimation, TimingParameters)? in
            guard !e.finished, let t = e.timing else { return nil }
            return (e.key, e.animation, t)
        }
        ModelLock.shared.unlock()
        return entries.map { key, animation, t in
            let length = t.speed == 0 ? 0 : activeDuration(t) / abs(t.speed)
            let begin = convertTime(t.beginTime, to: nil)
            let end = length.isFinite ? convertTime(t.beginTime + length, to: nil) : .infinity
            return AnimationSpan(key: key, keyPath: (animation as? CAPropertyAnimation)?.keyPath, begin: begin, end: end)
        }
    }
}
