import Foundation

/// Turns frames presented at arbitrary times (a window's true frame timestamps) into a video at a
/// constant frame rate: video frame k stands for the time `origin + k / fps`, where the origin is
/// the first frame's timestamp. Each present is placed in the video slot nearest its timestamp
/// (so the jitter of a present a little early or late moves nothing) and fills every slot up to the
/// next present's slot: a missed refresh makes the frame before it repeat, as the viewer saw it,
/// and of two presents in one slot only the later is kept (the earlier is skipped). Pure
/// arithmetic on seconds.
package struct FrameRateConverter {
    /// Video frames per second.
    package let fps: Double
    /// The first frame's timestamp (nil before it).
    private(set) var origin: Double?
    /// Video frames handed out so far.
    private(set) var videoFrames = 0
    private var last: Double?

    /// A converter to `fps` video frames per second (> 0).
    package init(fps: Double) {
        precondition(fps > 0 && fps.isFinite, "FrameRateConverter: fps must be positive")
        self.fps = fps
    }

    /// The slot nearest `t` (halves round up, with a microsecond of slack against rounding).
    private func slot(_ t: Double) -> Int {
        guard let o = origin else { return 0 }
        return max(0, Int(((t - o) * fps + 0.5 + 1e-6).rounded(.down)))
    }

    /// A frame was presented at `timestamp`: returns how many video frames the previously presented
    /// frame fills (0 for the first frame, and 0 when the previous one was replaced within a slot).
    /// Timestamps that go backwards count as equal to the last one.
    package mutating func present(at timestamp: Double) -> Int {
        guard origin != nil, let previous = last else { origin = timestamp; last = timestamp; return 0 }
        let t = max(timestamp, previous)
        last = t
        let n = max(0, slot(t) - videoFrames)
        videoFrames += n
        return n
    }

    /// The recording ends: how many video frames the last presented frame fills (its own slot, at
    /// least one; 0 when nothing was presented).
    package mutating func finish() -> Int {
        guard let t = last else { return 0 }
        let n = max(1, slot(t) + 1 - videoFrames)
        videoFrames += n
        return n
    }
}
