import Foundation

/// A range of frame rates (Apple's CAFrameRateRange).
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate.
    public var minimum: Float
    /// The highest acceptable rate.
    public var maximum: Float
    /// The rate wanted, if any.
    public var preferred: Float?

    /// A range.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }

    /// The display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)
}

/// A timer synchronised with the display (Apple's CADisplayLink), in Swift without selectors: its
/// closure is called on the app thread once per frame of the window it is added to, with the
/// frame's timestamps. Frames are skipped to stay near `preferredFrameRateRange.preferred`.
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    /// The time of the last frame shown.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time the next frame will be shown (the one being prepared).
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames at the display's rate.
    public private(set) var duration: CFTimeInterval = 0
    /// While true, the closure is not called.
    public var isPaused = false
    /// The rate wanted (default: every frame).
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// The rate wanted in frames a second, as iOS 10 to 14 code sets it (0, the default: every
    /// frame); the same setting as `preferredFrameRateRange` with that preferred rate.
    public var preferredFramesPerSecond: Int {
        get { preferredFrameRateRange.preferred.map { Int($0.rounded()) } ?? 0 }
        set { preferredFrameRateRange = newValue > 0 ? CAFrameRateRange(minimum: 0, maximum: Float(newValue), preferred: Float(newValue)) : .default }
    }
    /// Set by the host it is added to; called by `invalidate()`.
    var removeFromHost: (() -> Void)?
    private var lastFired: CFTimeInterval?

    /// A display link calling `handler` once per frame.
    public init(handler: @escaping (CADisplayLink) -> Void) { self.handler = handler }

    /// Stops the link for good (removes it from its window).
    public func invalidate() {
        removeFromHost?()
        removeFromHost = nil
    }

    /// Lamina: a host calls this for each frame, on the app thread.
    @_spi(LaminaInternal)
    public func fire(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval, duration: CFTimeInterval) {
        guard !isPaused else { return }
        if let preferred = preferredFrameRateRange.preferred, preferred > 0, let last = lastFired,
           targetTimestamp - last < 1 / Double(preferred) - duration / 2 {
            return
        }
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        lastFired = targetTimestamp
        handler(self)
    }

    /// Lamina: attaches the link to a host, which will remove it on `invalidate()`.
    @_spi(LaminaInternal)
    public func attach(remove: @escaping () -> Void) { removeFromHost = remove }
}
